import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG } from '@shared/messages.js';
import { formatNaira } from '@shared/money.js';
import { Button } from './Button.js';
import { Modal } from './Modal.js';

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  /** While the action runs the dialog cannot be closed or cancelled. */
  busy: boolean;
  onCancel: () => void;
  /** What Confirm does; or `confirmForm`, the id of the form Confirm submits. */
  onConfirm?: () => void;
  confirmForm?: string;
  confirmTestId?: string;
  /** Confirm cannot be pressed (e.g. the wallet holds too little); Cancel still can. */
  confirmDisabled?: boolean;
  /** The confirming button's word ("Delete"), and whether it destroys something. */
  confirmLabel?: string;
  danger?: boolean;
  wide?: boolean;
  children: ReactNode;
}

/** The "Cancel / Confirm" dialog shown before a money action (purchase, transfer, withdrawal) or a deletion. */
export function ConfirmModal({
  open,
  title,
  busy,
  onCancel,
  onConfirm,
  confirmForm,
  confirmTestId,
  confirmDisabled = false,
  confirmLabel = 'Confirm',
  danger = false,
  wide,
  children,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      wide={wide}
      title={title}
      onClose={busy ? undefined : onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            type={confirmForm ? 'submit' : 'button'}
            form={confirmForm}
            variant={danger ? 'danger' : undefined}
            onClick={onConfirm}
            loading={busy}
            disabled={confirmDisabled}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

/** One `<dt>`/`<dd>` row of a `<dl className="details">` list. */
export function DetailRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="details-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** A `<dl className="details">` of rows, each a label and its value. */
export function DetailList({ rows, testId }: { rows: ReadonlyArray<readonly [string, ReactNode]>; testId?: string }) {
  return (
    <dl className="details" data-testid={testId}>
      {rows.map(([label, value]) => (
        <DetailRow key={label} label={label}>
          {value}
        </DetailRow>
      ))}
    </dl>
  );
}

export interface PurchaseSummary {
  /** What the wallet is charged, in kobo. */
  chargeKobo: number;
  /** The rows before "You pay" (what is bought, for whom). */
  details: ReactNode;
  /** Shown under the rows, e.g. a network mismatch the user chose to keep. */
  warning?: ReactNode;
}

/**
 * The purchase confirmation (airtime, data, electricity): the purchase's rows, then what the user
 * pays and the balance after. When the wallet holds less than the charge, Confirm is disabled and
 * the dialog says how much is missing, with a way to fund the wallet (never a negative balance after).
 */
export function PurchaseConfirmModal({
  purchase,
  balanceKobo,
  busy,
  onCancel,
  onConfirm,
}: {
  purchase: PurchaseSummary | null;
  balanceKobo: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const short = purchase !== null && purchase.chargeKobo > balanceKobo;
  return (
    <ConfirmModal
      open={purchase !== null}
      title="Confirm purchase"
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
      confirmTestId="confirm-purchase"
      confirmDisabled={short}
    >
      {purchase ? (
        <dl className="details">
          {purchase.details}
          <DetailRow label="You pay">
            <strong>{formatNaira(purchase.chargeKobo)}</strong>
          </DetailRow>
          {short ? null : <DetailRow label="Balance after">{formatNaira(balanceKobo - purchase.chargeKobo)}</DetailRow>}
        </dl>
      ) : null}
      {purchase?.warning}
      {short ? (
        <p className="notice notice-warning" role="alert" data-testid="balance-short">
          {MSG.insufficientBalance}: you need {formatNaira(purchase.chargeKobo - balanceKobo)} more. <Link to="/profile/fundWallet">Fund wallet</Link>
        </p>
      ) : null}
    </ConfirmModal>
  );
}
