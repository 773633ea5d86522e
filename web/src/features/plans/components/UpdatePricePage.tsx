import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { PlanView } from '@shared/api/catalogue.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { showNaira } from '@/lib/money.js';
import { rolesOf, useSession } from '@/lib/session.js';
import { Button, FormModal, Input, notify, unseen } from '@/ui/index.js';
import { NotificationCard } from '@/ui/NotificationCard.js';
import { usePlans } from '../api/list-plans.js';
import { useUpdatePrice } from '../api/update-price.js';
import { EMPTY_PRICE_FORM, priceForm, type PriceFormValues } from '../lib/price-form.js';
import { PlanList } from './PlanTypeFilter.js';
import { PRICE_HEADINGS, PlanCells } from './PriceCells.js';

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
    <FormModal
      title={`Update price: ${plan.planType} ${plan.planName}`}
      formId="price-form"
      saving={update.isPending}
      submitLabel="Update price"
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <p className="muted">Fill in the prices to change; blank ones stay as they are.</p>
      <Input
        label="Price (₦)"
        inputMode="decimal"
        placeholder={String(plan.smartEarnerPrice)}
        hint={`Now ${showNaira(plan.smartEarnerPrice)}`}
        {...register('price')}
      />
      <Input
        label="Reseller (₦)"
        inputMode="decimal"
        placeholder={String(plan.resellerPrice)}
        hint={`Now ${showNaira(plan.resellerPrice)}`}
        {...register('reseller')}
      />
      <Input label="API (₦)" inputMode="decimal" placeholder={String(plan.apiPrice)} hint={`Now ${showNaira(plan.apiPrice)}`} {...register('api')} />
    </FormModal>
  );
}

/**
 * Admins and agents change a plan's price for each account type. Agents
 * set the notification here too: this is their one Update screen.
 */
export function UpdatePricePage() {
  const session = useSession();
  const { isAdmin } = rolesOf(session?.user);
  const plans = usePlans();
  const [type, setType] = useState('all');
  const [editing, setEditing] = useState<PlanView | null>(null);

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

      <PlanList
        plans={plans}
        type={type}
        onType={setType}
        emptyText="."
        testId="price-update-table"
        headings={['Plan', 'Type', 'Validity', ...PRICE_HEADINGS, unseen('Actions')]}
      >
        {(plan) => (
          <tr key={plan.planId} data-testid="price-update-row" data-plan-id={plan.planId} className={plan.isAvailable ? '' : 'row-muted'}>
            <PlanCells plan={plan}>{plan.isAvailable ? null : <span className="badge badge-failed">unavailable</span>}</PlanCells>
            <td className="cell-actions">
              <Button variant="secondary" className="btn-sm" onClick={() => setEditing(plan)} aria-label={`Update price of plan ${plan.planId}`}>
                Update
              </Button>
            </td>
          </tr>
        )}
      </PlanList>

      {isAdmin ? null : <NotificationCard />}

      {editing ? <PriceModal key={editing.planId} plan={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
