import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { PlanView } from '@shared/api/catalogue.js';
import { PLAN_TYPES } from '@shared/constants.js';
import { ApiError } from '@/lib/api-client.js';
import { ListCard, TableHead, type Heading } from '@/ui/index.js';
import type { usePlans } from '../api/list-plans.js';

/** Chips choosing which plan type (network or MTN product) a plan table shows. */
export function PlanTypeFilter({ value, onChange, counts }: { value: string; onChange: (value: string) => void; counts: Record<string, number> }) {
  return (
    <fieldset className="chips-group" aria-label="Network">
      <div className="chips chips-scroll">
        {['all', ...PLAN_TYPES].map((type) => (
          <button key={type} type="button" className={`chip ${value === type ? 'selected' : ''}`} aria-pressed={value === type} onClick={() => onChange(type)}>
            {type === 'all' ? 'All' : type}
            <span className="chip-count">{type === 'all' ? Object.values(counts).reduce((a, b) => a + b, 0) : (counts[type] ?? 0)}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function countByType(plans: ReadonlyArray<{ planType: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const plan of plans) counts[plan.planType] = (counts[plan.planType] ?? 0) + 1;
  return counts;
}

/**
 * A plan table's card: the type chips, then a row per plan of the chosen type, in the card's
 * loading, failure and empty states. A refused admin fetch sends the user back to the profile.
 */
export function PlanList({
  plans,
  type,
  onType,
  emptyText,
  testId,
  headings,
  children,
}: {
  plans: ReturnType<typeof usePlans>;
  type: string;
  onType: (type: string) => void;
  /** Said when the chosen type has no plan: "No plans of type MTN" and this ending. */
  emptyText: string;
  testId: string;
  headings: readonly Heading[];
  /** One plan's row. */
  children: (plan: PlanView) => ReactNode;
}) {
  if (plans.error instanceof ApiError && (plans.error.status === 403 || plans.error.status === 401)) return <Navigate to="/profile" replace />;
  const all = plans.data?.plans ?? [];
  const shown = type === 'all' ? all : all.filter((plan) => plan.planType === type);
  return (
    <>
      <PlanTypeFilter value={type} onChange={onType} counts={countByType(all)} />
      <ListCard
        pending={plans.isPending}
        error={plans.isError && !plans.data ? 'We could not load the plans.' : null}
        onRetry={() => void plans.refetch()}
        empty={shown.length === 0}
        loadingLabel="Loading plans…"
        emptyText={`No plans${type === 'all' ? '' : ` of type ${type}`}${emptyText}`}
      >
        <table className="table table-stack" data-testid={testId}>
          <TableHead headings={headings} />
          <tbody>{shown.map(children)}</tbody>
        </table>
      </ListCard>
    </>
  );
}
