import type { FormEventHandler, ReactNode } from 'react';
import { ConfirmModal } from './ConfirmModal.js';

/** A form in a dialog: its fields, then Cancel and the submit button; while saving it cannot be closed. */
export function FormModal({
  title,
  formId,
  saving,
  submitLabel,
  onClose,
  onSubmit,
  wide,
  className = 'form',
  children,
}: {
  title: string;
  /** The form's id, which the footer's submit button names. */
  formId: string;
  saving: boolean;
  submitLabel: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <ConfirmModal open wide={wide} title={title} busy={saving} onCancel={onClose} confirmForm={formId} confirmLabel={submitLabel}>
      <form id={formId} onSubmit={onSubmit} noValidate className={className}>
        {children}
      </form>
    </ConfirmModal>
  );
}
