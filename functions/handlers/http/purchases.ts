/**
 * HTTP: buying a product (POST /buy/airtime, /buy/data, /buy/electricity, /buy/cableTv, /buy/exam),
 * checking what a customer pays for first (POST /buy/validateMeter, /buy/validatecabletv,
 * /buy/validateExam) and bulk purchases (POST /buy/airtime/bulk, /buy/data/bulk, GET /buy/bulk/{id}).
 * Every buy operation is made by `purchaseOperation` from the product's module: a locked service, an
 * unavailable plan or a refused smartcard is refused before any money moves; otherwise debit +
 * `processing` record atomically (the table's stream hands it to fulfilment). The checks ask the
 * suppliers (VTpass merchant-verify) and move no money.
 */
import { ulid } from 'ulid';
import type { z } from 'zod';
import {
  buyCableRequest,
  buyExamRequest,
  validateCableRequest,
  validateExamRequest,
  type InvalidBillerResponse,
  type ValidateCableResponse,
  type ValidateExamResponse,
} from '../../../shared/api/bills.js';
import { billProductCode, type SubscriptionType } from '../../../shared/bills.js';
import { dynamoBillProducts } from '../../adapters/dynamo/purchases/bill-products.js';
import {
  bulkAirtimeLine,
  bulkDataLine,
  bulkLines,
  bulkParams,
  bulkRefusal,
  bulkRequest,
  type BulkBatchResponse,
  type BulkPurchaseResponse,
} from '../../../shared/api/bulk.js';
import { dynamoBulkLines } from '../../adapters/dynamo/purchases/bulk-lines.js';
import { getTransaction } from '../../adapters/dynamo/transactions/transactions.js';
import {
  bulkBatchView,
  lineIdsOf,
  placeBulkAirtime,
  placeBulkData,
  type BulkBuyer,
  type BulkLineRefusal,
  type BulkLineStore,
  type BulkPurchaseResult,
} from '../../domain/purchases/bulk.js';
import {
  buyAirtimeRequest,
  buyDataRequest,
  buyElectricityRequest,
  validateMeterRequest,
  type InvalidMeterResponse,
  type PurchaseResponse,
  type ValidateMeterResponse,
} from '../../../shared/api/purchases.js';
import { airtimeNetworkName, dataNetworkName, electricityCompany, type NetworkName } from '../../../shared/constants.js';
import { BILL_MSG, BULK_MSG, CATALOGUE_MSG, ELECTRICITY_MSG, MSG, serviceLockedMessage } from '../../../shared/messages.js';
import { formatNaira, koboToNaira } from '../../../shared/money.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { dynamoCatalogue } from '../../adapters/dynamo/purchases/catalogue.js';
import { dynamoLedger } from '../../adapters/dynamo/wallet/ledger.js';
import { getUserById } from '../../adapters/dynamo/accounts/users.js';
import { domainLog } from '../../adapters/log.js';
import { countPurchaseAccepted } from '../../adapters/metrics.js';
import { supplierDirectoryFromEnv } from '../../adapters/suppliers/index.js';
import { airtime } from '../../domain/products/airtime.js';
import { cable } from '../../domain/products/cable.js';
import { data } from '../../domain/products/data.js';
import { checkMeter, electricity, electricityMinimumKobo } from '../../domain/products/electricity.js';
import { exam } from '../../domain/products/exam.js';
import { epin } from '../../domain/products/epin.js';
import { EPIN_MSG, buyEpinRequest } from '../../../shared/api/epins.js';
import { configuredService, type ConfiguredServiceReader, type ServiceRefusal } from '../../domain/products/configured-service.js';
import { dynamoConfiguredServices } from '../../adapters/dynamo/configured-services/configured-services.js';
import { vtpassServiceVariations } from '../../adapters/suppliers/vtpass/service-variations.js';
import {
  CUSTOMER_INPUT_RULES,
  SERVICE_MSG,
  amountRangeMessage,
  buyServiceRequest,
  isValidCustomer,
  normalisedCustomer,
  serviceVariationsParams,
  validateServiceRequest,
  type ServiceVariationsResponse,
  type ValidateServiceResponse,
} from '../../../shared/api/configured-services.js';
import type { ProductModule, PurchaseRequest } from '../../domain/products/product.js';
import {
  placePurchase,
  type BillPurchaseDeps,
  type BillPurchaseResult,
  type DataPurchaseDeps,
  type DataPurchaseResult,
  type PurchaseDeps,
} from '../../domain/purchases/purchases.js';
import { checkBiller } from '../../domain/purchases/suppliers.js';
import type { TransactionRecord } from '../../domain/transactions/transactions.js';
import { viewFor, type TransactionReader } from '../../domain/transactions/transaction-views.js';
import type { SupplierDirectory } from '../../domain/purchases/suppliers-port.js';
import type { LocksToRead, Principal } from '../../domain/accounts/users-port.js';
import { HttpError } from '../../middleware/errors.js';
import { answerWith, type HttpAnswer, httpService, ok, parseInput, refusal, refuse, unavailable, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

/** Whether the number may be one of the buyer's contacts (undefined: unknown, so the outbox looks). */
const mayBeSavedContact = (principal: Principal, number: string) => principal.savedContactNumbers?.includes(number);

// ---------------------------------------------------------------------------------------------
// Checks before paying: a meter, a smartcard, a JAMB profile

/** A refused meter, smartcard or profile: the web shows `name` as the error; `msg` carries it too. */
function checkRefusal(text: string): HttpAnswer {
  const body: InvalidMeterResponse & InvalidBillerResponse = { msg: text, name: text };
  return ok(body, 400);
}

/** No supplier could check it in the time there was: 503 with Retry-After, in the refusal's shape. */
function checkUnavailable(text: string): HttpAnswer {
  const body: InvalidMeterResponse & InvalidBillerResponse = { msg: text, name: text };
  return unavailable(text, body);
}

/** Parses a check's request; a bad field answers 400 with {msg, name} like a refused meter. */
function parseChecked<T extends z.ZodTypeAny>(schema: T, body: unknown): z.output<T> | HttpAnswer {
  try {
    return parseInput(schema, body);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) return checkRefusal(error.message);
    throw error;
  }
}
const isAnswer = (value: unknown): value is HttpAnswer => typeof value === 'object' && value !== null && 'statusCode' in value && 'body' in value;

