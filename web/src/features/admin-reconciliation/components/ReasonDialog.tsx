import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { resolveDiscrepancyRequest } from '@shared/api/money-desk-floats.js';
import { FormModal, TextArea } from '@/ui/index.js';

/**
 * A discrepancy action that needs the admin's reason (resolve, settle): the dialog is the
 * confirmation. The reason is checked by the server's own rule before sending, and a refusal
 * is shown in the server's words under it, the dialog staying open.
 */
export function ReasonDialog({
  title,
  formId,
  submitLabel,
  saving,
  error,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  formId: string;
  submitLabel: string;
  saving: boolean;
  /** The server's refusal of the last try, if any. */
  error: string | null;
  onSubmit: (reason: string) => void;
  onClose: () => void;
  /** What the action does, above the reason. */
  children: ReactNode;
}) {
  const errorId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ reason: string }>({ resolver: zodResolver(resolveDiscrepancyRequest), defaultValues: { reason: '' } });
  return (
    <FormModal
      title={title}
      formId={formId}
      saving={saving}
      submitLabel={submitLabel}
      onClose={onClose}
      onSubmit={handleSubmit(({ reason }) => onSubmit(reason))}
    >
      {children}
      <div>
        <TextArea
          label="Reason (required, kept in the audit log)"
          rows={3}
          maxLength={500}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? errorId : undefined}
          data-testid="reason-input"
          {...register('reason')}
        />
        {errors.reason ? (
          <p id={errorId} className="field-error" data-testid="reason-error">
            {errors.reason.message}
          </p>
        ) : null}
      </div>
      {error ? (
        <p className="notice notice-warning" role="alert" data-testid="action-error">
          {error}
        </p>
      ) : null}
    </FormModal>
  );
}
