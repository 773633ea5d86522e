import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import type { PlanView } from '@shared/api/catalogue.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { ApiError, errorMessage } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { showNaira } from '@/lib/money.js';
import { rolesOf, useSession } from '@/lib/session.js';
import { Button, Input, Modal, Spinner, notify } from '@/ui/index.js';
import { NotificationCard } from '@/ui/NotificationCard.js';
import { usePlans } from '../api/list-plans.js';
import { useUpdatePrice } from '../api/update-price.js';
import { EMPTY_PRICE_FORM, priceForm, type PriceFormValues } from '../lib/price-form.js';
import { PlanTypeFilter, countByType } from './PlanTypeFilter.js';

/** The new tier prices of one plan; blank ones stay as they are. */
function PriceModal({ plan, onClose }: { plan: PlanView; onClose: () => void }) {
  const update = useUpdatePrice();
  const { register, handleSubmit } = useForm({ resolver: zodResolver(priceForm(plan.planId)), defaultValues: EMPTY_PRICE_FORM });
  const onSubmit = handleSubmit(
    (body) =>
      update.mutate(body, {
        onSuccess: (answer) => {
          notify.success(answer?.msg ?? CATALOGUE_MSG.priceUpdated);
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      }),
    warnFirstError<PriceFormValues>(['price', 'reseller', 'api']),
  );
  return (
    <Modal
      open
      title={`Update price: ${plan.planType} ${plan.planName}`}
      onClose={update.isPending ? undefined : onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="price-form" loading={update.isPending}>
            Update price
          </Button>
        </>
      }
    >
      <form id="price-form" onSubmit={onSubmit} noValidate className="form">
        <p className="muted">Fill in the prices to change; blank ones stay as they are.</p>
        <Input label="Price (₦)" inputMode="decimal" placeholder={String(plan.smartEarnerPrice)} hint={`Now ${showNaira(plan.smartEarnerPrice)}`} {...register('price')} />
        <Input label="Reseller (₦)" inputMode="decimal" placeholder={String(plan.resellerPrice)} hint={`Now ${showNaira(plan.resellerPrice)}`} {...register('reseller')} />
        <Input label="API (₦)" inputMode="decimal" placeholder={String(plan.apiPrice)} hint={`Now ${showNaira(plan.apiPrice)}`} {...register('api')} />
      </form>
    </Modal>
  );
}

/**
 * Admins and agents change a plan's price for each account type (spec §2 "Update prices"). Agents
 * set the notification here too: this is their one Update screen (spec §2 sidebar, §6).
 */
export function UpdatePricePage() {
  const session = useSession();
  const { isAdmin } = rolesOf(session?.user);
  const plans = usePlans();
  const [type, setType] = useState('all');
  const [editing, setEditing] = useState<PlanView | null>(null);

  if (plans.error instanceof ApiError && (plans.error.status === 403 || plans.error.status === 401)) return <Navigate to="/profile" replace />;

  const all = plans.data?.plans ?? [];
  const shown = type === 'all' ? all : all.filter((plan) => plan.planType === type);

  return (
    <section className="page">
      <header className="page-header page-header-row">
        <div>
          <h1>Update price</h1>
          <p className="muted">The price each account type pays for a data plan.</p>
        </div>
        {isAdmin ? (
          <Link to="/profile/dataPlans" className="btn btn-secondary">
            Manage plans
          </Link>
        ) : null}
      </header>

      <PlanTypeFilter value={type} onChange={setType} counts={countByType(all)} />

      <div className="card card-flush">
        {plans.isPending ? (
          <div className="table-empty">
            <Spinner label="Loading plans…" />
          </div>
        ) : plans.isError && !plans.data ? (
          <div className="table-empty">
            <p>We could not load the plans.</p>
            <Button variant="secondary" onClick={() => void plans.refetch()}>
              Try again
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <p className="table-empty">No plans{type === 'all' ? '' : ` of type ${type}`}.</p>
        ) : (
          <div className="table-wrap">
            <table className="table table-stack" data-testid="price-update-table">
              <thead>
                <tr>
                  <th>Plan</th>
                  <th>Type</th>
                  <th>Validity</th>
                  <th className="num">Price</th>
                  <th className="num">Reseller</th>
                  <th className="num">API</th>
                  <th className="num">Cost</th>
                  <th>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((plan) => (
                  <tr key={plan.planId} data-testid="price-update-row" data-plan-id={plan.planId} className={plan.isAvailable ? '' : 'row-muted'}>
                    <td className="cell-title">
                      {plan.planName}
                      {plan.isAvailable ? null : <span className="badge badge-failed">unavailable</span>}
                      <span className="mobile-only muted cell-sub">
                        {plan.planType} · {plan.planValidity}
                      </span>
                    </td>
                    <td className="hide-mobile">{plan.planType}</td>
                    <td className="hide-mobile nowrap">{plan.planValidity}</td>
                    <td data-label="Price" className="num">
                      {showNaira(plan.smartEarnerPrice)}
                    </td>
                    <td data-label="Reseller" className="num">
                      {showNaira(plan.resellerPrice)}
                    </td>
                    <td data-label="API" className="num">
                      {showNaira(plan.apiPrice)}
                    </td>
                    <td data-label="Cost" className="num">
                      {showNaira(plan.planCostPrice)}
                    </td>
                    <td className="cell-actions">
                      <Button variant="secondary" className="btn-sm" onClick={() => setEditing(plan)} aria-label={`Update price of plan ${plan.planId}`}>
                        Update
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {isAdmin ? null : <NotificationCard />}

      {editing ? <PriceModal key={editing.planId} plan={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