// ---------------------------------------------------------------------------------------------
// Buying a product

/** Whatever a product's purchase ends with. */
type AnyPurchaseResult = DataPurchaseResult | BillPurchaseResult | ServiceRefusal;

/** How a product's purchase is answered: its processing message, and its own wording of what differs between products. */
interface PurchaseWords {
  processing: string;
  /** The limits (airtime's by default). */
  belowMinimum?: string;
  aboveMaximum?: string;
  /** A refused smartcard or profile the supplier gave no words for (the smartcard's by default). */
  invalidBiller?: string;
  /** A product that cannot be sold now (the bouquet's words by default). */
  unavailable?: string;
}

/**
 * Every outcome of placing a purchase and its answer. The receipt, first or replayed, is the record
 * as the buyer may read it (transaction-views.ts).
 */
function purchaseAnswer(words: PurchaseWords) {
  return (result: AnyPurchaseResult, reader: TransactionReader): HttpAnswer => {
    const receipt = ({ record }: { record: TransactionRecord }) => {
      const body: PurchaseResponse = { msg: words.processing, receipt: viewFor(reader, record) };
      return ok(body);
    };
    return answerWith<AnyPurchaseResult>({
      accepted: (placed) => {
        countPurchaseAccepted(placed.record);
        return receipt(placed);
      },
      replayed: receipt,
      invalid_amount: refuse(400, MSG.enterValidAmount),
      below_minimum: refuse(400, words.belowMinimum ?? MSG.minimumAirtime),
      above_maximum: refuse(400, words.aboveMaximum ?? MSG.maximumAirtime),
      insufficient_balance: refuse(400, MSG.insufficientBalance),
      service_locked: (locked) => refusal(400, serviceLockedMessage(locked.serviceName, locked.serviceType)),
      plan_unavailable: refuse(400, CATALOGUE_MSG.planUnavailable),
      plan_not_for_network: refuse(400, CATALOGUE_MSG.planNotForNetwork),
      exists_with_different_amount: refuse(409, MSG.duplicateRequest),
      exists_with_different_details: refuse(409, MSG.duplicateRequest),
      product_unavailable: refuse(400, words.unavailable ?? BILL_MSG.bouquetUnavailable),
      product_not_for_provider: refuse(400, BILL_MSG.bouquetNotForProvider),
      renew_not_current: refuse(400, BILL_MSG.renewIsCurrentBouquet),
      invalid_biller: (refused) => checkRefusal(refused.message ?? words.invalidBiller ?? BILL_MSG.invalidSmartcard),
      verification_unavailable: () => checkUnavailable(BILL_MSG.verificationUnavailable),
      service_unavailable: refuse(400, SERVICE_MSG.serviceUnavailable),
      variation_unavailable: refuse(400, SERVICE_MSG.planUnavailable),
      invalid_customer: (refused) =>
        refusal(400, `${SERVICE_MSG.invalidCustomer}: ${CUSTOMER_INPUT_RULES[refused.input].label} (${CUSTOMER_INPUT_RULES[refused.input].hint})`),
      amount_out_of_range: (refused) => refusal(400, amountRangeMessage(formatNaira(refused.minKobo), formatNaira(refused.maxKobo))),
    })(result);
  };
}

