import { useState } from 'react';
import { Link } from 'react-router';
import type { PlanView } from '@shared/api/catalogue.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { Button, ConfirmModal, Icon, notify, unseen } from '@/ui/index.js';
import { useAddPlan } from '../api/add-plan.js';
import { useDeletePlan } from '../api/delete-plan.js';
import { usePlans } from '../api/list-plans.js';
import { useUpdatePlan } from '../api/update-plan.js';
import type { PlanBody } from '../lib/plan-form.js';
import { BillProductsCard } from './BillProductsCard.js';
import { PlanFormModal } from './PlanFormModal.js';
import { PlanList } from './PlanTypeFilter.js';
import { AvailabilityBadge, PRICE_HEADINGS, PlanCells } from './PriceCells.js';

type Editing = { mode: 'add' } | { mode: 'edit'; plan: PlanView } | null;

/** The admin's plan manager: every plan, available or not; add, edit and delete. */
export function PlanManagerPage() {
  const plans = usePlans();
  const add = useAddPlan();
  const update = useUpdatePlan();
  const remove = useDeletePlan();
  const [type, setType] = useState('all');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PlanView | null>(null);

  const save = (body: PlanBody) => {
    const done = {
      onSuccess: (answer: { msg?: string } | undefined) => {
        notify.success(answer?.msg ?? (editing?.mode === 'edit' ? CATALOGUE_MSG.planUpdated : CATALOGUE_MSG.planAdded));
        setEditing(null);
      },
      onError: (error: unknown) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
    };
    if (editing?.mode === 'edit') update.mutate({ ...body, planId: editing.plan.planId }, done);
    else add.mutate(body, done);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.planId, {
      onSuccess: (answer) => {
        notify.success(answer?.msg ?? CATALOGUE_MSG.planDeleted);
        setDeleting(null);
      },
      onError: (error) => {
        setDeleting(null);
        notify.error(errorMessage(error, MSG.somethingWentWrong));
      },
    });
  };

  return (
    <section className="page">
      <header className="page-header page-header-row">
        <div>
          <h1>Data plans</h1>
          <p className="muted">
            Add, edit and remove plans. Prices by tier: <Link to="/profile/updatePrice">Update price</Link> · cost prices and suppliers:{' '}
            <Link to="/profile/adminSettings">Admin settings</Link>
          </p>
        </div>
        <Button icon={<Icon name="plus" size={18} />} onClick={() => setEditing({ mode: 'add' })}>
          Add plan
        </Button>
      </header>

      <PlanList
        plans={plans}
        type={type}
        onType={setType}
        emptyText=" yet."
        testId="plan-table"
        headings={['Plan', 'Type', 'Validity', ...PRICE_HEADINGS, 'Status', unseen('Actions')]}
      >
        {(plan) => (
          <tr key={plan.planId} data-testid="plan-row" data-plan-id={plan.planId}>
            <PlanCells plan={plan}>
              {' '}
              <span className="muted cell-id">#{plan.planId}</span>
            </PlanCells>
            <td className="cell-status">
              <AvailabilityBadge available={plan.isAvailable} />
            </td>
            <td className="cell-actions">
              <Button variant="secondary" className="btn-sm" onClick={() => setEditing({ mode: 'edit', plan })} aria-label={`Edit plan ${plan.planId}`}>
                Edit
              </Button>
              <Button variant="ghost" className="btn-sm" onClick={() => setDeleting(plan)} aria-label={`Delete plan ${plan.planId}`}>
                Delete
              </Button>
            </td>
          </tr>
        )}
      </PlanList>

      {editing ? (
        <PlanFormModal
          key={editing.mode === 'edit' ? editing.plan.planId : 'new'}
          plan={editing.mode === 'edit' ? editing.plan : undefined}
          planType={type === 'all' ? '' : type}
          saving={add.isPending || update.isPending}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      ) : null}

      <ConfirmModal
        open={deleting !== null}
        title="Delete plan"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
        confirmLabel="Delete"
        danger
      >
        {deleting ? (
          <p>
            Delete the {deleting.planType} plan <strong>{deleting.planName}</strong> ({deleting.planValidity}, id {deleting.planId})? Users can no longer buy
            it.
          </p>
        ) : null}
      </ConfirmModal>
      <BillProductsCard />
    </section>
  );
}
