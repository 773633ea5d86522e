/**
 * The VTpass protocol's rules, pure (integrations.md "VTpass"): the request_id we send, and what
 * each answer means for a purchase — delivered, definite failure (money back) or ambiguous
 * (re-query, never refund: a pending VTpass purchase has been charged).
 *
 *  /api/pay
 *    000 + delivered                → delivered
 *    000 + initiated | pending      → ambiguous (re-query)
 *    000 + reversed                 → definite failure (VTpass gave the money back)
 *    000 + anything else (resolved) → ambiguous
 *    099 processing                 → ambiguous
 *    014 request_id reused          → ambiguous: an earlier submission of ours may stand; re-query
 *    016 failed, 091 not processed, 010–013 and 017 bad input or limits, 018 low balance (no charge)
 *                                   → definite failure
 *    any other code (019, 030, …), no code, a timeout, a network error → ambiguous
 *  /api/requery
 *    000 → as above by status; 015 unknown request_id → `not_found` (a definite failure only after
 *    a grace, see supplier-outcome.ts `requeryOutcome`); 016, 091 → definite failure; anything
 *    else → ambiguous (e.g. 011 would describe our query, not the purchase).
 */
import type { ElectricityDelivery } from '../../../domain/purchases/suppliers-port.js';
import type { BillDelivery, BillPin } from '../../../domain/products/bill-catalogue.js';
import { electricityDeliveryFrom, type DeliveryFields } from '../../../domain/products/electricity.js';
import type { SupplierOutcome } from '../../../domain/purchases/purchase-state.js';
import type { Classification, SupplierAnswer } from '../http-answer.js';
import { asPlainText } from '../../../../shared/api/text.js';

// ---------------------------------------------------------------------------------------------
// request_id

