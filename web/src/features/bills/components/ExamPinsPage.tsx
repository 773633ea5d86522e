import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ValidateExamResponse } from '@shared/api/bills.js';
import type { TransactionView } from '@shared/api/transactions.js';
import { EXAM_PRODUCTS, JAMB_PROFILE_ID_PATTERN, billProductCode, examProduct } from '@shared/bills.js';
import { BILL_MSG, MSG } from '@shared/messages.js';
import { errorMessage, refusedForGood } from '@/lib/api-client.js';
import { newRequestId } from '@/lib/ids.js';
import { apiNairaToKobo, showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { Button, DetailRow, Input, Modal, PurchaseConfirmModal, Select, notify } from '@/ui/index.js';
import { billerErrorText, useBillProducts, useBillPurchase, useBuyExam, useValidateExam } from '../api/bills.js';
import { BillReceipt } from './BillReceipt.js';

const EXAM_OPTIONS = EXAM_PRODUCTS.map((p) => ({ value: p.id, label: p.name }));

/**
 * Exam PINs (issue 22): WAEC result checker and registration (1–10 PINs), JAMB UTME and Direct
 * Entry (the candidate's profile id verified first). The receipt shows the PINs with Copy and Share.
 */
export function ExamPinsPage() {
  const navigate = useNavigate();
  const session = useSession();
  const products = useBillProducts();
  const validate = useValidateExam();
  const buy = useBuyExam();
  const [examId, setExamId] = useState<string>('waec');
  const [quantity, setQuantity] = useState('1');
  const [profileId, setProfileId] = useState('');
  const [candidate, setCandidate] = useState<ValidateExamResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ requestId: string } | null>(null);
  const [accepted, setAccepted] = useState<TransactionView | null>(null);
  const receipt = useBillPurchase(accepted);

  const exam = examProduct(examId)!;
  const row = products.data?.products.find((p) => p.code === billProductCode(exam.serviceId, exam.variationCode));
  const count = Number(quantity);
  const countOk = Number.isInteger(count) && count >= 1 && count <= exam.maxQuantity;
  const totalNaira = row && countOk ? row.amount * count : null;
  const balanceKobo = apiNairaToKobo(session?.user.balance ?? 0);

  const warn = (text: string) => {
    setError(text);
    notify.warn(text);
  };

  const onVerify = () => {
    setError(null);
    if (!JAMB_PROFILE_ID_PATTERN.test(profileId.trim())) return warn(BILL_MSG.enterProfileId);
    validate.mutate(
      { exam: exam.id, profileId: profileId.trim() },
      {
        onSuccess: setCandidate,
        onError: (failure) => {
          const text = billerErrorText(failure, BILL_MSG.invalidProfileId);
          setError(text);
          notify.error(text);
        },
      },
    );
  };

  const onContinue = (event: React.FormEvent) => {
    event.preventDefault();
    if (!row || !row.isAvailable) return warn(BILL_MSG.examUnavailable);
    if (!countOk) return warn(exam.maxQuantity === 1 ? BILL_MSG.quantityOne : BILL_MSG.quantityRange);
    if (exam.verify && !candidate) return onVerify();
    setConfirming({ requestId: newRequestId() });
  };

  const confirm = () => {
    if (!confirming) return;
    buy.mutate(
      { exam: exam.id, quantity: count, ...(exam.verify ? { profileId: profileId.trim() } : {}), request_id: confirming.requestId },
      {
        onSuccess: (answer) => {
          setConfirming(null);
          notify.success(answer?.msg ?? BILL_MSG.examProcessing);
          setAccepted(answer.receipt);
          setCandidate(null);
        },
        onError: (failure) => {
          if (refusedForGood(failure)) setConfirming(null);
          notify.error(errorMessage(failure, MSG.purchaseFallback));
        },
      },
    );
  };

  const done = () => {
    setAccepted(null);
    navigate('/profile');
  };
  const shown = receipt.data ?? accepted;

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Exam PINs</h1>
        <p className="muted">
          Wallet balance: <strong>{showNaira(session?.user.balance)}</strong>
        </p>
      </header>
      <form onSubmit={onContinue} noValidate className="card form" data-testid="exam-form">
        <Select
          label="Exam"
          options={EXAM_OPTIONS}
          value={examId}
          onChange={(event) => {
            setExamId(event.target.value);
            setCandidate(null);
            setQuantity('1');
            setError(null);
          }}
        />
        {exam.verify ? (
          <>
            <Input
              label="Candidate profile id"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="10 digits"
              value={profileId}
              onChange={(event) => {
                setProfileId(event.target.value);
                setCandidate(null);
                setError(null);
              }}
            />
            {candidate ? (
              <div className="validated">
                <span className="badge badge-success">Verified</span>
                <strong data-testid="exam-candidate">{candidate.name}</strong>
              </div>
            ) : (
              <Button variant="secondary" onClick={onVerify} loading={validate.isPending} data-testid="exam-verify">
                Verify profile
              </Button>
            )}
          </>
        ) : (
          <Input label={`Quantity (1–${exam.maxQuantity})`} type="number" min={1} max={exam.maxQuantity} inputMode="numeric" value={quantity} onChange={(event) => setQuantity(event.target.value)} />
        )}
        {error ? (
          <p className="notice notice-warning" role="alert" data-testid="exam-error">
            {error}
          </p>
        ) : null}
        <div className="charge-preview" aria-live="polite" data-testid="exam-charge">
          <span>You pay</span>
          <strong>{totalNaira === null ? '—' : showNaira(totalNaira)}</strong>
          <small>{row ? `${showNaira(row.amount)} per PIN` : ''}</small>
        </div>
        <Button type="submit" block disabled={exam.verify && !candidate}>
          Continue
        </Button>
      </form>

      <PurchaseConfirmModal
        purchase={
          confirming && totalNaira !== null
            ? {
                chargeKobo: apiNairaToKobo(totalNaira),
                details: (
                  <>
                    <DetailRow label="Exam">{exam.name}</DetailRow>
                    <DetailRow label="Quantity">{count}</DetailRow>
                    {candidate ? <DetailRow label="Candidate">{candidate.name}</DetailRow> : null}
                  </>
                ),
              }
            : null
        }
        balanceKobo={balanceKobo}
        busy={buy.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />

      <Modal open={shown !== null} title="Exam PIN receipt" onClose={done} footer={<Button onClick={done}>Done</Button>}>
        {shown ? <BillReceipt purchase={shown} /> : null}
      </Modal>
    </section>
  );
}
