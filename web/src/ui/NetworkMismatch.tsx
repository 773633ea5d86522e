import type { NetworkName } from '@shared/constants.js';
import { networkMismatchMessage } from '@shared/messages.js';
import { networkOfNumber, prefixOfNumber } from '@shared/networks.js';
import { Button } from './Button.js';

/** The network a number belongs to when it is not the one chosen, else null (unknown prefix, or the same). */
export function mismatchedNetwork(phone: string, chosen: NetworkName | null): NetworkName | null {
  const detected = networkOfNumber(phone);
  return detected && chosen && detected !== chosen ? detected : null;
}

/**
 * Warns that the number's prefix belongs to another network, with a one-tap switch. Not a refusal:
 * a ported number keeps its prefix, so the user may keep their choice.
 */
export function NetworkMismatch({ phone, chosen, onSwitch }: { phone: string; chosen: NetworkName | null; onSwitch?: (network: NetworkName) => void }) {
  const detected = mismatchedNetwork(phone, chosen);
  if (!detected || !chosen) return null;
  return (
    <div className="notice notice-warning network-mismatch" role="alert" data-testid="network-mismatch">
      <span>{networkMismatchMessage(prefixOfNumber(phone) ?? phone.slice(0, 4), detected, chosen)}</span>
      {onSwitch ? (
        <Button variant="secondary" className="btn-sm" onClick={() => onSwitch(detected)}>
          Use {detected}
        </Button>
      ) : null}
    </div>
  );
}