/** Africa/Lagos is UTC+1 all year (West Africa Time, no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
export const VTPASS_REQUEST_ID_MIN_LENGTH = 12;

/** `YYYYMMDDHHII` of `at` in Africa/Lagos: the 12 characters every VTpass request_id starts with. */
export function lagosMinuteStamp(at: Date): string {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${lagos.getUTCFullYear()}${two(lagos.getUTCMonth() + 1)}${two(lagos.getUTCDate())}${two(lagos.getUTCHours())}${two(lagos.getUTCMinutes())}`;
}

export class InvalidRequestTimeError extends Error {
  constructor(value: string) {
    super(`not a date for a VTpass request_id: "${value}"`);
    this.name = 'InvalidRequestTimeError';
  }
}

/**
 * Our request_id at VTpass: the Lagos time the purchase was placed (`YYYYMMDDHHII`) followed by
 * our transaction id. Derived only from the purchase, so every submission and re-query of one
 * purchase uses the same id (VTpass then answers 014 instead of delivering twice).
 */
export function vtpassRequestId(transactionId: string, placedAt: Date | string): string {
  const at = typeof placedAt === 'string' ? new Date(placedAt) : placedAt;
  if (Number.isNaN(at.getTime())) throw new InvalidRequestTimeError(String(placedAt));
  const suffix = transactionId.replace(/[^A-Za-z0-9]/g, '');
  return `${lagosMinuteStamp(at)}${suffix}`;
}

/** Whether `id` follows VTpass's rule: at least 12 characters, the first 12 a valid `YYYYMMDDHHII`. */
export function isVtpassRequestId(id: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(id);
  if (!match || id.length < VTPASS_REQUEST_ID_MIN_LENGTH) return false;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60;
}

// ---------------------------------------------------------------------------------------------
// Answers

/** Codes after which VTpass did not and will not deliver (and did not keep our money). */
export const VTPASS_DEFINITE_FAILURE_CODES = ['016', '091', '010', '011', '012', '013', '017', '018'] as const;
const DEFINITE = new Set<string>(VTPASS_DEFINITE_FAILURE_CODES);
/** On re-query only these two describe the purchase itself as failed. */
const REQUERY_DEFINITE = new Set(['016', '091']);

export interface VtpassClassification extends Classification {
  /** The VTpass `code`, when the answer had one. */
  code?: string;
  /** `content.transactions.status`, lower-cased. */
  status?: string;
  electricity?: ElectricityDelivery;
  bill?: BillDelivery;
}

type Json = Record<string, unknown>;

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function obj(value: unknown): Json | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function first(source: Json | undefined, ...names: string[]): string | undefined {
  if (!source) return undefined;
  for (const name of names) {
    const value = text(source[name]);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** VTpass sends `code` as a string ("000"); a number (0, 99) is read the same way. */
function codeOf(body: Json | undefined): string | undefined {
  const raw = body?.code;
  if (typeof raw === 'string' && raw.trim() !== '') return raw.trim().padStart(3, '0');
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0) return String(raw).padStart(3, '0');
  return undefined;
}

function transactionOf(body: Json | undefined): Json | undefined {
  return obj(obj(body?.content)?.transactions);
}

const VTPASS_DELIVERY_FIELDS: DeliveryFields = {
  token: ['token', 'Token', 'mainToken'],
  units: ['units', 'Units', 'mainTokenUnits'],
  customerName: ['customerName', 'Customer_Name'],
  customerAddress: ['customerAddress', 'Address'],
  resetToken: ['resetToken', 'ResetToken'],
  purchasedCode: ['purchased_code'],
};

/**
 * What VTpass said it delivered for an electricity purchase, copied from its answer (top level,
 * or `content`); undefined when it said nothing. Nothing is made up: no token, no field.
 */
export function vtpassElectricityDelivery(body: unknown): ElectricityDelivery | undefined {
  const top = obj(body);
  if (!top) return undefined;
  return electricityDeliveryFrom([top, obj(top.content)], VTPASS_DELIVERY_FIELDS);
}

/** `Pin : 1234…` / `Serial No:WRN… , pin: 0987…` / `Token : 1234…` → the digits (or serial) named. */
function labelled(textValue: string, label: RegExp): string | undefined {
  const match = new RegExp(`${label.source}\\s*:?\\s*([A-Za-z0-9][A-Za-z0-9-]*)`, 'i').exec(textValue);
  return match?.[1];
}

/**
 * What VTpass said it delivered for an exam purchase: `cards: [{Serial, Pin}]` (WAEC result
 * checker), `tokens: [..]` (WAEC registration), `Pin: "Pin : …"` (JAMB), else the PINs written in
 * `purchased_code`. Undefined when it named none; nothing is made up.
 */
export function vtpassBillDelivery(body: unknown): BillDelivery | undefined {
  const top = obj(body);
  if (!top) return undefined;
  const pins: BillPin[] = [];
  const cards = Array.isArray(top.cards) ? top.cards : [];
  for (const card of cards) {
    const c = obj(card);
    const pin = first(c, 'Pin', 'pin');
    if (pin)
      pins.push({
        pin,
        ...(first(c, 'Serial', 'serial', 'SerialNumber', 'serialNumber') ? { serial: first(c, 'Serial', 'serial', 'SerialNumber', 'serialNumber')! } : {}),
      });
  }
  const tokens = Array.isArray(top.tokens) ? top.tokens : [];
  for (const token of tokens) {
    const value = text(token);
    if (value) pins.push({ pin: /token|pin/i.test(value) ? (labelled(value, /(?:token|pin)/) ?? value) : value });
  }
  const jambPin = first(top, 'Pin');
  if (!pins.length && jambPin) pins.push({ pin: /pin/i.test(jambPin) ? (labelled(jambPin, /pin/) ?? jambPin) : jambPin });
  const purchasedCode = first(top, 'purchased_code');
  if (!pins.length && purchasedCode && /pin/i.test(purchasedCode)) {
    // "Serial No:WRN123, pin: 0987||Serial No:WRN124, pin: 0988" (several PINs joined by ||).
    for (const part of purchasedCode.split('||')) {
      const pin = labelled(part, /pin/);
      const serial = labelled(part, /serial\s*(?:no|number)?/);
      if (pin) pins.push({ pin, ...(serial ? { serial } : {}) });
    }
  }
  const delivery: BillDelivery = {
    ...(pins.length ? { pins } : {}),
    ...(purchasedCode && pins.length ? { purchasedCode } : {}),
  };
  return Object.keys(delivery).length ? delivery : undefined;
}

/** What merchant-verify says when it does not find the customer: an invalid number (with VTpass's words), or nothing either way. */
export type VtpassNotVerified = { kind: 'invalid'; message?: string } | { kind: 'unavailable'; reason: string };

/** merchant-verify for a smartcard / IUC (cable) or a JAMB profile id. */
export type VtpassBillerVerdict =
  | { kind: 'valid'; customerName: string; currentBouquet?: string; currentBouquetCode?: string; dueDate?: string; renewalAmountNaira?: number }
  | VtpassNotVerified;

/** A merchant-verify answer as read: its `code`, `content`, whether it marks the number wrong, its `error` and the customer's name. */
interface MerchantVerifyReading {
  code?: string;
  content?: Json;
  wrong: boolean;
  error?: string;
  name?: string;
  httpStatus: number;
}

/** Reads a merchant-verify answer; no answer, or no JSON object, says nothing about the number. */
function readMerchantVerify(answer: SupplierAnswer): MerchantVerifyReading | Extract<VtpassNotVerified, { kind: 'unavailable' }> {
  if (answer.kind !== 'http') return { kind: 'unavailable', reason: answer.kind };
  const body = obj(parse(answer.bodyText));
  if (!body) return { kind: 'unavailable', reason: `http_${answer.status}_unparseable` };
  const content = obj(body.content);
  return {
    code: codeOf(body),
    content,
    wrong: content?.WrongBillersCode === true || content?.WrongBillersCode === 'true',
    error: first(content, 'error') ?? first(body, 'error'),
    name: first(content, 'Customer_Name', 'customerName', 'name'),
    httpStatus: answer.status,
  };
}

/** A merchant-verify answer that named no customer: `WrongBillersCode` (or `000` with an `error`) is invalid; anything else says nothing. */
function notVerified({ code, wrong, error, httpStatus }: MerchantVerifyReading): VtpassNotVerified {
  if (wrong || (code === '000' && error)) return { kind: 'invalid', ...(error ? { message: error } : {}) };
  return { kind: 'unavailable', reason: code ? `code_${code}` : `http_${httpStatus}` };
}

/**
 * merchant-verify's answer for a biller: `Customer_Name`, and for DStv/GOtv `Current_Bouquet`,
 * `Current_Bouquet_Code`, `Due_Date`, `Renewal_Amount`; `WrongBillersCode` or an `error` means invalid.
 */
export function classifyVtpassBiller(answer: SupplierAnswer): VtpassBillerVerdict {
  const reading = readMerchantVerify(answer);
  if ('kind' in reading) return reading;
  const { code, content, wrong, error, name } = reading;
  if (code === '000' && name && !wrong && !error) {
    const renewal = Number(first(content, 'Renewal_Amount'));
    const bouquet = first(content, 'Current_Bouquet');
    const bouquetCode = first(content, 'Current_Bouquet_Code');
    const due = first(content, 'Due_Date');
    return {
      kind: 'valid',
      customerName: asPlainText(name),
      ...(bouquet ? { currentBouquet: bouquet } : {}),
      ...(bouquetCode ? { currentBouquetCode: bouquetCode } : {}),
      ...(due ? { dueDate: due } : {}),
      ...(Number.isFinite(renewal) && renewal > 0 ? { renewalAmountNaira: renewal } : {}),
    };
  }
  return notVerified(reading);
}

function fromStatus(status: string | undefined): SupplierOutcome {
  if (status === 'delivered') return 'delivered';
  if (status === 'reversed') return 'failed';
  // initiated, pending, resolved (its effect on our money is not stated), or unknown.
  return 'ambiguous';
}

function noAnswer(answer: Exclude<SupplierAnswer, { kind: 'http' }>): VtpassClassification {
  return answer.kind === 'timeout' ? { outcome: 'ambiguous', reason: 'timeout' } : { outcome: 'ambiguous', reason: 'network_error', body: answer.message };
}

function read(answer: Extract<SupplierAnswer, { kind: 'http' }>) {
  const parsed = parse(answer.bodyText);
  const body = obj(parsed);
  const transaction = transactionOf(body);
  const code = codeOf(body);
  const status = text(transaction?.status)?.toLowerCase();
  const supplierReference = first(transaction, 'transactionId') ?? first(body, 'transactionId');
  const apiResponse = first(body, 'response_description');
  const electricity = vtpassElectricityDelivery(body);
  const bill = vtpassBillDelivery(body);
  const common: Omit<VtpassClassification, 'outcome' | 'reason'> = {
    body: parsed ?? answer.bodyText,
    ...(code === undefined ? {} : { code }),
    ...(status === undefined ? {} : { status }),
    ...(supplierReference === undefined ? {} : { supplierReference }),
    ...(apiResponse === undefined ? {} : { apiResponse }),
    ...(electricity === undefined ? {} : { electricity }),
    ...(bill === undefined ? {} : { bill }),
  };
  return { code, status, common, parsed };
}

/**
 * The rules /api/pay and /api/requery share: no answer, or an answer without a `code`, is
 * ambiguous; `000` follows the transaction's status. Any other code is `otherCode`'s to classify.
 */
function classifyByCode(
  answer: SupplierAnswer,
  otherCode: (code: string, common: Omit<VtpassClassification, 'outcome' | 'reason'>) => VtpassClassification,
): VtpassClassification {
  if (answer.kind !== 'http') return noAnswer(answer);
  const { code, status, common, parsed } = read(answer);
  if (code === undefined) {
    return { outcome: 'ambiguous', reason: parsed === undefined ? 'unparseable_body' : `http_${answer.status}_no_code`, ...common };
  }
  if (code === '000') return { outcome: fromStatus(status), reason: `status_${status ?? 'missing'}`, ...common };
  return otherCode(code, common);
}

/** An answer of POST /api/pay. */
export function classifyVtpassPay(answer: SupplierAnswer): VtpassClassification {
  return classifyByCode(answer, (code, common) => {
    if (code === '099') return { outcome: 'ambiguous', reason: 'code_099_processing', ...common };
    if (code === '014') return { outcome: 'ambiguous', reason: 'code_014_request_id_reused', ...common };
    if (DEFINITE.has(code)) return { outcome: 'failed', reason: `code_${code}`, ...common };
    return { outcome: 'ambiguous', reason: `code_${code}`, ...common };
  });
}

/** An answer of POST /api/requery. `not_found` (015) is turned into a failure only after a grace by the caller. */
export function classifyVtpassRequery(answer: SupplierAnswer): VtpassClassification {
  return classifyByCode(answer, (code, common) => {
    if (code === '015') return { outcome: 'failed', reason: 'not_found', ...common };
    if (REQUERY_DEFINITE.has(code)) return { outcome: 'failed', reason: `code_${code}`, ...common };
    return { outcome: 'ambiguous', reason: `code_${code}`, ...common };
  });
}

// ---------------------------------------------------------------------------------------------
// merchant-verify

export type VtpassMeterVerdict = { kind: 'valid'; customerName: string; address?: string; meterNumber?: string; minPurchaseNaira?: number } | VtpassNotVerified;

/**
 * An answer of POST /api/merchant-verify: `000` with a Customer_Name is a valid meter;
 * `WrongBillersCode: true` (or `000` with an `error` and no name) is an invalid one, with VTpass's
 * own wording when it gave one; anything else says nothing about the meter.
 */
export function classifyVtpassMeter(answer: SupplierAnswer): VtpassMeterVerdict {
  const reading = readMerchantVerify(answer);
  if ('kind' in reading) return reading;
  const { code, content, wrong, name } = reading;
  if (code === '000' && name && !wrong) {
    const min = Number(first(content, 'Min_Purchase_Amount', 'Minimum_Amount'));
    return {
      kind: 'valid',
      customerName: asPlainText(name),
      ...(first(content, 'Address', 'address') ? { address: first(content, 'Address', 'address') } : {}),
      ...(first(content, 'Meter_Number', 'MeterNumber') ? { meterNumber: first(content, 'Meter_Number', 'MeterNumber') } : {}),
      ...(Number.isFinite(min) && min > 0 ? { minPurchaseNaira: min } : {}),
    };
  }
  return notVerified(reading);
}

// ---------------------------------------------------------------------------------------------
// transaction-update pushes

/** The push VTpass sends for stuck or reversed transactions; VTpass expects `{"response":"success"}` back. */
export const VTPASS_PUSH_TYPE = 'transaction-update';
export const VTPASS_PUSH_REPLY = { response: 'success' } as const;

/** Our transaction id inside one of our VTpass request_ids (the Lagos stamp, then the id); undefined for anything else. */
export function transactionIdOfVtpassRequestId(requestId: string): string | undefined {
  if (!isVtpassRequestId(requestId)) return undefined;
  const id = requestId.slice(VTPASS_REQUEST_ID_MIN_LENGTH);
  return /^[0-9A-Za-z]{1,64}$/.test(id) ? id : undefined;
}

export type VtpassPush =
  /** A transaction-update naming one of our request_ids: what it claims is NOT trusted, only where to look. */
  | { kind: 'transaction_update'; requestId: string; transactionId: string }
  /** Another type, or a request_id that is not one of ours: nothing to do. */
  | { kind: 'ignored'; reason: string }
  | { kind: 'unreadable'; reason: string };

/** Reads a VTpass push: `{type: "transaction-update", data: {requestId, content: {transactions: {...}}, ...}}`. */
export function readVtpassPush(rawBody: string): VtpassPush {
  const body = obj(parse(rawBody));
  if (!body) return { kind: 'unreadable', reason: 'body is not a JSON object' };
  const type = text(body.type);
  if (type !== VTPASS_PUSH_TYPE) return { kind: 'ignored', reason: `type ${type ?? 'missing'}` };
  const data = obj(body.data);
  const requestId = first(data, 'requestId', 'request_id') ?? first(transactionOf(data), 'requestId', 'request_id') ?? first(body, 'requestId', 'request_id');
  if (!requestId) return { kind: 'unreadable', reason: 'no requestId' };
  const transactionId = transactionIdOfVtpassRequestId(requestId);
  if (!transactionId) return { kind: 'ignored', reason: 'not one of our request ids' };
  return { kind: 'transaction_update', requestId, transactionId };
}
