/**
 * The decoders a buyer paid for, remembered on this device (most recent first) so the next renewal
 * is one tap: the server's contacts hold phone numbers of a network, not smartcards.
 */
const KEY = 'vtu.savedDecoders';
const MAX = 10;

export interface SavedDecoder {
  cableName: string;
  smartCardNo: string;
  name: string;
}

export function savedDecoders(): SavedDecoder[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((d): d is SavedDecoder => typeof d?.cableName === 'string' && typeof d?.smartCardNo === 'string' && typeof d?.name === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberDecoder(decoder: SavedDecoder): void {
  const rest = savedDecoders().filter((d) => !(d.cableName === decoder.cableName && d.smartCardNo === decoder.smartCardNo));
  try {
    localStorage.setItem(KEY, JSON.stringify([decoder, ...rest].slice(0, MAX)));
  } catch {
    // Storage full or disabled: nothing to remember, the purchase itself is unaffected.
  }
}
