import type { ReactNode } from 'react';
import { Spinner } from './Spinner.js';

/**
 * A listing's card in its four states: loading, failed (the message given), empty, or the list.
 * The caller passes the states rather than its query, so the card stays free of data fetching.
 */
export function ListCard({
  pending,
  error,
  empty,
  loadingLabel,
  emptyText,
  emptyTestId,
  children,
}: {
  pending: boolean;
  /** The failure's message, when the list failed to load. */
  error: string | null;
  empty: boolean;
  loadingLabel: string;
  emptyText: string;
  emptyTestId?: string;
  children: ReactNode;
}) {
  return (
    <div className="card card-flush">
      {pending ? (
        <div className="table-empty">
          <Spinner label={loadingLabel} />
        </div>
      ) : error !== null ? (
        <p className="table-empty">{error}</p>
      ) : empty ? (
        <p className="table-empty" data-testid={emptyTestId}>
          {emptyText}
        </p>
      ) : (
        <div className="table-wrap">{children}</div>
      )}
    </div>
  );
}
