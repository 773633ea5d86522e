/**
 * HTTP: POST /buy/airtime, POST /buy/data, POST /buy/validateMeter and POST /buy/electricity. A
 * locked service or an unavailable plan is refused before any money moves; otherwise debit +
 * `processing` record atomically (the table's stream hands it to fulfilment). Meter validation asks the
 * electricity supplier (VTpass merchant-verify) and moves no money.
 */
import { ulid } from 'ulid';
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
import { CATALOGUE_MSG, ELECTRICITY_MSG, MSG, serviceLockedMessage } from '../../../shared/messages.js';
import { koboToNaira } from '../../../shared/money.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/config.js';
import { dynamoCatalogue } from '../../adapters/dynamo/catalogue.js';
import { dynamoLedger } from '../../adapters/dynamo/ledger.js';
import { getUserById } from '../../adapters/dynamo/users.js';
import { domainLog } from '../../adapters/log.js';
import { countPurchaseAccepted } from '../../adapters/metrics.js';
import { supplierDirectoryFromEnv } from '../../adapters/suppliers/index.js';
import { checkMeter, electricityMinimumKobo } from '../../domain/electricity.js';
import {
  placeAirtimePurchase,
  placeDataPurchase,
  placeElectricityPurchase,
  type DataPurchaseDeps,
  type DataPurchaseResult,
  type PurchaseDeps,
} from '../../domain/purchases.js';
import { toTransactionView, type TransactionRecord } from '../../domain/transactions.js';
import type { SupplierDirectory } from '../../ports/suppliers.js';
import type { Principal } from '../../ports/users.js';
import { HttpError } from '../../middleware/errors.js';
import { answerWith, httpService, ok, parseInput, refusal, refuse, type HttpAnswer, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

/** Whether the number may be one of the buyer's contacts (undefined: unknown, so the outbox looks). */
const mayBeSavedContact = (principal: Principal, number: string) => principal.savedContactNumbers?.includes(number);

/** The product's own wording of its limits (airtime's by default). */
interface LimitMessages {
  belowMinimum: string;
  aboveMaximum: string;
}
const AIRTIME_LIMITS: LimitMessages = { belowMinimum: MSG.minimumAirtime, aboveMaximum: MSG.maximumAirtime };

/** Every outcome of placing a purchase and its answer; `processingMsg` names the product. */
function purchaseAnswers(processingMsg: string, limits: LimitMessages = AIRTIME_LIMITS) {
  const accepted = (result: { record: TransactionRecord }) => {
    const body: PurchaseResponse = { msg: processingMsg, receipt: toTransactionView(result.record) };
    return ok(body);
  };
  return answerWith<DataPurchaseResult>({
    accepted: (result) => {
      countPurchaseAccepted(result.record);
      return accepted(result);
    },
    replayed: accepted,
    invalid_amount: refuse(400, MSG.enterValidAmount),
    below_minimum: refuse(400, limits.belowMinimum),
    above_maximum: refuse(400, limits.aboveMaximum),
    insufficient_balance: refuse(400, MSG.insufficientBalance),
    service_locked: (result) => refusal(400, serviceLockedMessage(result.serviceName, result.serviceType)),
    plan_unavailable: refuse(400, CATALOGUE_MSG.planUnavailable),
    plan_not_for_network: refuse(400, CATALOGUE_MSG.planNotForNetwork),
    exists_with_different_amount: refuse(409, MSG.duplicateRequest),
    exists_with_different_details: refuse(409, MSG.duplicateRequest),
  });
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
    return airtimeAnswer(result);
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
    return dataAnswer(result);
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
        // 424, not 5xx: below 500 the person sees what to do (the middleware hides 5xx messages).
        return meterRefusal(424, ELECTRICITY_MSG.meterValidationUnavailable);
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
    return electricityAnswer(result);
  };
}

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session, ...ENV_GROUPS.suppliers]);

const deps: DataPurchaseDeps & ElectricityDeps = {
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
  },
  edge,
);
