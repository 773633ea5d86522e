/**
 * HTTP: POST /buy/airtime, POST /buy/data, POST /buy/validateMeter and POST /buy/electricity. A
 * locked service or an unavailable plan is refused before any money moves; otherwise debit +
 * `processing` record atomically (the table's stream hands it to fulfilment). Meter validation asks the
 * electricity supplier (VTpass merchant-verify) and moves no money.
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
import { bulkAirtimeLine, bulkDataLine, bulkLines, bulkParams, bulkRefusal, bulkRequest, type BulkBatchResponse, type BulkPurchaseResponse } from '../../../shared/api/bulk.js';
import { dynamoBulkLines } from '../../adapters/dynamo/purchases/bulk-lines.js';
import { getTransaction } from '../../adapters/dynamo/transactions/transactions.js';
import { bulkBatchView, lineIdsOf, placeBulkAirtime, placeBulkData, type BulkBuyer, type BulkLineRefusal, type BulkLineStore, type BulkPurchaseResult } from '../../domain/purchases/bulk.js';
import {
  buyAirtimeRequest,
  buyDataRequest,
  buyElectricityRequest,
  validateMeterRequest,
  type InvalidMeterResponse,
  type PurchaseResponse,
  type ValidateMeterResponse,
} from '../../../shared/api/purchases.js';
import { airtimeNetworkName, dataNetworkName, electricityCompany } from '../../../shared/constants.js';
import { BILL_MSG, BULK_MSG, CATALOGUE_MSG, ELECTRICITY_MSG, MSG, serviceLockedMessage } from '../../../shared/messages.js';
import { koboToNaira } from '../../../shared/money.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { dynamoCatalogue } from '../../adapters/dynamo/purchases/catalogue.js';
import { dynamoLedger } from '../../adapters/dynamo/wallet/ledger.js';
import { getUserById } from '../../adapters/dynamo/accounts/users.js';
import { domainLog } from '../../adapters/log.js';
import { countPurchaseAccepted } from '../../adapters/metrics.js';
import { supplierDirectoryFromEnv } from '../../adapters/suppliers/index.js';
import { checkMeter, electricityMinimumKobo } from '../../domain/products/electricity.js';
import {
  placeAirtimePurchase,
  placeDataPurchase,
  placeCablePurchase,
  placeElectricityPurchase,
  placeExamPurchase,
  type BillProductReader,
  type BillPurchaseResult,
  type DataPurchaseDeps,
  type DataPurchaseResult,
  type PurchaseDeps,
} from '../../domain/purchases/purchases.js';
import { checkBiller } from '../../domain/purchases/suppliers.js';
import type { TransactionRecord } from '../../domain/transactions/transactions.js';
import { viewFor, type TransactionReader } from '../../domain/transactions/transaction-views.js';
import type { BillerCheck, BillerQuery, SupplierDirectory } from '../../domain/purchases/suppliers-port.js';
import type { Principal } from '../../domain/accounts/users-port.js';
import { HttpError } from '../../middleware/errors.js';
import { answerWith, type AnswerTable, type HttpAnswer, httpService, ok, parseInput, refusal, refuse, unavailable, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

/** Whether the number may be one of the buyer's contacts (undefined: unknown, so the outbox looks). */
const mayBeSavedContact = (principal: Principal, number: string) => principal.savedContactNumbers?.includes(number);

/** The product's own wording of its limits (airtime's by default). */
interface LimitMessages {
  belowMinimum: string;
  aboveMaximum: string;
}
const AIRTIME_LIMITS: LimitMessages = { belowMinimum: MSG.minimumAirtime, aboveMaximum: MSG.maximumAirtime };

/**
 * Every outcome of placing a purchase and its answer; `processingMsg` names the product. The receipt,
 * first or replayed, is the record as the buyer may read it (transaction-views.ts).
 */
function purchaseAnswers(processingMsg: string, limits: LimitMessages = AIRTIME_LIMITS) {
  const refusals = purchaseRefusals(limits);
  return (result: DataPurchaseResult, reader: TransactionReader): HttpAnswer => {
    const accepted = ({ record }: { record: TransactionRecord }) => {
      const body: PurchaseResponse = { msg: processingMsg, receipt: viewFor(reader, record) };
      return ok(body);
    };
    return answerWith<DataPurchaseResult>({
      accepted: (placed) => {
        countPurchaseAccepted(placed.record);
        return accepted(placed);
      },
      replayed: accepted,
      ...refusals,
    })(result);
  };
}

