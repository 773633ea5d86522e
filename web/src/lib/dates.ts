/** Dates as a person reads them on a phone: short, and never an ISO string. */

const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/**
 * A calendar day ("2026-02-02", or an ISO time on that day) → "2 Feb 2026". The day is the one
 * written, in every time zone (read as UTC, not as the reader's midnight). Anything that is no date
 * is shown as given.
 */
export function dayText(value: string): string {
  const match = DAY.exec(value.trim());
  if (!match) return value;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls a 13th month or a 45th day over: such a string is no date.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return value;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
