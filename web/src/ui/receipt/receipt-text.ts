/**
 * A transaction's receipt as plain lines (pure): what Share, WhatsApp and "Download as image"
 * carry, and the grouping of electricity tokens in fours so they can be read out and typed in.
 */
import type { TransactionView } from '@shared/api/transactions.js';
import { showNaira } from '@/lib/money.js';
import { dayText } from '@/lib/dates.js';
import { partyLabels, typeName } from '@/lib/transaction-labels.js';

/** "12345678901234567890" → ["1234", "5678", "9012", "3456", "7890"]; null for a token with letters (shown as the supplier gave it). */
export function tokenGroups(token: string): string[] | null {
  const digits = token.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  return digits.match(/\d{1,4}/g) ?? [];
}

/** "12345678901234567890" → "1234 5678 9012 3456 7890"; a token with letters is left as the supplier gave it. */
export function groupToken(token: string): string {
  return tokenGroups(token)?.join(' ') ?? token;
}

/** What the status means for the person who paid, in a word. */
export function statusWord(status: TransactionView['trans_Status']): string {
  switch (status) {
    case 'success':
      return 'Delivered';
    case 'refunded':
      return 'Refunded';
    case 'failed':
      return 'Failed';
    case 'pending':
      return 'Pending';
    default:
      return 'Processing';
  }
}

/** The receipt's title, from the registry's names: "Airtime receipt", "Cable TV receipt", "Withdrawal receipt"… */
export function receiptTitle(t: Pick<TransactionView, 'trans_Type' | 'isWithdrawal'>): string {
  return `${typeName(t.isWithdrawal ? 'withdrawal' : t.trans_Type)} receipt`;
}

/** The receipt's rows, in reading order: only what the transaction has. */
export function receiptLines(t: TransactionView): Array<[string, string]> {
  const lines: Array<[string, string]> = [['Status', statusWord(t.trans_Status)]];
  if (t.refundReason) lines.push(['Reason', t.refundReason]);
  // Named as the product names them ("Disco", "Meter number"); a phone number is just "Number".
  const party = partyLabels(t);
  if (t.trans_Network) lines.push([party.provider, t.trans_Network]);
  if (t.phone_number) lines.push([party.target === 'Phone number' ? 'Number' : party.target, t.phone_number]);
  if (t.customerName) lines.push(['Customer', t.customerName]);
  if (t.bouquet) lines.push(['Bouquet', `${t.cableName ?? ''} ${t.bouquet}${t.subscriptionType ? ` (${t.subscriptionType})` : ''}`.trim()]);
  if (t.dueDate && t.trans_Status !== 'refunded') lines.push(['New due date', dayText(t.dueDate)]);
  if (t.token) lines.push(['Token', groupToken(t.token)]);
  if (t.units) lines.push(['Units', t.units]);
  for (const [i, pin] of (t.pins ?? []).entries()) lines.push([`PIN ${i + 1}`, pin.serial ? `${pin.pin} (serial ${pin.serial})` : pin.pin]);
  if (t.trans_volume) lines.push(['Value', t.trans_volume]);
  lines.push(['Amount', showNaira(t.trans_amount)]);
  lines.push(['Date', new Date(t.createdAt).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' })]);
  lines.push(['Reference', t._id]);
  return lines;
}

/** The receipt as text to share: title, then one "Label: value" line each. */
export function receiptText(t: TransactionView, siteName: string): string {
  return [`${siteName} · ${receiptTitle(t)}`, ...receiptLines(t).map(([label, value]) => `${label}: ${value}`)].join('\n');
}

/** WhatsApp's click-to-chat link carrying the text (the user picks the chat). */
export function whatsappLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** A file name for the receipt's image. */
export function receiptFileName(t: Pick<TransactionView, '_id'>): string {
  return `receipt-${t._id}.png`;
}