/** The refusals of a purchase, whoever reads them. */
function purchaseRefusals(limits: LimitMessages): Omit<AnswerTable<DataPurchaseResult>, 'accepted' | 'replayed'> {
  return {
    invalid_amount: refuse(400, MSG.enterValidAmount),
    below_minimum: refuse(400, limits.belowMinimum),
    above_maximum: refuse(400, limits.aboveMaximum),
    insufficient_balance: refuse(400, MSG.insufficientBalance),
    service_locked: (result) => refusal(400, serviceLockedMessage(result.serviceName, result.serviceType)),
    plan_unavailable: refuse(400, CATALOGUE_MSG.planUnavailable),
    plan_not_for_network: refuse(400, CATALOGUE_MSG.planNotForNetwork),
    exists_with_different_amount: refuse(409, MSG.duplicateRequest),
    exists_with_different_details: refuse(409, MSG.duplicateRequest),
  };
}
const airtimeAnswer = purchaseAnswers(MSG.airtimeProcessing);
const dataAnswer = purchaseAnswers(CATALOGUE_MSG.dataProcessing);
const electricityAnswer = purchaseAnswers(ELECTRICITY_MSG.electricityProcessing, {
  belowMinimum: ELECTRICITY_MSG.minimumElectricity,
  aboveMaximum: ELECTRICITY_MSG.maximumElectricity,
});

export function buyAirtimeOperation(deps: PurchaseDeps): UserOperation {
  return async ({ principal, body }) => {
    const input = parseInput(buyAirtimeRequest, body);
    const network = airtimeNetworkName(input.network);
    if (!network) return refusal(400, MSG.invalidNetwork);
    const result = await placeAirtimePurchase(
      {
        userId: principal.userId,
        userName: principal.userName,
        // The principal is re-read from the table on every request: the tier is current.
        userType: principal.userType,
        knownWallet: principal.wallet,
        ownerWebhook: principal.hasWebhook,
        toSavedContact: mayBeSavedContact(principal, input.mobile_number),
        network,
        phoneNumber: input.mobile_number,
        faceValueKobo: input.amount,
        requestId: input.request_id,
      },
      deps,
    );
    return airtimeAnswer(result, principal);
  };
}

export function buyDataOperation(deps: DataPurchaseDeps): UserOperation {
  return async ({ principal, body }) => {
    const input = parseInput(buyDataRequest, body);
    const network = dataNetworkName(input.network);
    if (!network) return refusal(400, MSG.invalidNetwork);
    const result = await placeDataPurchase(
      {
        userId: principal.userId,
        userName: principal.userName,
        userType: principal.userType,
        knownWallet: principal.wallet,
        ownerWebhook: principal.hasWebhook,
        toSavedContact: mayBeSavedContact(principal, input.mobile_number),
        network,
        phoneNumber: input.mobile_number,
        planId: input.plan,
        requestId: input.request_id,
      },
      deps,
    );
    return dataAnswer(result, principal);
  };
}

// ---------------------------------------------------------------------------------------------
// Electricity

export interface ElectricityDeps extends PurchaseDeps {
  /** Read lazily: only the electricity routes need the supplier configuration. */
  suppliers(): SupplierDirectory;
  /** The buyer's registered phone, given to the supplier when the request names none. */
  phoneOf(userId: string): Promise<string | undefined>;
}

/** A refused meter: the web shows `name` as the error (spec §8); `msg` carries it too. */
function meterRefusal(statusCode: number, text: string): HttpAnswer {
  const body: InvalidMeterResponse = { msg: text, name: text };
  return ok(body, statusCode);
}

/** No supplier could check the meter in the time there was: 503 with Retry-After, in the refusal's shape. */
function meterUnavailable(): HttpAnswer {
  const body: InvalidMeterResponse = { msg: ELECTRICITY_MSG.meterValidationUnavailable, name: ELECTRICITY_MSG.meterValidationUnavailable };
  return unavailable(body.msg, body);
}

export function validateMeterOperation(deps: Pick<ElectricityDeps, 'suppliers' | 'log'>): UserOperation {
  return async (request) => {
    let input;
    try {
      input = parseInput(validateMeterRequest, request.body);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) return meterRefusal(400, error.message);
      throw error;
    }
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
        return meterRefusal(400, check.message ?? ELECTRICITY_MSG.invalidMeter);
      case 'unavailable':
        deps.log.warn('meter validation unavailable', { supplier: check.supplier, reason: check.reason, meterId: input.meterId });
        return meterUnavailable();
    }
  };
}

export function buyElectricityOperation(deps: ElectricityDeps): UserOperation {
  return async ({ principal, body }) => {
    const input = parseInput(buyElectricityRequest, body);
    const company = electricityCompany(input.meterId)!;
    const customerPhone = input.phone ?? (await deps.phoneOf(principal.userId)) ?? '';
    const result = await placeElectricityPurchase(
      {
        userId: principal.userId,
        userName: principal.userName,
        userType: principal.userType,
        knownWallet: principal.wallet,
        ownerWebhook: principal.hasWebhook,
        meterId: input.meterId,
        company: company.name,
        meterNumber: input.meterNumber,
        meterType: input.meterType,
        amountKobo: input.amount,
        customerPhone,
        requestId: input.request_id,
      },
      deps,
    );
    return electricityAnswer(result, principal);
  };
}