/** A product's own fields of its purchase, as its module reads them; the buyer's are the same for every product. */
type OwnFields<Input> = Omit<Input, keyof PurchaseRequest> & Pick<PurchaseRequest, 'toSavedContact'>;

/**
 * One product's buy operation: parse the body with the route's schema, read the product's own
 * fields from it (or refuse), add the buyer, place the purchase through the product's module, answer
 * in the product's words.
 */
function purchaseOperation<
  Request extends { request_id?: string | undefined },
  Input extends PurchaseRequest,
  Deps,
  Refusal extends AnyPurchaseResult,
  Extra = unknown,
>(
  product: ProductModule<Input, Deps, Refusal>,
  schema: z.ZodType<Request, z.ZodTypeDef, unknown>,
  fields: (request: Request, principal: Principal, deps: Extra) => OwnFields<Input> | HttpAnswer | Promise<OwnFields<Input> | HttpAnswer>,
  words: PurchaseWords,
): (deps: PurchaseDeps & Deps & Extra) => UserOperation {
  const answer = purchaseAnswer(words);
  return (deps) =>
    async ({ principal, body }) => {
      const request = parseInput(schema, body);
      const own = await fields(request, principal, deps);
      if (isAnswer(own)) return own;
      const input = {
        userId: principal.userId,
        userName: principal.userName,
        // The principal is re-read from the table on every request: the tier is current.
        userType: principal.userType,
        knownWallet: principal.wallet,
        knownLocks: principal.locksRead,
        ownerWebhook: principal.hasWebhook,
        ...own,
        requestId: request.request_id,
      } as Input;
      return answer(await placePurchase(product, input, deps), principal);
    };
}

/**
 * An airtime purchase's one lock (its network's), read with the buyer in one request so the debit
 * reads none (decision 131 (docs/decisions/0131-*)); nothing for a body whose network is not one
 * (the purchase is refused before its debit) nor for other routes, whose debits read their own.
 */
export function airtimeLockToReadWith(route: { operation: string }, body: unknown): LocksToRead | undefined {
  if (route.operation !== 'buyAirtime' || typeof body !== 'object' || body === null) return undefined;
  // Only a number or its text names a network: any other value is the body check's to refuse, and
  // Number() of an arbitrary object may throw (an array of an object whose toString is no function).
  const given = (body as { network?: unknown }).network;
  const network = typeof given === 'number' || typeof given === 'string' ? airtimeNetworkName(Number(given)) : undefined;
  return network && airtime.lock ? { serviceType: airtime.lock, names: [network] } : undefined;
}

/** The phone the supplier is given: the request's, else the buyer's registered one. */
async function customerPhoneOf(request: { phone?: string | undefined }, principal: Principal, deps: Pick<ElectricityDeps, 'phoneOf'>): Promise<string> {
  return request.phone ?? (await deps.phoneOf(principal.userId)) ?? '';
}

/** Airtime's and data's own fields: the network (refused when the product has no such id), the number and whether it may be a saved contact, and the rest. */
function topUp<Rest>(principal: Principal, network: NetworkName | undefined, phoneNumber: string, rest: Rest) {
  if (!network) return refusal(400, MSG.invalidNetwork);
  return { toSavedContact: mayBeSavedContact(principal, phoneNumber), network, phoneNumber, ...rest };
}

