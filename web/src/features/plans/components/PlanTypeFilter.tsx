import { PLAN_TYPES } from '@shared/constants.js';

/** Chips choosing which plan type (network or MTN product) a plan table shows. */
export function PlanTypeFilter({ value, onChange, counts }: { value: string; onChange: (value: string) => void; counts: Record<string, number> }) {
  return (
    <div className="chips chips-scroll" role="group" aria-label="Network">
      {['all', ...PLAN_TYPES].map((type) => (
        <button key={type} type="button" className={`chip ${value === type ? 'selected' : ''}`} aria-pressed={value === type} onClick={() => onChange(type)}>
          {type === 'all' ? 'All' : type}
          <span className="chip-count">{type === 'all' ? Object.values(counts).reduce((a, b) => a + b, 0) : (counts[type] ?? 0)}</span>
        </button>
      ))}
    </div>
  );
}

export function countByType(plans: ReadonlyArray<{ planType: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const plan of plans) counts[plan.planType] = (counts[plan.planType] ?? 0) + 1;
  return counts;
}
