import { useState } from 'react';
import { Link } from 'react-router';
import type { TransactionView } from '@shared/api/transactions.js';
import { MSG } from '@shared/messages.js';
import type { TransactionResponse } from '@shared/api/transactions.js';
import { api, errorMessage } from '@/lib/api-client.js';
import { dayText } from '@/lib/dates.js';
import { showNaira } from '@/lib/money.js';
import { saveFile } from '@/lib/save-file.js';
import { Button, ListCard, Pagination, notify } from '@/ui/index.js';
import { useEpinBatches } from '../api/epins.js';
import { cardsCsv, cardsOf, csvFileName } from '../lib/cards.js';

/** Page buttons under the batches: few, a phone's width. */
const BATCH_PAGE_BUTTONS = 5;

/** Downloads a batch's cards as CSV, read from its own receipt (the list carries no PIN). */
async function downloadCsv(id: string): Promise<void> {
  const { transaction } = await api<TransactionResponse>('getTransaction', { params: { id } });
  const cards = cardsOf(transaction);
  saveFile(cardsCsv(cards), csvFileName(transaction, cards.length), 'text/csv');
}

function BatchRow({ batch }: { batch: TransactionView }) {
  const [busy, setBusy] = useState(false);
  const epin = batch.epin;
  const printable = batch.trans_Status === 'success' && (epin?.delivered ?? 0) > 0;
  const onCsv = () => {
    setBusy(true);
    downloadCsv(batch._id)
      .catch((error) => notify.error(errorMessage(error, MSG.somethingWentWrong)))
      .finally(() => setBusy(false));
  };
  return (
    <li className="epin-batch" data-testid="epin-batch" data-id={batch._id}>
      <div className="epin-batch-what">
        <strong>{epin ? `${epin.network} ${showNaira(epin.denomination)} × ${epin.delivered || epin.ordered}` : batch.trans_Network}</strong>
        <span className={`badge badge-${batch.trans_Status}`}>{batch.trans_Status}</span>
        <small className="muted">
          {epin?.businessName} · {dayText(batch.trans_Date)} · {showNaira(batch.trans_amount)}
          {epin && epin.delivered > 0 && epin.delivered < epin.ordered ? ` · ${epin.delivered} of ${epin.ordered} delivered, the rest refunded` : ''}
        </small>
      </div>
      {printable ? (
        <div className="epin-batch-actions">
          <Link to={`/profile/rechargeCards/${batch._id}/print`} className="btn btn-secondary btn-sm" data-testid="epin-reprint">
            Print
          </Link>
          <Button variant="ghost" className="btn-sm" loading={busy} onClick={onCsv} data-testid="epin-csv">
            CSV
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The buyer's batches, newest first: each re-printed or downloaded from its own receipt. */
export function BatchList() {
  const [page, setPage] = useState(1);
  const batches = useEpinBatches(page);
  const list = batches.data?.transactions ?? [];
  return (
    <section className="epin-batches" aria-labelledby="epin-batches-title" data-testid="epin-batches">
      <h2 className="epin-batches-title" id="epin-batches-title">
        Your batches
      </h2>
      <ListCard
        bare
        pending={batches.isPending}
        error={batches.isError ? errorMessage(batches.error, MSG.somethingWentWrong) : null}
        onRetry={() => void batches.refetch()}
        empty={list.length === 0}
        loadingLabel="Loading batches…"
        emptyText="No recharge cards bought yet."
        emptyTestId="epin-batches-empty"
        footer={<Pagination page={page} totalPages={batches.data?.totalPages ?? 1} maxButtons={BATCH_PAGE_BUTTONS} onChange={setPage} />}
      >
        <ul className="epin-batch-list">
          {list.map((batch) => (
            <BatchRow key={batch._id} batch={batch} />
          ))}
        </ul>
      </ListCard>
    </section>
  );
}