export const buyAirtimeOperation = purchaseOperation(
  airtime,
  buyAirtimeRequest,
  (request, principal) => topUp(principal, airtimeNetworkName(request.network), request.mobile_number, { faceValueKobo: request.amount }),
  { processing: MSG.airtimeProcessing },
);

export const buyDataOperation = purchaseOperation(
  data,
  buyDataRequest,
  (request, principal) => topUp(principal, dataNetworkName(request.network), request.mobile_number, { planId: request.plan }),
  { processing: CATALOGUE_MSG.dataProcessing },
);

// ---------------------------------------------------------------------------------------------
// Electricity

export interface ElectricityDeps extends PurchaseDeps {
  /** Read lazily: only the electricity routes need the supplier configuration. */
  suppliers(): SupplierDirectory;
  /** The buyer's registered phone, given to the supplier when the request names none. */
  phoneOf(userId: string): Promise<string | undefined>;
}

export function validateMeterOperation(deps: Pick<ElectricityDeps, 'suppliers' | 'log'>): UserOperation {
  return async (request) => {
    const input = parseChecked(validateMeterRequest, request.body);
    if (isAnswer(input)) return input;
    const company = electricityCompany(input.meterId)!;
    const check = await checkMeter(
      { meterId: input.meterId, meterNumber: input.meterNumber, meterType: input.meterType },
      await deps.suppliers().forElectricity(),
    );
    switch (check.kind) {
      case 'valid': {
        const body: ValidateMeterResponse = {
          msg: ELECTRICITY_MSG.meterValidated,
          name: check.customerName,
          address: check.address ?? null,
          meterNumber: input.meterNumber,
          meterId: input.meterId,
          meterType: input.meterType,
          company: company.name,
          minAmount: koboToNaira(electricityMinimumKobo(check.minPurchaseKobo)),
        };
        return ok(body);
      }
      case 'invalid':
        return checkRefusal(check.message ?? ELECTRICITY_MSG.invalidMeter);
      case 'unavailable':
        deps.log.warn('meter validation unavailable', { supplier: check.supplier, reason: check.reason, meterId: input.meterId });
        return checkUnavailable(ELECTRICITY_MSG.meterValidationUnavailable);
    }
  };
}

export const buyElectricityOperation = purchaseOperation(
  electricity,
  buyElectricityRequest,
  async (request, principal, deps: Pick<ElectricityDeps, 'phoneOf'>) => ({
    meterId: request.meterId,
    company: electricityCompany(request.meterId)!.name,
    meterNumber: request.meterNumber,
    meterType: request.meterType,
    amountKobo: request.amount,
    customerPhone: await customerPhoneOf(request, principal, deps),
  }),
  { processing: ELECTRICITY_MSG.electricityProcessing, belowMinimum: ELECTRICITY_MSG.minimumElectricity, aboveMaximum: ELECTRICITY_MSG.maximumElectricity },
);

// ---------------------------------------------------------------------------------------------
// Cable TV and exam PINs

export interface BillDeps extends BillPurchaseDeps {
  suppliers(): SupplierDirectory;
  phoneOf(userId: string): Promise<string | undefined>;
}

export function validateCableOperation(deps: Pick<BillDeps, 'verifyBiller' | 'log' | 'billProducts'>): UserOperation {
  return async (request) => {
    const input = parseChecked(validateCableRequest, request.body);
    if (isAnswer(input)) return input;
    const check = await deps.verifyBiller({ serviceId: input.cableName.serviceId, billersCode: input.smartCardNo });
    if (check.kind === 'invalid') return checkRefusal(check.message ?? BILL_MSG.invalidSmartcard);
    if (check.kind === 'unavailable') {
      deps.log.warn('smartcard verification unavailable', { supplier: check.supplier, reason: check.reason, provider: input.cableName.name });
      return checkUnavailable(BILL_MSG.verificationUnavailable);
    }
    const currentCode = check.currentBouquetCode ? billProductCode(input.cableName.serviceId, check.currentBouquetCode) : undefined;
    const current = currentCode ? await deps.billProducts.getBillProduct(currentCode) : undefined;
    const body: ValidateCableResponse = {
      msg: BILL_MSG.cableVerified,
      name: check.customerName,
      smartCardNo: input.smartCardNo,
      cableName: input.cableName.name,
      currentBouquet: check.currentBouquet ?? null,
      currentBouquetCode: current?.isAvailable ? current.code : null,
      dueDate: check.dueDate ?? null,
      renewalAmount: check.renewalAmountKobo === undefined ? null : koboToNaira(check.renewalAmountKobo),
      canRenew: input.cableName.renewable && Boolean(current?.isAvailable),
    };
    return ok(body);
  };
}

