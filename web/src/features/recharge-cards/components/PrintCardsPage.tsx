import { Link, useParams } from 'react-router';
import { PIN_MASK_CHAR } from '@shared/api/transactions.js';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { showNaira } from '@/lib/money.js';
import { saveFile } from '@/lib/save-file.js';
import { Button, Spinner } from '@/ui/index.js';
import { useEpinBatch } from '../api/epins.js';
import { cardsCsv, cardsOf, csvFileName, sheetsOf, type PrintedCard } from '../lib/cards.js';

function Card({ card }: { card: PrintedCard }) {
  return (
    <div className="epin-card" data-testid="epin-card">
      <div className="epin-card-head">
        <strong className="epin-card-network">{card.network}</strong>
        <strong className="epin-card-value">{showNaira(card.denomination)}</strong>
      </div>
      <p className="epin-card-pin" data-testid="epin-card-pin">
        {card.pin}
      </p>
      <p className="epin-card-dial">Dial {card.dial}</p>
      <p className="epin-card-foot">
        <span>S/N {card.serial}</span>
        <span className="epin-card-business">{card.businessName}</span>
      </p>
    </div>
  );
}

/**
 * One batch laid out to print: A4 sheets of 3 × 8 cards with crop lines (print CSS), each card with
 * its network, value, PIN, serial, "Dial *311*PIN#" and the business name; a CSV of the same cards.
 * Read from the batch's own receipt, so only its buyer gets the PINs (anyone else reads them masked
 * and is offered nothing to print).
 */
export function PrintCardsPage() {
  const { id = '' } = useParams();
  const batch = useEpinBatch(id);
  const transaction = batch.data?.transaction;
  const cards = transaction ? cardsOf(transaction) : [];
  // Masked PINs (a reader other than the buyer) are never printed.
  const whole = cards.every((card) => !card.pin.includes(PIN_MASK_CHAR));

  if (batch.isPending) return <Spinner label="Loading the batch…" />;
  if (batch.isError || !transaction) {
    return (
      <section className="page page-narrow">
        <p className="notice notice-warning">{errorMessage(batch.error, MSG.somethingWentWrong)}</p>
        <Link to="/profile/rechargeCards">Back to recharge cards</Link>
      </section>
    );
  }
  return (
    <section className="epin-print" data-testid="epin-print">
      <div className="epin-toolbar">
        <Link to="/profile/rechargeCards" className="btn btn-ghost btn-sm">
          Back
        </Link>
        <p className="epin-toolbar-what">
          {cards.length} card{cards.length === 1 ? '' : 's'} · {transaction.epin?.businessName}
        </p>
        <Button
          variant="secondary"
          className="btn-sm"
          disabled={!cards.length || !whole}
          onClick={() => saveFile(cardsCsv(cards), csvFileName(transaction, cards.length), 'text/csv')}
          data-testid="epin-print-csv"
        >
          Download CSV
        </Button>
        <Button className="btn-sm" disabled={!cards.length || !whole} onClick={() => window.print()} data-testid="epin-print-button">
          Print
        </Button>
      </div>
      {cards.length === 0 ? <p className="notice notice-warning">No PINs to print in this batch.</p> : null}
      {whole
        ? sheetsOf(cards).map((sheet, index) => (
            // Sheets never change order: their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: a sheet is its position in the batch
            <div className="epin-sheet" key={index} data-testid="epin-sheet">
              {sheet.map((card) => (
                <Card key={card.pin} card={card} />
              ))}
            </div>
          ))
        : null}
    </section>
  );
}
