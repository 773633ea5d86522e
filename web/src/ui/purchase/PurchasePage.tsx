import type { ReactNode } from 'react';
import { BalanceHeader } from '../BalanceHeader.js';
import { Button } from '../Button.js';
import { PurchaseConfirmModal } from '../ConfirmModal.js';
import { Modal } from '../Modal.js';
import { PurchaseReceipt } from './PurchaseReceipt.js';
import type { PurchaseFlowState } from './use-purchase-flow.js';

/** The confirmation before the money moves, then the receipt that follows the purchase until it is final. */
export function PurchaseDialogs({ flow, receiptTitle, receiptTestId }: { flow: PurchaseFlowState; receiptTitle: string; receiptTestId?: string }) {
  return (
    <>
      <PurchaseConfirmModal purchase={flow.pending} balanceKobo={flow.balanceKobo} busy={flow.busy} onCancel={flow.cancel} onConfirm={flow.confirm} />
      <Modal open={flow.receipt !== null} title={receiptTitle} onClose={flow.done} footer={<Button onClick={flow.done}>Done</Button>}>
        {flow.receipt ? <PurchaseReceipt purchase={flow.receipt} testId={receiptTestId} /> : null}
      </Modal>
    </>
  );
}

export interface PurchasePageProps {
  title: string;
  balanceTestId?: string;
  flow: PurchaseFlowState;
  /** The receipt dialog's title: "Airtime receipt". */
  receiptTitle: string;
  receiptTestId?: string;
  children: ReactNode;
}

/** A product's buying screen: its title and balance, its own form, then the shared confirm → receipt steps. */
export function PurchasePage({ title, balanceTestId, flow, receiptTitle, receiptTestId, children }: PurchasePageProps) {
  return (
    <section className="page page-narrow">
      <BalanceHeader title={title} balanceTestId={balanceTestId} />
      {children}
      <PurchaseDialogs flow={flow} receiptTitle={receiptTitle} receiptTestId={receiptTestId} />
    </section>
  );
}

/** "You pay" under a form: the charge (or a dash until it is known) and what it is for. */
export function ChargePreview({ testId, charge, note }: { testId: string; charge: string | null; note: ReactNode }) {
  return (
    <div className="charge-preview" aria-live="polite" data-testid={testId}>
      <span>You pay</span>
      <strong>{charge ?? '—'}</strong>
      <small>{note}</small>
    </div>
  );
}

/** What the supplier confirmed before the purchase (the meter's, the decoder's or the candidate's name). */
export function Verified({ children }: { children: ReactNode }) {
  return (
    <div className="validated">
      <span className="badge badge-success">Verified</span>
      {children}
    </div>
  );
}

/** Why a verification was refused, under the field it is about. */
export function VerificationError({ error, testId }: { error: string | null; testId: string }) {
  return error ? (
    <p className="notice notice-warning" role="alert" data-testid={testId}>
      {error}
    </p>
  ) : null;
}
