import { useState } from 'react';
import { Link } from 'react-router';
import type { PlanView } from '@shared/api/catalogue.js';
import { CATALOGUE_MSG } from '@shared/messages.js';
import { useAddEditDelete } from '@/lib/use-add-edit-delete.js';
import { Button, ConfirmModal, Icon, unseen } from '@/ui/index.js';
import { useAddPlan } from '../api/add-plan.js';
import { useDeletePlan } from '../api/delete-plan.js';
import { usePlans } from '../api/list-plans.js';
import { useUpdatePlan } from '../api/update-plan.js';
import type { PlanBody } from '../lib/plan-form.js';
import { BillProductsCard } from './BillProductsCard.js';
import { PlanFormModal } from './PlanFormModal.js';
import { PlanList } from './PlanTypeFilter.js';
import { AvailabilityBadge, PRICE_HEADINGS, PlanCells } from './PriceCells.js';

/** The admin's plan manager: every plan, available or not; add, edit and delete. */
export function PlanManagerPage() {
  const plans = usePlans();
  const add = useAddPlan();
  const update = useUpdatePlan();
  const remove = useDeletePlan();
  const [type, setType] = useState('all');
  const { editing, setEditing, deleting, setDeleting, formModal, deleteModal } = useAddEditDelete({
    add,
    update,
    remove,
    updateBody: (plan: PlanView, body: PlanBody) => ({ ...body, planId: plan.planId }),
    keyOf: (plan) => plan.planId,
    messages: { added: CATALOGUE_MSG.planAdded, updated: CATALOGUE_MSG.planUpdated, deleted: CATALOGUE_MSG.planDeleted },
  });

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
              <Button variant="secondary" className="btn-sm" onClick={() => setEditing({ mode: 'edit', item: plan })} aria-label={`Edit plan ${plan.planId}`}>
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
          key={editing.mode === 'edit' ? editing.item.planId : 'new'}
          plan={editing.mode === 'edit' ? editing.item : undefined}
          planType={type === 'all' ? '' : type}
          {...formModal}
        />
      ) : null}

      <ConfirmModal title="Delete plan" {...deleteModal}>
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