export const buyCableOperation = purchaseOperation(
  cable,
  buyCableRequest,
  async (request, principal, deps: Pick<BillDeps, 'phoneOf'>) => {
    const customerPhone = await customerPhoneOf(request, principal, deps);
    return {
      provider: request.cableName,
      smartCardNo: request.smartCardNo,
      productCode: request.plan,
      ...(request.subscription_type ? { subscriptionType: request.subscription_type as SubscriptionType } : {}),
      customerPhone: request.cableName.name === 'SHOWMAX' ? request.smartCardNo : customerPhone,
    };
  },
  { processing: BILL_MSG.cableProcessing, invalidBiller: BILL_MSG.invalidSmartcard },
);

export function validateExamOperation(deps: Pick<BillDeps, 'verifyBiller' | 'log'>): UserOperation {
  return async (request) => {
    const input = parseChecked(validateExamRequest, request.body);
    if (isAnswer(input)) return input;
    if (!input.exam.verify) return checkRefusal(BILL_MSG.selectExam);
    const check = await deps.verifyBiller({ serviceId: input.exam.serviceId, billersCode: input.profileId, type: input.exam.variationCode });
    if (check.kind === 'invalid') return checkRefusal(check.message ?? BILL_MSG.invalidProfileId);
    if (check.kind === 'unavailable') {
      deps.log.warn('profile verification unavailable', { supplier: check.supplier, reason: check.reason, exam: input.exam.id });
      return checkUnavailable(BILL_MSG.verificationUnavailable);
    }
    const body: ValidateExamResponse = { msg: BILL_MSG.examVerified, name: check.customerName, profileId: input.profileId, exam: input.exam.id };
    return ok(body);
  };
}

export const buyExamOperation = purchaseOperation(
  exam,
  buyExamRequest,
  async (request, principal, deps: Pick<BillDeps, 'phoneOf'>) => ({
    exam: request.exam,
    quantity: request.quantity,
    ...(request.profileId ? { profileId: request.profileId } : {}),
    customerPhone: await customerPhoneOf(request, principal, deps),
  }),
  { processing: BILL_MSG.examProcessing, invalidBiller: BILL_MSG.invalidProfileId },
);

// ---------------------------------------------------------------------------------------------
// VTpass services offered by configuration: one check and one buy route for all of them (serviceID in the body)

export interface ServiceDeps extends BillDeps {
  configuredServices: ConfiguredServiceReader;
}

/** POST /buy/validateService: who VTpass says is behind the customer entry of a verified service; nothing is charged. */
export function validateServiceOperation(deps: Pick<ServiceDeps, 'verifyBiller' | 'log' | 'configuredServices'>): UserOperation {
  return async (request) => {
    const input = parseChecked(validateServiceRequest, request.body);
    if (isAnswer(input)) return input;
    const service = await deps.configuredServices.getConfiguredService(input.serviceID);
    if (!service?.enabled) return checkRefusal(SERVICE_MSG.serviceUnavailable);
    if (!service.verify) return checkRefusal(SERVICE_MSG.noCheck);
    const rule = CUSTOMER_INPUT_RULES[service.customerInput];
    if (!isValidCustomer(service.customerInput, input.customer)) return checkRefusal(`${SERVICE_MSG.invalidCustomer}: ${rule.label} (${rule.hint})`);
    const customer = normalisedCustomer(service.customerInput, input.customer);
    const check = await deps.verifyBiller({ serviceId: service.serviceId, billersCode: customer });
    if (check.kind === 'invalid') return checkRefusal(check.message ?? SERVICE_MSG.invalidCustomer);
    if (check.kind === 'unavailable') {
      deps.log.warn('service customer verification unavailable', { supplier: check.supplier, reason: check.reason, serviceId: service.serviceId });
      return checkUnavailable(BILL_MSG.verificationUnavailable);
    }
    const body: ValidateServiceResponse = { msg: SERVICE_MSG.verified, name: check.customerName, serviceID: service.serviceId, customer };
    return ok(body);
  };
}

