import { useState, type ChangeEvent } from 'react';
import { bulkRefusal, type BulkLineProblem, type BulkProduct } from '@shared/api/bulk.js';
import { BULK_MAX_LINES } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { formatNaira } from '@shared/money.js';
import { ApiError, errorMessage, refusedForGood } from '@/lib/api-client.js';
import { newRequestId } from '@/lib/ids.js';
import { apiNairaToKobo, showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { BalanceHeader, Button, DetailRow, PurchaseConfirmModal, TextArea, notify } from '@/ui/index.js';
import { useBulkBatch, useBuyBulk, usePriceList } from '../api/bulk.js';
import { previewBulk, type BulkPreview } from '../lib/bulk-text.js';

const FORMAT: Record<BulkProduct, { columns: string; example: string }> = {
  airtime: { columns: 'network, phone number, amount', example: 'MTN, 08031234567, 100\nGLO, 08051234567, 200' },
  data: { columns: 'network, phone number, plan id (from the price list)', example: 'MTN, 08031234567, 1\nGLO, 08051234567, 43' },
};

/** The lines a refusal named (the preview's, or the server's 400 `lines`). */
function LineProblems({ problems, msg }: { problems: readonly BulkLineProblem[]; msg?: string }) {
  return (
    <div className="notice notice-warning" role="alert" data-testid="bulk-problems">
      <p>{msg ?? bulkRefusal([]).msg}</p>
      {problems.length ? (
        <ul>
          {problems.map((p) => (
            <li key={p.line}>
              Line {p.line}: {p.msg}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Bulk airtime or data: paste lines or upload a CSV, preview every line with the
 * total and the line count, confirm, then follow each line until it is delivered or refunded.
 */
export function BulkPurchasePage() {
  const session = useSession();
  const [product, setProduct] = useState<BulkProduct>('airtime');
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<BulkPreview | null>(null);
  const [confirming, setConfirming] = useState<{ requestId: string } | null>(null);
  const [serverProblems, setServerProblems] = useState<BulkLineProblem[] | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  const prices = usePriceList(product === 'data');
  const buy = useBuyBulk();
  const batch = useBulkBatch(batchId);
  const userType = session?.user.userType;
  const balanceKobo = apiNairaToKobo(session?.user.balance ?? 0);

  const changed = (next: () => void) => {
    next();
    setPreview(null);
    setServerProblems(null);
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) {
      const content = await file.text();
      changed(() => setText(content));
    }
  };
  const review = () => {
    setServerProblems(null);
    const next = previewBulk(text, product, userType, prices.data);
    setPreview(next);
    // One request_id per reviewed list: a confirm sent twice is one batch, charged once.
    if (next.ok) setConfirming({ requestId: newRequestId() });
  };
  const confirm = () => {
    if (!preview?.ok || !confirming) return;
    buy.mutate(
      { product: preview.product, body: { request_id: confirming.requestId, lines: preview.body.lines } },
      {
        onSuccess: (answer) => {
          setConfirming(null);
          setPreview(null);
          setText('');
          setBatchId(answer.batch.id);
          notify.success(answer.msg);
        },
        onError: (error) => {
          // A lost answer may hide a batch the server took: the dialog stays, same request_id.
          if (refusedForGood(error)) setConfirming(null);
          const lines = error instanceof ApiError ? (error.body as { lines?: BulkLineProblem[] } | undefined)?.lines : undefined;
          if (lines?.length) setServerProblems(lines);
          else notify.error(errorMessage(error, MSG.purchaseFallback));
        },
      },
    );
  };

  const shown = batch.data;
  return (
    <section className="page page-narrow">
      <BalanceHeader title="Bulk purchase" balanceTestId="bulk-balance" />

      <form
        className="card form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <fieldset className="network-picker">
          <legend>What to buy</legend>
          <div className="network-options">
            {(['airtime', 'data'] as const).map((option) => (
              <label key={option} className={`choice network-option ${product === option ? 'selected' : ''}`}>
                <input type="radio" name="bulk-product" value={option} checked={product === option} onChange={() => changed(() => setProduct(option))} />
                {option === 'airtime' ? 'Airtime' : 'Data'}
              </label>
            ))}
          </div>
        </fieldset>
        <TextArea
          label={`Lines (up to ${BULK_MAX_LINES}): ${FORMAT[product].columns}`}
          placeholder={FORMAT[product].example}
          rows={8}
          value={text}
          onChange={(event) => changed(() => setText(event.target.value))}
          data-testid="bulk-lines"
        />
        <div className="field">
          <label htmlFor="bulk-csv">Or upload a CSV file</label>
          <input id="bulk-csv" type="file" accept=".csv,text/csv,text/plain" onChange={(event) => void upload(event)} data-testid="bulk-csv" />
        </div>
        {preview && !preview.ok ? <LineProblems problems={preview.problems} msg={preview.msg} /> : null}
        {serverProblems ? <LineProblems problems={serverProblems} /> : null}
        <Button type="submit" block disabled={product === 'data' && !prices.data}>
          Preview
        </Button>
      </form>

      <PurchaseConfirmModal
        purchase={
          preview?.ok && confirming
            ? {
                chargeKobo: preview.totalKobo,
                details: (
                  <>
                    <DetailRow label="Lines" testId="bulk-line-count">
                      {preview.lines.length}
                    </DetailRow>
                    <DetailRow label="Product">{preview.product === 'airtime' ? 'Airtime' : 'Data'}</DetailRow>
                    <DetailRow label="Numbers">
                      <ol className="bulk-preview" data-testid="bulk-preview">
                        {preview.lines.map((line) => (
                          <li key={line.line}>
                            {line.network} {line.phoneNumber}: {line.item} — {formatNaira(line.chargeKobo)}
                          </li>
                        ))}
                      </ol>
                    </DetailRow>
                  </>
                ),
              }
            : null
        }
        balanceKobo={balanceKobo}
        busy={buy.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />

      {shown ? (
        <div className="card" data-testid="bulk-progress" aria-live="polite">
          <h2>{shown.status === 'done' ? 'Bulk purchase finished' : 'Bulk purchase in progress…'}</h2>
          <dl className="details">
            <DetailRow label="Total charged">{showNaira(shown.total)}</DetailRow>
            <DetailRow label="Delivered" testId="bulk-delivered">
              {shown.delivered} of {shown.lineCount}
            </DetailRow>
            <DetailRow label="Refunded" testId="bulk-refunded">
              {shown.refunded} ({showNaira(shown.refundedAmount)} back to your wallet)
            </DetailRow>
            <DetailRow label="Waiting">{shown.open}</DetailRow>
          </dl>
          <ol className="bulk-lines-progress">
            {shown.lines.map((line) => (
              <li key={line._id} data-testid="bulk-line">
                <span>
                  {line.trans_Network} {line.phone_number} · {showNaira(line.trans_amount)}
                </span>
                <span className={`badge badge-${line.trans_Status}`}>{line.trans_Status}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
