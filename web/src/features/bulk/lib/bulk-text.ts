import { bulkAirtimeLine, bulkDataLine, bulkLines, type BulkLineProblem, type BulkProduct } from '@shared/api/bulk.js';
import type { PriceRow } from '@shared/api/catalogue.js';
import { AIRTIME_NETWORK_IDS, BULK_MAX_LINES, DATA_NETWORK_IDS, airtimeNetworkName, dataNetworkName, isNetworkName } from '@shared/constants.js';
import { BULK_MSG, CATALOGUE_MSG, MSG, tooManyLinesMessage } from '@shared/messages.js';
import { airtimeAmountRefusal, airtimeChargeKobo, priceForUserType } from '@shared/pricing.js';
import { formatNaira } from '@shared/money.js';
import { apiNairaToKobo, koboToApiNaira } from '@/lib/money.js';

/**
 * Pasted text or an uploaded CSV → the lines POST /buy/{product}/bulk takes: one line per row,
 * `network, phone number, amount` (airtime) or `network, phone number, plan id` (data); cells split
 * by comma, semicolon or tab (or spaces when there is none); the network as a name (MTN, GLO, AIRTEL,
 * 9MOBILE) or its id. A first row without a phone number is a header and is skipped.
 */
export function linesOfText(text: string, product: BulkProduct): Record<string, unknown>[] {
  const ids = product === 'airtime' ? AIRTIME_NETWORK_IDS : DATA_NETWORK_IDS;
  const rows = text
    .split(/\r?\n/)
    .map((row) => row.trim())
    .filter((row) => row !== '');
  const cells = rows.map((row) => (/[,;\t]/.test(row) ? row.split(/[,;\t]/) : row.split(/\s+/)).map((cell) => cell.trim().replace(/^"|"$/g, '')));
  const body = cells.length > 0 && !/\d/.test(cells[0]![1] ?? '') ? cells.slice(1) : cells;
  return body.map(([network = '', mobile_number = '', third = '']) => {
    const name = network.toUpperCase();
    const networkId = isNetworkName(name) ? ids[name] : network;
    return product === 'airtime' ? { network: networkId, mobile_number, amount: third } : { network: networkId, mobile_number, plan: third };
  });
}

export interface PreviewLine {
  /** Its line in the text, from 1 (as a refusal names it): two lines may otherwise be alike. */
  line: number;
  network: string;
  phoneNumber: string;
  /** Airtime: the face value; data: the plan's name. */
  item: string;
  chargeKobo: number;
}

export type BulkPreview =
  | { ok: true; product: BulkProduct; body: { lines: Record<string, unknown>[] }; lines: PreviewLine[]; totalKobo: number }
  | { ok: false; problems: BulkLineProblem[]; msg?: string };

/**
 * What the confirmation shows before anything is spent: every line checked as the server checks it
 * (the same shared schemas, the airtime limits, a plan of the price list for its network), each bad
 * line named; else each line's charge for this user and the total.
 */
export function previewBulk(text: string, product: BulkProduct, userType: string | undefined, prices: readonly PriceRow[] | undefined): BulkPreview {
  const raw = linesOfText(text, product);
  if (raw.length === 0) return { ok: false, problems: [], msg: BULK_MSG.noLines };
  if (raw.length > BULK_MAX_LINES) return { ok: false, problems: [], msg: tooManyLinesMessage(BULK_MAX_LINES) };
  if (product === 'airtime') {
    const checked = bulkLines(bulkAirtimeLine, raw);
    if (!checked.ok) return { ok: false, problems: checked.problems };
    const problems = checked.lines.flatMap((line, i) => {
      const refusal = airtimeAmountRefusal(line.amount);
      return refusal
        ? [{ line: i + 1, msg: refusal === 'below_minimum' ? MSG.minimumAirtime : refusal === 'above_maximum' ? MSG.maximumAirtime : MSG.enterValidAmount }]
        : [];
    });
    if (problems.length) return { ok: false, problems };
    const lines = checked.lines.map((line, i) => ({
      line: i + 1,
      network: airtimeNetworkName(line.network) ?? String(line.network),
      phoneNumber: line.mobile_number,
      item: `${formatNaira(line.amount)} airtime`,
      chargeKobo: airtimeChargeKobo(line.amount, userType),
    }));
    const body = checked.lines.map((line) => ({ network: line.network, mobile_number: line.mobile_number, amount: koboToApiNaira(line.amount) }));
    return { ok: true, product, body: { lines: body }, lines, totalKobo: lines.reduce((sum, l) => sum + l.chargeKobo, 0) };
  }
  const checked = bulkLines(bulkDataLine, raw);
  if (!checked.ok) return { ok: false, problems: checked.problems };
  const problems: BulkLineProblem[] = [];
  const lines: PreviewLine[] = [];
  checked.lines.forEach((line, i) => {
    const network = dataNetworkName(line.network);
    const plan = prices?.find((row) => row.id === line.plan && row.isAvailable);
    if (!plan) problems.push({ line: i + 1, msg: CATALOGUE_MSG.planUnavailable });
    else if (plan.plan_network !== network) problems.push({ line: i + 1, msg: CATALOGUE_MSG.planNotForNetwork });
    else
      lines.push({
        line: i + 1,
        network: network ?? '',
        phoneNumber: line.mobile_number,
        item: `${plan.plan} (${plan.month_validate})`,
        chargeKobo: apiNairaToKobo(priceForUserType(plan, userType)),
      });
  });
  if (problems.length) return { ok: false, problems };
  const body = checked.lines.map((line) => ({ network: line.network, mobile_number: line.mobile_number, plan: line.plan }));
  return { ok: true, product, body: { lines: body }, lines, totalKobo: lines.reduce((sum, l) => sum + l.chargeKobo, 0) };
}
