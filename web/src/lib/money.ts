import { formatNaira } from '@shared/money.js';
import { apiNairaToKobo } from './api-naira.js';

// No zod here: the shell and the dashboard show money on their first screen, and the schemas
// (typed amounts: ./typed-naira.ts) would add their download and start-up to it.
export { apiNairaToKobo, koboToApiNaira } from './api-naira.js';

/** "₦1,234.50" for a naira number from the API. */
export function showNaira(naira: number | null | undefined): string {
  return formatNaira(apiNairaToKobo(naira ?? 0));
}
