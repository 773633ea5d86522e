import { useIsFetching, useIsMutating } from '@tanstack/react-query';

/** The global loading flag: on while any call runs (background refreshes of data already shown excepted). */
export function GlobalLoader() {
  const fetching = useIsFetching({ predicate: (query) => query.state.data === undefined });
  const mutating = useIsMutating();
  if (fetching + mutating === 0) return null;
  return (
    <div className="global-loader" role="status" aria-live="polite" data-testid="global-loader">
      <div className="global-loader-bar" />
      <span className="global-loader-text">Please wait…</span>
    </div>
  );
}
