import type { ReactNode } from 'react';
import { Button } from './Button.js';
import { Spinner } from './Spinner.js';

/**
 * A listing's card in its four states: loading, failed (the message given, with "Try again" when
 * the caller can retry), empty, or the list (a table, scrolled in its own box unless `bare`).
 * The caller passes the states rather than its query, so the card stays free of data fetching.
 */
export function ListCard({
  pending,
  error,
  onRetry,
  empty,
  loadingLabel,
  emptyText,
  emptyTestId,
  bare = false,
  footer,
  children,
}: {
  pending: boolean;
  /** The failure's message, when the list failed to load. */
  error: string | null;
  /** Offered as "Try again" beside the failure. */
  onRetry?: () => void;
  empty: boolean;
  loadingLabel: string;
  emptyText: ReactNode;
  emptyTestId?: string;
  /** The list is not a table: no scrolling box around it. */
  bare?: boolean;
  /** Under the list whatever its state (e.g. the pages). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="card card-flush">
      {pending ? (
        <div className="table-empty">
          <Spinner label={loadingLabel} />
        </div>
      ) : error !== null && onRetry ? (
        <div className="table-empty">
          <p>{error}</p>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : error !== null ? (
        <p className="table-empty">{error}</p>
      ) : empty ? (
        <p className="table-empty" data-testid={emptyTestId}>
          {emptyText}
        </p>
      ) : bare ? (
        children
      ) : (
        <div className="table-wrap">{children}</div>
      )}
      {footer}
    </div>
  );
}
