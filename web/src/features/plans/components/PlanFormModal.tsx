import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { PlanView } from '@shared/api/catalogue.js';
import { PLAN_TYPES, SUPPLIERS } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { warnFirstError } from '@/lib/forms.js';
import { Checkbox, FormModal, Input, Select } from '@/ui/index.js';
import { PLAN_FIELD_ORDER, planForm, planFormValues, type PlanBody, type PlanFormValues } from '../lib/plan-form.js';

const TYPE_OPTIONS = [{ value: '', label: MSG.selectNetworkAdmin }, ...PLAN_TYPES.map((type) => ({ value: type, label: type }))];

export interface PlanFormModalProps {
  /** The plan being edited; absent when adding. */
  plan?: PlanView;
  /** When adding: the type preselected (the table's filter). */
  planType?: string;
  saving: boolean;
  onSave: (body: PlanBody) => void;
  onClose: () => void;
}

/** Add or edit a data plan. Mounted while open, so each opening starts from its plan. */
export function PlanFormModal({ plan, planType, saving, onSave, onClose }: PlanFormModalProps) {
  const editing = plan !== undefined;
  const { register, handleSubmit } = useForm({ resolver: zodResolver(planForm(editing)), defaultValues: planFormValues(plan, planType) });
  const onSubmit = handleSubmit(onSave, warnFirstError<PlanFormValues>(PLAN_FIELD_ORDER));

  return (
    <FormModal
      wide
      title={editing ? `Edit plan ${plan.planId}` : 'Add data plan'}
      formId="plan-form"
      className="form form-grid"
      saving={saving}
      submitLabel={editing ? 'Save plan' : 'Add plan'}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <Select label="Network / type" options={TYPE_OPTIONS} {...register('planType')} />
      <Input label="Plan name" placeholder="e.g. 1GB" autoComplete="off" {...register('planName')} />
      <Input label="Validity" placeholder="30 days" autoComplete="off" {...register('planValidity')} />
      <Input label="Smart earner price (₦)" inputMode="decimal" {...register('smartEarnerPrice')} />
      <Input label="Reseller price (₦)" inputMode="decimal" hint="Blank: the smart earner price" {...register('resellerPrice')} />
      <Input label="API price (₦)" inputMode="decimal" hint="Blank: the smart earner price" {...register('apiPrice')} />
      <Input label="Cost price (₦)" inputMode="decimal" hint="Blank: cost per GB × volume" {...register('planCostPrice')} />
      <Input label="Volume (GB)" inputMode="decimal" hint="Blank: read from the name" {...register('volumeRatio')} />
      {SUPPLIERS.map((name) => (
        <Input
          key={name}
          label={`${name} plan id`}
          inputMode="numeric"
          hint={editing ? undefined : 'Blank: our plan id where the panel shares our ids, else not sold there'}
          {...register(`supplierPlanIds.${name}`)}
        />
      ))}
      {editing ? null : <Input label="Plan id" inputMode="numeric" hint="Blank: the next free id" {...register('planId')} />}
      <Checkbox label="Available for sale" className="form-grid-full" {...register('isAvailable')} />
    </FormModal>
  );
}
