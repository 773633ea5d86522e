import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import type { PlanView } from '@shared/api/catalogue.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { ApiError, errorMessage } from '@/lib/api-client.js';
import { showNaira } from '@/lib/money.js';
import { Button, Icon, Modal, Spinner, notify } from '@/ui/index.js';
import { useAddPlan } from '../api/add-plan.js';
import { useDeletePlan } from '../api/delete-plan.js';
import { usePlans } from '../api/list-plans.js';
import { useUpdatePlan } from '../api/update-plan.js';
import type { PlanBody } from '../lib/plan-form.js';
import { BillProductsCard } from './BillProductsCard.js';
import { PlanFormModal } from './PlanFormModal.js';
import { PlanTypeFilter, countByType } from './PlanTypeFilter.js';

type Editing = { mode: 'add' } | { mode: 'edit'; plan: PlanView } | null;

/** The admin's plan manager: every plan, available or not; add, edit and delete (spec §2). */
export function PlanManagerPage() {
  const plans = usePlans();
  const add = useAddPlan();
  const update = useUpdatePlan();
  const remove = useDeletePlan();
  const [type, setType] = useState('all');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PlanView | null>(null);

  // A refused admin fetch sends the user back to the profile (spec §2).
  if (plans.error instanceof ApiError && (plans.error.status === 403 || plans.error.status === 401)) return <Navigate to="/profile" replace />;

  const all = plans.data?.plans ?? [];
  const shown = type === 'all' ? all : all.filter((plan) => plan.planType === type);

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
          <p className="table-empty">No plans{type === 'all' ? '' : ` of type ${type}`} yet.</p>
        ) : (
          <div className="table-wrap">
            <table className="table table-stack" data-testid="plan-table">
              <thead>
                <tr>
                  <th>Plan</th>
                  <th>Type</th>
                  <th>Validity</th>
                  <th className="num">Price</th>
                  <th className="num">Reseller</th>
                  <th className="num">API</th>
                  <th className="num">Cost</th>
                  <th>Status</th>
                  <th>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((plan) => (
                  <tr key={plan.planId} data-testid="plan-row" data-plan-id={plan.planId}>
                    <td className="cell-title">
                      {plan.planName} <span className="muted cell-id">#{plan.planId}</span>
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
                    <td className="cell-status">
                      <span className={`badge ${plan.isAvailable ? 'badge-success' : 'badge-failed'}`}>{plan.isAvailable ? 'available' : 'unavailable'}</span>
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
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

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

      <Modal
        open={deleting !== null}
        title="Delete plan"
        onClose={remove.isPending ? undefined : () => setDeleting(null)}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirmDelete} loading={remove.isPending}>
              Delete
            </Button>
          </>
        }
      >
        {deleting ? (
          <p>
            Delete the {deleting.planType} plan <strong>{deleting.planName}</strong> ({deleting.planValidity}, id {deleting.planId})? Users can no longer buy it.
          </p>
        ) : null}
      </Modal>
      <BillProductsCard />
    </section>
  );
}
