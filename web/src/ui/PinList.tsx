import { MSG } from '@shared/messages.js';
import { Button } from './Button.js';
import { copyText } from './copy.js';
import { CopyButton } from './CopyButton.js';
import { notify } from './notify.js';

export interface PinEntry {
  pin: string;
  serial: string | null;
}

/** The PINs as one text (one per line, with serials), for Copy and Share. */
export function pinsText(pins: readonly PinEntry[]): string {
  return pins.map((p) => (p.serial ? `Serial ${p.serial} PIN ${p.pin}` : `PIN ${p.pin}`)).join('\n');
}

/** Shares through the device's share sheet where there is one; otherwise copies (and says so). */
async function share(title: string, pins: readonly PinEntry[]): Promise<void> {
  const text = `${title}\n${pinsText(pins)}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text });
      return;
    } catch {
      // Dismissed or refused: copying below.
    }
  }
  if (await copyText(text)) notify.success(MSG.copied);
}

/** Exam PINs (and serials) as issued, with Copy and Share: on a receipt and in a transaction's details. */
export function PinList({ title, pins, testId = 'pin-list' }: { title: string; pins: readonly PinEntry[]; testId?: string }) {
  return (
    <div className="form" data-testid={testId}>
      {pins.map((p) => (
        <div className="copy-row" key={p.pin}>
          <code className="code-box" data-testid="pin">
            {p.pin}
          </code>
          {p.serial ? <small className="muted">Serial {p.serial}</small> : null}
        </div>
      ))}
      <div className="form-row">
        <CopyButton text={pinsText(pins)} toastMessage={MSG.copied} label="Copy PINs" />
        <Button variant="ghost" onClick={() => void share(title, pins)}>
          Share
        </Button>
      </div>
    </div>
  );
}
