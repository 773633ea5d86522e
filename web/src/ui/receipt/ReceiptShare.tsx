import type { TransactionView } from '@shared/api/transactions.js';
import { SITE } from '@/config/site.js';
import { Button } from '../Button.js';
import { notify } from '../notify.js';
import { receiptFileName, receiptLines, receiptText, receiptTitle, whatsappLink } from './receipt-text.js';

/** Whether this browser can share text through the system's share sheet (Web Share API). */
function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * Share, Download as image and WhatsApp for a final transaction. Share is hidden where the Web
 * Share API is missing; the image code is fetched only when asked for.
 */
export function ReceiptShare({ transaction }: { transaction: TransactionView }) {
  const text = receiptText(transaction, SITE.name);
  const share = async () => {
    try {
      await navigator.share({ title: receiptTitle(transaction), text });
    } catch (error) {
      // Closing the share sheet is not a failure worth telling.
      if ((error as { name?: string }).name !== 'AbortError') notify.error('Could not share the receipt');
    }
  };
  const download = async () => {
    try {
      const { downloadReceiptImage } = await import('./receipt-image.js');
      await downloadReceiptImage(`${SITE.name} · ${receiptTitle(transaction)}`, receiptLines(transaction), receiptFileName(transaction));
    } catch {
      notify.error('Could not make the image');
    }
  };
  return (
    <div className="receipt-share" data-testid="receipt-share">
      {canShare() ? (
        <Button variant="secondary" className="btn-sm" onClick={() => void share()}>
          Share
        </Button>
      ) : null}
      <Button variant="secondary" className="btn-sm" onClick={() => void download()}>
        Download as image
      </Button>
      <a className="btn btn-secondary btn-sm" href={whatsappLink(text)} target="_blank" rel="noreferrer">
        WhatsApp
      </a>
    </div>
  );
}