export const buyServiceOperation = purchaseOperation(
  configuredService,
  buyServiceRequest,
  async (request, principal, deps: Pick<ServiceDeps, 'phoneOf'>) => ({
    serviceId: request.serviceID,
    variationCode: request.variation_code,
    customer: request.customer,
    ...(request.amount === undefined ? {} : { amountKobo: request.amount }),
    customerPhone: await customerPhoneOf(request, principal, deps),
  }),
  { processing: SERVICE_MSG.processing, invalidBiller: SERVICE_MSG.invalidCustomer },
);

/** GET /admin/services/{serviceId}/variations (admins): what VTpass sells under a serviceID now, for the back office to price. */
export function serviceVariationsOperation(deps: { variations: typeof vtpassServiceVariations; log: ServiceDeps['log'] }): UserOperation {
  return async ({ params }) => {
    const { serviceId } = parseInput(serviceVariationsParams, params);
    const answer = await deps.variations(serviceId);
    if (answer.kind === 'unknown_service' || (answer.kind === 'listed' && answer.variations.length === 0)) return refusal(404, SERVICE_MSG.noVariations);
    if (answer.kind === 'unavailable') {
      deps.log.warn('service variations unavailable', { serviceId, reason: answer.reason });
      return unavailable(SERVICE_MSG.variationsUnavailable);
    }
    const body: ServiceVariationsResponse = { serviceID: serviceId, serviceName: answer.serviceName, variations: answer.variations };
    return ok(body);
  };
}

// ---------------------------------------------------------------------------------------------
// Recharge cards (e-PINs)

export const buyEpinOperation = purchaseOperation(
  epin,
  buyEpinRequest,
  (request) => ({ network: request.network, denomination: request.denomination, quantity: request.quantity, businessName: request.business_name }),
  { processing: EPIN_MSG.processing, unavailable: EPIN_MSG.unavailable },
);

// ---------------------------------------------------------------------------------------------
// Bulk purchases

/** A refused line in the single purchase's words. */
const LINE_REFUSALS: Record<BulkLineRefusal, string> = {
  invalid_amount: MSG.enterValidAmount,
  below_minimum: MSG.minimumAirtime,
  above_maximum: MSG.maximumAirtime,
  plan_unavailable: CATALOGUE_MSG.planUnavailable,
  plan_not_for_network: CATALOGUE_MSG.planNotForNetwork,
};

export interface BulkDeps extends DataPurchaseDeps {
  bulkLines: Pick<BulkLineStore, 'getLines'>;
  transactions: { get(id: string): Promise<TransactionRecord | undefined> };
}

/** The batch as it stands, as the reader may read it: its lines' records read (a fresh batch's lines are all as placed, not read). */
async function batchAsItStands(reader: TransactionReader, batch: TransactionRecord, deps: Pick<BulkDeps, 'bulkLines'>, fresh = false) {
  return bulkBatchView(reader, batch, fresh ? [] : await deps.bulkLines.getLines(lineIdsOf(batch)));
}

/** One product's bulk operation: the lines checked with the product's line schema, then placed in one debit. */
function bulkOperation<Line>(
  lineSchema: z.ZodType<Line, z.ZodTypeDef, unknown>,
  processingMsg: string,
  place: (buyer: BulkBuyer, requestId: string, lines: Line[], deps: BulkDeps) => Promise<BulkPurchaseResult>,
): (deps: BulkDeps) => UserOperation {
  return (deps) =>
    async ({ principal, body }) => {
      const input = parseInput(bulkRequest, body);
      const checked = bulkLines(lineSchema, input.lines);
      if (!checked.ok) return ok(bulkRefusal(checked.problems), 400);
      const buyer: BulkBuyer = {
        userId: principal.userId,
        userName: principal.userName,
        userType: principal.userType,
        ...(principal.wallet ? { knownWallet: principal.wallet } : {}),
        ...(principal.hasWebhook === undefined ? {} : { ownerWebhook: principal.hasWebhook }),
        ...(principal.savedContactNumbers ? { savedContactNumbers: principal.savedContactNumbers } : {}),
      };
      const result = await place(buyer, input.request_id, checked.lines, deps);
      switch (result.kind) {
        case 'accepted':
        case 'replayed': {
          const response: BulkPurchaseResponse = {
            msg: processingMsg,
            batch: await batchAsItStands(principal, result.batch, deps, result.kind === 'accepted'),
          };
          return ok(response);
        }
        case 'invalid_lines':
          return ok(bulkRefusal(result.lines.map(({ line, reason }) => ({ line, msg: LINE_REFUSALS[reason] }))), 400);
        case 'insufficient_balance':
          return refusal(400, MSG.insufficientBalance);
        case 'service_locked':
          return refusal(400, serviceLockedMessage(result.serviceName, result.serviceType));
        case 'exists_with_different_amount':
        case 'exists_with_different_details':
          return refusal(409, MSG.duplicateRequest);
      }
    };
}

