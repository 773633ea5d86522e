/**
 * The admin's user list: what one row shows and how the list becomes a CSV file. A row is built
 * field by field from the profile, so a secret added to the profile later never reaches it.
 */
import type { UserRow } from '../../../shared/api/admin-users.js';
import { koboToNaira } from '../../../shared/money.js';
import type { UserProfile } from './accounts.js';

export type ListedUser = Pick<
  UserProfile,
  'userId' | 'userName' | 'fullName' | 'email' | 'phoneNumber' | 'userType' | 'bvn' | 'nin' | 'referredBy' | 'accountNumbers' | 'createdAt' | 'lastLogin'
>;

/** Visible digits of a masked identity number: enough for an operator to match it with the user, never the number. */
const IDENTITY_VISIBLE_DIGITS = 4;

/** An identity number (BVN, NIN) as an operator sees it: every digit but the last four hidden. */
export function maskIdentityNumber(value: string | null): string | null {
  if (!value) return null;
  const visible = value.slice(-IDENTITY_VISIBLE_DIGITS);
  return '*'.repeat(Math.max(value.length - visible.length, 0)) + visible;
}

export function toUserRow(user: ListedUser, balanceKobo: number): UserRow {
  return {
    userId: user.userId,
    _id: user.userId,
    userName: user.userName,
    fullName: user.fullName,
    accountNumbers: user.accountNumbers.map(({ bankName, accountNumber }) => ({ bankName, accountNumber })),
    bvn: maskIdentityNumber(user.bvn),
    nin: maskIdentityNumber(user.nin),
    referredBy: user.referredBy,
    email: user.email,
    phoneNumber: user.phoneNumber,
    userType: user.userType,
    balance: koboToNaira(balanceKobo),
    kyc: user.bvn || user.nin ? 'verified' : 'not verified',
    createdAt: user.createdAt,
    lastLogin: user.lastLogin,
  };
}

type CsvField = { [K in keyof UserRow]: UserRow[K] extends string | number | null ? K : never }[keyof UserRow];

const CSV_COLUMNS: readonly (readonly [CsvField, string])[] = [
  ['userName', 'User name'],
  ['email', 'E-mail'],
  ['phoneNumber', 'Phone'],
  ['userType', 'Type'],
  ['balance', 'Balance (NGN)'],
  ['kyc', 'KYC'],
  ['createdAt', 'Created'],
  ['lastLogin', 'Last login'],
];

/**
 * One CSV cell (RFC 4180 quoting). A text starting with = + - @ (or a tab / carriage return) is
 * prefixed with ' so a spreadsheet shows it instead of running it as a formula; numbers are left
 * alone, a negative balance stays a number.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function usersCsv(rows: readonly UserRow[]): string {
  const lines = [CSV_COLUMNS.map(([, title]) => csvCell(title)), ...rows.map((row) => CSV_COLUMNS.map(([field]) => csvCell(row[field])))];
  return `${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}