// ---------------------------------------------------------------------------------------------
// Cable TV and exam PINs (issue 22)

/** Every outcome of placing a bill purchase and its answer. */
function billAnswers(processingMsg: string) {
  const base = purchaseAnswers(processingMsg);
  return (result: BillPurchaseResult, reader: TransactionReader): HttpAnswer => {
    switch (result.kind) {
      case 'product_unavailable':
        return refusal(400, BILL_MSG.bouquetUnavailable);
      case 'product_not_for_provider':
        return refusal(400, BILL_MSG.bouquetNotForProvider);
      case 'renew_not_current':
        return refusal(400, BILL_MSG.renewIsCurrentBouquet);
      case 'invalid_biller':
        return billerRefusal(400, result.message ?? (processingMsg === BILL_MSG.examProcessing ? BILL_MSG.invalidProfileId : BILL_MSG.invalidSmartcard));
      case 'verification_unavailable':
        return billerUnavailable();
      default:
        return base(result, reader);
    }
  };
}
const cableAnswer = billAnswers(BILL_MSG.cableProcessing);
const examAnswer = billAnswers(BILL_MSG.examProcessing);

/** A refused smartcard or profile id: `name` carries the error as for meters (the web shows it). */
function billerRefusal(statusCode: number, text: string): HttpAnswer {
  const body: InvalidBillerResponse = { msg: text, name: text };
  return ok(body, statusCode);
}

/** VTpass could not verify the smartcard or profile in the time there was: 503 with Retry-After. */
function billerUnavailable(): HttpAnswer {
  const body: InvalidBillerResponse = { msg: BILL_MSG.verificationUnavailable, name: BILL_MSG.verificationUnavailable };
  return unavailable(body.msg, body);
}

export interface BillDeps extends PurchaseDeps {
  suppliers(): SupplierDirectory;
  billProducts: BillProductReader;
  phoneOf(userId: string): Promise<string | undefined>;
  transactions: { get(id: string): Promise<TransactionRecord | undefined> };
}

/** The bill suppliers' merchant-verify, in order (domain/suppliers.ts checkBiller). */
async function verifyBillerWith(deps: Pick<BillDeps, 'suppliers'>, query: BillerQuery): Promise<BillerCheck> {
  return checkBiller(query, (await deps.suppliers().forBills?.()) ?? []);
}

/** Parses a bill request; a bad field answers 400 with {msg, name} like a refused meter. */
function parseBill<T extends z.ZodTypeAny>(schema: T, body: unknown): z.output<T> | HttpAnswer {
  try {
    return parseInput(schema, body);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) return billerRefusal(400, error.message);
    throw error;
  }
}
const isAnswer = (value: unknown): value is HttpAnswer => typeof value === 'object' && value !== null && 'statusCode' in value && 'body' in value;