export const buyAirtimeBulkOperation = bulkOperation(bulkAirtimeLine, BULK_MSG.airtimeProcessing, (buyer, requestId, lines, deps) =>
  placeBulkAirtime(
    buyer,
    requestId,
    lines.map((line) => ({ network: airtimeNetworkName(line.network)!, phoneNumber: line.mobile_number, faceValueKobo: line.amount })),
    deps,
  ),
);

export const buyDataBulkOperation = bulkOperation(bulkDataLine, BULK_MSG.dataProcessing, (buyer, requestId, lines, deps) =>
  placeBulkData(
    buyer,
    requestId,
    lines.map((line) => ({ network: dataNetworkName(line.network)!, phoneNumber: line.mobile_number, planId: line.plan })),
    deps,
  ),
);

/** GET /buy/bulk/{id}: the owner's batch, line by line; anyone else's (or no batch) is not found. */
export function getBulkPurchaseOperation(deps: Pick<BulkDeps, 'bulkLines' | 'transactions'>): UserOperation {
  return async ({ principal, params }) => {
    const { id } = parseInput(bulkParams, params);
    const batch = await deps.transactions.get(id);
    if (batch?.trans_Type !== 'bulk' || batch.userId !== principal.userId) return refusal(404, BULK_MSG.notFound);
    const response: BulkBatchResponse = { batch: await batchAsItStands(principal, batch, deps) };
    return ok(response);
  };
}

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session, ...ENV_GROUPS.suppliers]);

const deps: DataPurchaseDeps & ElectricityDeps & BillDeps & BulkDeps & ServiceDeps = {
  bulkLines: dynamoBulkLines,
  transactions: { get: getTransaction },
  billProducts: dynamoBillProducts,
  // The bill suppliers' merchant-verify, in order (domain/purchases/suppliers.ts checkBiller).
  verifyBiller: async (query) => checkBiller(query, (await supplierDirectoryFromEnv().forBills?.()) ?? []),
  placedBefore: getTransaction,
  ledger: dynamoLedger,
  now: () => new Date(),
  newId: () => ulid(),
  log: domainLog,
  catalogue: dynamoCatalogue,
  suppliers: supplierDirectoryFromEnv,
  phoneOf: async (userId) => (await getUserById(userId))?.phoneNumber,
  configuredServices: dynamoConfiguredServices,
};

export const handler = httpService(
  'purchases',
  {
    buyAirtime: buyAirtimeOperation(deps),
    buyData: buyDataOperation(deps),
    validateMeter: validateMeterOperation(deps),
    buyElectricity: buyElectricityOperation(deps),
    validateCableTv: validateCableOperation(deps),
    buyCableTv: buyCableOperation(deps),
    validateExam: validateExamOperation(deps),
    buyExam: buyExamOperation(deps),
    buyEpin: buyEpinOperation(deps),
    buyAirtimeBulk: buyAirtimeBulkOperation(deps),
    buyDataBulk: buyDataBulkOperation(deps),
    getBulkPurchase: getBulkPurchaseOperation(deps),
    validateService: validateServiceOperation(deps),
    buyService: buyServiceOperation(deps),
    serviceVariations: serviceVariationsOperation({ variations: vtpassServiceVariations, log: domainLog }),
  },
  edge,
  { locksToReadWith: airtimeLockToReadWith },
);
