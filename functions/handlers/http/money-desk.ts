/**
 * The money desk's HTTP service (admins): supplier floats (GET the page's figures, POST thresholds,
 * POST a top-up — which also reads the supplier's balance at once, so a refilled supplier is used
 * again without waiting for the poll) and the reconciliation (GET the report or its CSV, POST a run
 * of any day, POST re-query now / resolve / settle as delivered on a discrepancy). Every POST is an
 * operator action the HTTP layer audits with its body (the resolve's and the settle's reason included).
 */
import { ulid } from 'ulid';
import {
  FLOAT_DEFAULT_THRESHOLDS,
  RECONCILIATION_CSV_COLUMNS,
  discrepancyPathParams,
  floatPathParams,
  floatThresholdsRequest,
  floatTopUpRequest,
  reconciliationQuery,
  reconciliationRunRequest,
  resolveDiscrepancyRequest,
  settleDiscrepancyAsDeliveredRequest,
  type DiscrepancyResolutionView,
  type DiscrepancyView,
  type FloatsResponse,
  type ReconciliationHeadView,
  type ReconciliationResponse,
  type SettleDiscrepancyResponse,
} from '../../../shared/api/money-desk-floats.js';
import { formatNaira, koboToNaira } from '../../../shared/money.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { ENV } from '../../../shared/runtime-env.js';
import { dynamoFloats } from '../../adapters/dynamo/money-desk/floats.js';
import { dynamoReconciliation } from '../../adapters/dynamo/money-desk/reconciliation.js';
import { dynamoRefundReversals } from '../../adapters/dynamo/money-desk/refund-reversal.js';
import { readWallet } from '../../adapters/dynamo/wallet/ledger.js';
import { floatAlerts, purchasesById, sqsReconciliationQueue } from '../../adapters/money-desk.js';
import { supplierDirectoryFromEnv } from '../../adapters/suppliers/index.js';
import { suppliersFromEnv } from '../../adapters/suppliers/suppliers-config.js';
import { floatsPage, refreshFloat, type FloatDeps } from '../../domain/money-desk/floats-desk.js';
import { lagosDay, previousLagosDay } from '../../domain/money-desk/reconciliation.js';
import { recheckDiscrepancy, requestRun, resolveDiscrepancy, type ReconciliationDeps } from '../../domain/money-desk/reconciliation-run.js';
import type { Discrepancy, DiscrepancyResolution, ReportHead } from '../../domain/money-desk/reconciliation-port.js';
import { settleAsDelivered, type SettleDeps } from '../../domain/money-desk/settle-as-delivered.js';
import { attachment, httpService, ok, parseInput, refusal, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

export type MoneyDeskDeps = FloatDeps &
  ReconciliationDeps &
  Pick<SettleDeps, 'wallets' | 'reversals'> & {
    supplierNames(): string[];
  };

const naira = (kobo: number | null) => (kobo === null ? null : koboToNaira(kobo));

function headView(head: ReportHead): ReconciliationHeadView {
  return {
    supplier: head.supplier,
    day: head.day,
    runId: head.runId,
    startedAt: head.startedAt,
    complete: head.pagesPending <= 0,
    opening: naira(head.openingKobo),
    topUps: koboToNaira(head.topUpsKobo),
    closing: naira(head.closingKobo),
    charged: naira(head.chargedKobo),
    deliveredCost: koboToNaira(head.deliveredCostKobo),
    difference: head.chargedKobo === null ? null : koboToNaira(head.chargedKobo - head.deliveredCostKobo),
    counts: head.counts,
  };
}

function discrepancyView(item: Discrepancy): DiscrepancyView {
  return {
    supplier: item.supplier,
    day: item.day,
    requestId: item.requestId,
    kind: item.kind,
    note: item.note,
    ourStatus: item.ourStatus,
    ourCost: naira(item.ourCostKobo),
    theirCharge: naira(item.theirChargeKobo),
    userName: item.userName,
    amount: naira(item.amountKobo),
    checkedAt: item.checkedAt,
    resolution: item.resolution ? resolutionView(item.resolution) : null,
  };
}

function resolutionView(resolution: DiscrepancyResolution): DiscrepancyResolutionView {
  const { debitedKobo, shortfallKobo, reversalId: _reversalId, ...rest } = resolution;
  return {
    ...rest,
    ...(debitedKobo === undefined ? {} : { debited: koboToNaira(debitedKobo) }),
    ...(shortfallKobo === undefined ? {} : { shortfall: koboToNaira(shortfallKobo) }),
  };
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // A cell a spreadsheet would run as a formula is quoted as text.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function moneyDeskOperations(deps: MoneyDeskDeps) {
  const known = (supplier: string) => deps.supplierNames().includes(supplier);
  const unknownSupplier = (supplier: string) => refusal(404, `No supplier named ${supplier} is in use`);
  const report = async (day: string): Promise<ReconciliationResponse> => {
    const { heads, discrepancies } = await deps.store.report(day);
    return { day, suppliers: heads.map(headView), discrepancies: discrepancies.map(discrepancyView) };
  };

  const listFloats: UserOperation = async () => {
    const now = deps.now();
    const views = await floatsPage(deps.supplierNames(), FLOAT_DEFAULT_THRESHOLDS, {
      ...deps,
      today: lagosDay(now),
      sevenDaysAgoDay: lagosDay(new Date(now.getTime() - 7 * 86_400_000)),
    });
    const answer: FloatsResponse = {
      floats: views.map((view) => ({
        supplier: view.supplier,
        known: view.known,
        balance: koboToNaira(view.balanceKobo),
        observedAt: view.observedAt,
        spentLastHour: koboToNaira(view.lastHourKobo),
        spentLastDay: koboToNaira(view.lastDayKobo),
        hoursLeft: view.hoursLeft === null ? null : Math.round(view.hoursLeft * 10) / 10,
        level: view.level,
        lowSince: view.lowSince,
        minBalance: koboToNaira(view.minBalanceKobo),
        minHoursLeft: view.minHoursLeft,
        history: view.history.map((point) => ({ at: point.at, balance: koboToNaira(point.balanceKobo) })),
        topUps: view.topUps.map((topUp) => ({
          amount: koboToNaira(topUp.amountKobo),
          date: topUp.day,
          reference: topUp.reference,
          recordedBy: topUp.recordedBy,
          recordedAt: topUp.recordedAt,
        })),
      })),
    };
    return ok(answer);
  };

  const setFloatThresholds: UserOperation = async ({ params, body }) => {
    const { supplier } = parseInput(floatPathParams, params);
    if (!known(supplier)) return unknownSupplier(supplier);
    const { minBalance, minHoursLeft } = parseInput(floatThresholdsRequest, body);
    await deps.floats.setThresholds(supplier, { minBalanceKobo: minBalance, minHoursLeft });
    // The float is judged against the new thresholds at once (a crossing alerts, as any other), not at the next poll.
    const level = await refreshFloat(supplier, undefined, deps);
    return ok({ msg: `Thresholds of ${supplier} saved`, supplier, minBalance: koboToNaira(minBalance), minHoursLeft, level });
  };

  const recordFloatTopUp: UserOperation = async ({ params, body, principal }) => {
    const { supplier } = parseInput(floatPathParams, params);
    if (!known(supplier)) return unknownSupplier(supplier);
    const topUp = parseInput(floatTopUpRequest, body);
    if (topUp.date > lagosDay(deps.now())) return refusal(400, 'date must not be in the future');
    const recorded = await deps.floats.addTopUp({
      supplier,
      amountKobo: topUp.amount,
      day: topUp.date,
      reference: topUp.reference,
      recordedBy: principal.userName,
      recordedAt: deps.now().toISOString(),
    });
    if (recorded === 'duplicate') return refusal(409, `A top-up of ${supplier} with reference ${topUp.reference} on ${topUp.date} is already recorded`);
    // The supplier's balance now, so a refilled float is used again at once (the poll would within minutes).
    const gateway = await deps.suppliers.byName(supplier);
    const balance = await gateway?.balance?.();
    const level = await refreshFloat(supplier, balance?.kind === 'known' ? balance.balanceKobo : undefined, deps);
    return ok({ msg: `Top-up of ${supplier} recorded`, supplier, balanceRead: balance?.kind === 'known', level }, 201);
  };

  const getReconciliation: UserOperation = async ({ query }) => {
    const { day } = parseInput(reconciliationQuery, query);
    return ok(await report(day ?? previousLagosDay(deps.now())));
  };

  const downloadReconciliation: UserOperation = async ({ query }) => {
    const { day: asked } = parseInput(reconciliationQuery, query);
    const day = asked ?? previousLagosDay(deps.now());
    const { discrepancies } = await report(day);
    const rows = discrepancies.map((item) =>
      [
        item.day,
        item.supplier,
        item.requestId,
        item.kind,
        item.note,
        item.ourStatus,
        item.ourCost,
        item.theirCharge,
        item.userName,
        item.resolution?.action,
        item.resolution?.by,
        item.resolution?.reason,
      ]
        .map(csvCell)
        .join(','),
    );
    return attachment(`${[RECONCILIATION_CSV_COLUMNS.join(','), ...rows].join('\n')}\n`, 'text/csv; charset=utf-8', `reconciliation-${day}.csv`);
  };

  const runReconciliation: UserOperation = async ({ body }) => {
    const { day, supplier } = parseInput(reconciliationRunRequest, body);
    if (day > lagosDay(deps.now())) return refusal(400, 'day must not be in the future');
    if (supplier !== undefined && !known(supplier)) return unknownSupplier(supplier);
    const suppliers = supplier ? [supplier] : deps.supplierNames();
    const runs = await Promise.all(suppliers.map(async (name) => ({ supplier: name, runId: await requestRun(name, day, deps) })));
    return ok({ msg: `Reconciliation of ${day} started`, day, runs }, 202);
  };

  const requeryDiscrepancy: UserOperation = async ({ params }) => {
    const { day, supplier, requestId } = parseInput(discrepancyPathParams, params);
    const result = await recheckDiscrepancy(day, supplier, requestId, deps);
    if (result.kind === 'not_found') return refusal(404, 'No such discrepancy');
    if (result.kind === 'already_resolved') return refusal(409, 'This discrepancy is already resolved');
    return ok({ msg: result.kind === 'rechecked' && result.now === 'matched' ? 'Re-queried: it now matches' : 'Re-queried', ...result });
  };

  const resolveDiscrepancyOperation: UserOperation = async ({ params, body, principal }) => {
    const { day, supplier, requestId } = parseInput(discrepancyPathParams, params);
    const { reason } = parseInput(resolveDiscrepancyRequest, body);
    const result = await resolveDiscrepancy(day, supplier, requestId, reason, principal.userName, deps);
    if (result.kind === 'not_found') return refusal(404, 'No such discrepancy');
    if (result.kind === 'already_resolved') return refusal(409, 'This discrepancy is already resolved');
    return ok({ msg: 'Marked resolved', reason });
  };

  /**
   * Settle as delivered: 200 either way the rule decides — `settled-as-delivered` (the refund taken
   * back) or `flagged-wallet-short` (nothing debited, the item flagged); 409 when there is nothing
   * to settle or it was settled or resolved before (a second call debits nothing).
   */
  const settleDiscrepancyAsDelivered: UserOperation = async ({ params, body, principal }) => {
    const { day, supplier, requestId } = parseInput(discrepancyPathParams, params);
    const { reason } = parseInput(settleDiscrepancyAsDeliveredRequest, body);
    const result = await settleAsDelivered(day, supplier, requestId, reason, principal.userName, deps);
    switch (result.kind) {
      case 'not_found':
        return refusal(404, 'No such discrepancy');
      case 'already_resolved':
        return refusal(409, result.action === 'settled' ? 'This discrepancy is already settled as delivered' : 'This discrepancy is already resolved');
      case 'not_supplier_only':
        return refusal(409, `Only a supplier-only discrepancy can be settled as delivered (this one is ${result.discrepancyKind})`);
      case 'no_purchase':
        return refusal(409, 'Nothing to settle: the supplier charged with no purchase of ours');
      case 'not_refunded':
        return refusal(409, `Nothing to settle: our purchase is ${result.status}, not refunded`);
      case 'settled': {
        const answer: SettleDiscrepancyResponse = {
          msg: `Settled as delivered: ${formatNaira(result.debitedKobo)} taken back from ${result.userName}'s wallet`,
          outcome: 'settled-as-delivered',
          requestId,
          debited: koboToNaira(result.debitedKobo),
          balance: koboToNaira(result.balanceKobo),
        };
        return ok(answer);
      }
      case 'flagged': {
        const answer: SettleDiscrepancyResponse = {
          msg: `Not settled: ${result.userName}'s wallet holds ${formatNaira(result.balanceKobo)}, ${formatNaira(result.shortfallKobo)} short of the ${formatNaira(result.amountKobo)} refunded. Nothing was debited; the discrepancy is flagged`,
          outcome: 'flagged-wallet-short',
          requestId,
          shortfall: koboToNaira(result.shortfallKobo),
          balance: koboToNaira(result.balanceKobo),
        };
        return ok(answer);
      }
    }
  };

  return {
    listFloats,
    setFloatThresholds,
    recordFloatTopUp,
    getReconciliation,
    downloadReconciliation,
    runReconciliation,
    requeryDiscrepancy,
    resolveDiscrepancy: resolveDiscrepancyOperation,
    settleDiscrepancyAsDelivered,
  };
}

loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session, ...ENV_GROUPS.suppliers, ...ENV_GROUPS.bus, ENV.reconciliationQueueUrl]);

export const handler = httpService(
  'money-desk',
  moneyDeskOperations({
    floats: dynamoFloats,
    alerts: floatAlerts,
    store: dynamoReconciliation,
    queue: sqsReconciliationQueue(),
    purchases: { getMany: purchasesById },
    wallets: { getWallet: readWallet },
    reversals: dynamoRefundReversals,
    suppliers: supplierDirectoryFromEnv(),
    supplierNames: () => suppliersFromEnv().map((config) => config.name),
    newRunId: () => ulid(),
    now: () => new Date(),
  }),
  edge,
);