export function validateCableOperation(deps: Pick<BillDeps, 'suppliers' | 'log' | 'billProducts'>): UserOperation {
  return async (request) => {
    const input = parseBill(validateCableRequest, request.body);
    if (isAnswer(input)) return input;
    const check = await verifyBillerWith(deps, { serviceId: input.cableName.serviceId, billersCode: input.smartCardNo });
    if (check.kind === 'invalid') return billerRefusal(400, check.message ?? BILL_MSG.invalidSmartcard);
    if (check.kind === 'unavailable') {
      deps.log.warn('smartcard verification unavailable', { supplier: check.supplier, reason: check.reason, provider: input.cableName.name });
      return billerUnavailable();
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

export function buyCableOperation(deps: BillDeps): UserOperation {
  return async ({ principal, body }) => {
    const input = parseInput(buyCableRequest, body);
    const customerPhone = input.phone ?? (await deps.phoneOf(principal.userId)) ?? '';
    const result = await placeCablePurchase(
      {
        userId: principal.userId,
        userName: principal.userName,
        userType: principal.userType,
        knownWallet: principal.wallet,
        ownerWebhook: principal.hasWebhook,
        provider: input.cableName,
        smartCardNo: input.smartCardNo,
        productCode: input.plan,
        ...(input.subscription_type ? { subscriptionType: input.subscription_type as SubscriptionType } : {}),
        customerPhone: input.cableName.name === 'SHOWMAX' ? input.smartCardNo : customerPhone,
        requestId: input.request_id,
      },
      { ...deps, verifyBiller: (query) => verifyBillerWith(deps, query), placedBefore: (id) => deps.transactions.get(id) },
    );
    return cableAnswer(result, principal);
  };
}

export function validateExamOperation(deps: Pick<BillDeps, 'suppliers' | 'log'>): UserOperation {
  return async (request) => {
    const input = parseBill(validateExamRequest, request.body);
    if (isAnswer(input)) return input;
    if (!input.exam.verify) return billerRefusal(400, BILL_MSG.selectExam);
    const check = await verifyBillerWith(deps, { serviceId: input.exam.serviceId, billersCode: input.profileId, type: input.exam.variationCode });
    if (check.kind === 'invalid') return billerRefusal(400, check.message ?? BILL_MSG.invalidProfileId);
    if (check.kind === 'unavailable') {
      deps.log.warn('profile verification unavailable', { supplier: check.supplier, reason: check.reason, exam: input.exam.id });
      return billerUnavailable();
    }
    const body: ValidateExamResponse = { msg: BILL_MSG.examVerified, name: check.customerName, profileId: input.profileId, exam: input.exam.id };
    return ok(body);
  };
}

export function buyExamOperation(deps: BillDeps): UserOperation {
  return async ({ principal, body }) => {
    const input = parseInput(buyExamRequest, body);
    const customerPhone = input.phone ?? (await deps.phoneOf(principal.userId)) ?? '';
    const result = await placeExamPurchase(
      {
        userId: principal.userId,
        userName: principal.userName,
        userType: principal.userType,
        knownWallet: principal.wallet,
        ownerWebhook: principal.hasWebhook,
        exam: input.exam,
        quantity: input.quantity,
        ...(input.profileId ? { profileId: input.profileId } : {}),
        customerPhone,
        requestId: input.request_id,
      },
      { ...deps, verifyBiller: (query) => verifyBillerWith(deps, query), placedBefore: (id) => deps.transactions.get(id) },
    );
    return examAnswer(result, principal);
  };
}

// ---------------------------------------------------------------------------------------------
// Bulk purchases (issue 22 §3)

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

function bulkOperation<Line>(
  lineSchema: z.ZodType<Line, z.ZodTypeDef, unknown>,
  processingMsg: string,
  place: (buyer: BulkBuyer, requestId: string, lines: Line[]) => Promise<BulkPurchaseResult>,
  deps: Pick<BulkDeps, 'bulkLines'>,
): UserOperation {
  return async ({ principal, body }) => {
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
    const result = await place(buyer, input.request_id, checked.lines);
    switch (result.kind) {
      case 'accepted':
      case 'replayed': {
        const response: BulkPurchaseResponse = { msg: processingMsg, batch: await batchAsItStands(principal, result.batch, deps, result.kind === 'accepted') };
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

export function buyAirtimeBulkOperation(deps: BulkDeps): UserOperation {
  return bulkOperation(
    bulkAirtimeLine,
    BULK_MSG.airtimeProcessing,
    (buyer, requestId, lines) =>
      placeBulkAirtime(buyer, requestId, lines.map((line) => ({ network: airtimeNetworkName(line.network)!, phoneNumber: line.mobile_number, faceValueKobo: line.amount })), deps),
    deps,
  );
}

export function buyDataBulkOperation(deps: BulkDeps): UserOperation {
  return bulkOperation(
    bulkDataLine,
    BULK_MSG.dataProcessing,
    (buyer, requestId, lines) =>
      placeBulkData(buyer, requestId, lines.map((line) => ({ network: dataNetworkName(line.network)!, phoneNumber: line.mobile_number, planId: line.plan })), deps),
    deps,
  );
}

/** GET /buy/bulk/{id}: the owner's batch, line by line; anyone else's (or no batch) is not found. */
export function getBulkPurchaseOperation(deps: Pick<BulkDeps, 'bulkLines' | 'transactions'>): UserOperation {
  return async ({ principal, params }) => {
    const { id } = parseInput(bulkParams, params);
    const batch = await deps.transactions.get(id);
    if (!batch || batch.trans_Type !== 'bulk' || batch.userId !== principal.userId) return refusal(404, BULK_MSG.notFound);
    const response: BulkBatchResponse = { batch: await batchAsItStands(principal, batch, deps) };
    return ok(response);
  };
}

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session, ...ENV_GROUPS.suppliers]);

const deps: DataPurchaseDeps & ElectricityDeps & BillDeps & BulkDeps = {
  bulkLines: dynamoBulkLines,
  transactions: { get: getTransaction },
  billProducts: dynamoBillProducts,
  ledger: dynamoLedger,
  now: () => new Date(),
  newId: () => ulid(),
  log: domainLog,
  catalogue: dynamoCatalogue,
  suppliers: supplierDirectoryFromEnv,
  phoneOf: async (userId) => (await getUserById(userId))?.phoneNumber,
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
    buyAirtimeBulk: buyAirtimeBulkOperation(deps),
    buyDataBulk: buyDataBulkOperation(deps),
    getBulkPurchase: getBulkPurchaseOperation(deps),
  },
  edge,
);
