/**
 * The VTpass services the platform offers by configuration, as the VTpass simulator (vtpass.ts)
 * serves them over the same protocol: `service-variations`, `merchant-verify`, `pay`, `requery`.
 *
 *   smile-direct  verified; billersCode is the Smile account (or e-mail / phone); plans, and the
 *                 free-amount `airtime` plan (fixedPrice "No": the amount sent is paid, ₦100–₦50,000)
 *   spectranet    not verified; paid with a phone number; the answer carries PINs and serials
 *                 (`cards: [{serialNumber, pin, expiresOn}]` and `purchased_code`)
 *
 * The customer decides the outcome (the cable smartcards' table for accounts, the phones' for phones):
 *
 *   account / e-mail                phone          what happens
 *   1212121212 ("DEMO CUSTOMER")    08011111111    verify: valid; pay: `000` delivered
 *   1222222222                      —              verify: WrongBillersCode (invalid)
 *   1244444444                      08022222222    pay: `016` failed (no charge)
 *   1233333333                      08033333333    pay: `099` processing; the first requery: delivered
 *   other 10-digit accounts or any e-mail: valid ("CUSTOMER <last 4>"), delivered. Other phones: delivered.
 * A free amount below the minimum answers `013`, above the maximum `017`; an unknown plan `012`.
 */

/** The customers that decide an outcome: the same numbers as the cable smartcards and the phones of vtpass.ts. */
export const VTPASS_SIM_SERVICE_CUSTOMERS = {
  valid: '1212121212',
  invalid: '1222222222',
  processingThenDelivered: '1233333333',
  failed: '1244444444',
  failedPhone: '08022222222',
  processingThenDeliveredPhone: '08033333333',
} as const;
const DEMO_CUSTOMER = 'DEMO CUSTOMER';

/** The outcomes of vtpass.ts's forced outcomes a configured service's customer can lead to. */
type ServiceOutcome = 'successful' | 'failed' | 'processing';

interface SimVariation {
  name: string;
  /** Naira; 0 for a free amount. */
  price: number;
  fixed: boolean;
}

interface SimService {
  name: string;
  verify: boolean;
  pins: boolean;
  variations: Record<string, SimVariation>;
}

const SMILE_MIN_NAIRA = 100;
const SMILE_MAX_NAIRA = 50_000;

export const VTPASS_SIM_SERVICES: Readonly<Record<string, SimService>> = {
  'smile-direct': {
    name: 'Smile Payment',
    verify: true,
    pins: false,
    variations: {
      airtime: { name: 'Buy Airtime', price: 0, fixed: false },
      '624': { name: 'FlexiDaily 1GB - 1 day', price: 300, fixed: true },
      '625': { name: 'FlexiWeekly 2GB - 7 days', price: 1_000, fixed: true },
      '606': { name: 'Smile 10GB - 30 days', price: 5_000, fixed: true },
    },
  },
  spectranet: {
    name: 'Spectranet Internet Data',
    verify: false,
    pins: true,
    variations: {
      'vt-1000': { name: 'Spectranet N1,000 PIN', price: 1_000, fixed: true },
      'vt-2000': { name: 'Spectranet N2,000 PIN', price: 2_000, fixed: true },
      'vt-5000': { name: 'Spectranet N5,000 PIN', price: 5_000, fixed: true },
      'vt-7000': { name: 'Spectranet N7,000 PIN', price: 7_000, fixed: true },
    },
  },
};

export function isSimulatedService(serviceID: string): boolean {
  return Object.hasOwn(VTPASS_SIM_SERVICES, serviceID);
}

/** The `content` of `GET /api/service-variations` for a configured service. */
export function serviceVariationsContent(serviceID: string): Record<string, unknown> {
  const service = VTPASS_SIM_SERVICES[serviceID]!;
  return {
    ServiceName: service.name,
    serviceID,
    convinience_fee: '0 %',
    variations: Object.entries(service.variations).map(([code, v]) => ({
      variation_code: code,
      name: v.name,
      variation_amount: v.price.toFixed(2),
      fixedPrice: v.fixed ? 'Yes' : 'No',
    })),
  };
}

