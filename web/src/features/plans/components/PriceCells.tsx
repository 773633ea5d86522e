import type { ReactNode } from 'react';
import type { PlanView } from '@shared/api/catalogue.js';
import { showNaira } from '@/lib/money.js';
import { num, type Heading } from '@/ui/index.js';

const TIERS = ['Price', 'Reseller', 'API', 'Cost'] as const;

/** The headings of the tier prices and the cost, as every price table shows them. */
export const PRICE_HEADINGS: Heading[] = TIERS.map(num);

/** A plan's or a bill product's prices (naira) in the order of PriceHeads, each labelled for the phone's stacked rows. */
export function PriceCells({ prices }: { prices: readonly [number, number, number, number] }) {
  return (
    <>
      {TIERS.map((tier, i) => (
        <td key={tier} data-label={tier} className="num">
          {showNaira(prices[i])}
        </td>
      ))}
    </>
  );
}

/** Whether it can be bought now. */
export function AvailabilityBadge({ available }: { available: boolean }) {
  return <span className={`badge ${available ? 'badge-success' : 'badge-failed'}`}>{available ? 'available' : 'unavailable'}</span>;
}

/** A data plan's row cells before its own: the name (with what the page adds to it), type, validity and prices. */
export function PlanCells({ plan, children }: { plan: PlanView; children?: ReactNode }) {
  return (
    <>
      <td className="cell-title">
        {plan.planName}
        {children}
        <span className="mobile-only muted cell-sub">
          {plan.planType} · {plan.planValidity}
        </span>
      </td>
      <td className="hide-mobile">{plan.planType}</td>
      <td className="hide-mobile nowrap">{plan.planValidity}</td>
      <PriceCells prices={[plan.smartEarnerPrice, plan.resellerPrice, plan.apiPrice, plan.planCostPrice]} />
    </>
  );
}