/** The `content` of `merchant-verify`: the customer, or WrongBillersCode. */
export function verifyServiceCustomer(serviceID: string, billersCode: string): Record<string, unknown> {
  const valid = billersCode !== VTPASS_SIM_SERVICE_CUSTOMERS.invalid && (/^\d{10,11}$/.test(billersCode) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(billersCode));
  if (!valid) return { error: 'This customer account is not correct. Please check and try again', WrongBillersCode: true };
  const name = billersCode === VTPASS_SIM_SERVICE_CUSTOMERS.valid ? DEMO_CUSTOMER : `CUSTOMER ${billersCode.replace(/@.*/, '').slice(-4).toUpperCase()}`;
  return {
    Customer_Name: name,
    AccountList: { Account: [{ AccountId: billersCode, FriendlyName: name }], NumberOfAccounts: 1 },
    WrongBillersCode: false,
    serviceID,
  };
}

export type ServicePayCheck =
  | { refuse: [code: string, description: string] }
  | { productName: string; amountNaira: number; variationCode: string; outcomeKey: string };

/** What `pay` sells for a configured service, or VTpass's refusal (`012` unknown plan, `011` bad input, `013`/`017` amount limits). */
export function servicePay(serviceID: string, body: Record<string, unknown>): ServicePayCheck {
  const service = VTPASS_SIM_SERVICES[serviceID]!;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
  const variationCode = text(body.variation_code);
  const variation = service.variations[variationCode];
  if (!variation) return { refuse: ['012', 'PRODUCT DOES NOT EXIST'] };
  const billersCode = text(body.billersCode);
  const phone = text(body.phone);
  if (!billersCode || !/^0\d{10}$/.test(phone)) return { refuse: ['011', 'INVALID ARGUMENTS'] };
  let amountNaira = variation.price;
  if (!variation.fixed) {
    amountNaira = Number(body.amount);
    if (!Number.isFinite(amountNaira) || amountNaira <= 0) return { refuse: ['011', 'INVALID ARGUMENTS'] };
    if (amountNaira < SMILE_MIN_NAIRA) return { refuse: ['013', 'BELOW MINIMUM AMOUNT ALLOWED'] };
    if (amountNaira > SMILE_MAX_NAIRA) return { refuse: ['017', 'ABOVE MAXIMUM AMOUNT ALLOWED'] };
  }
  return { productName: `${service.name} - ${variation.name}`, amountNaira, variationCode, outcomeKey: billersCode };
}

/** How a configured service's purchase ends, by its customer (accounts by the smartcards' table, phones by the phones'). */
export function serviceOutcome(key: string): ServiceOutcome {
  const table: Record<string, ServiceOutcome> = {
    [VTPASS_SIM_SERVICE_CUSTOMERS.failed]: 'failed',
    [VTPASS_SIM_SERVICE_CUSTOMERS.processingThenDelivered]: 'processing',
    [VTPASS_SIM_SERVICE_CUSTOMERS.failedPhone]: 'failed',
    [VTPASS_SIM_SERVICE_CUSTOMERS.processingThenDeliveredPhone]: 'processing',
  };
  return table[key] ?? 'successful';
}

export function servicePinsIssued(serviceID: string): boolean {
  return VTPASS_SIM_SERVICES[serviceID]?.pins === true;
}

/** A delivered PIN service's answer: `cards` as Spectranet's, and the same in `purchased_code`. */
export function servicePinsAnswer(pins: readonly { pin: string; serial?: string }[]): Record<string, unknown> {
  const expiresOn = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  return {
    cards: pins.map((p) => ({ serialNumber: p.serial ?? null, pin: p.pin, expiresOn })),
    purchased_code: pins.map((p) => `Serial No:${p.serial}, pin: ${p.pin}`).join('||'),
  };
}
