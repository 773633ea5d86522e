import { useState } from 'react';
import { EXAM_PRODUCTS, JAMB_PROFILE_ID_PATTERN, billProductCode, examProduct } from '@shared/bills.js';
import { BILL_MSG } from '@shared/messages.js';
import { apiNairaToKobo, showNaira } from '@/lib/money.js';
import { Button, DetailRow, Input, Select } from '@/ui/index.js';
import { ChargePreview, PurchasePage, Verified, VerificationError, usePurchaseFlow, useVerification } from '@/ui/purchase/index.js';
import { buyExam, useBillProducts, validateExam } from '../api/bills.js';

const EXAM_OPTIONS = EXAM_PRODUCTS.map((p) => ({ value: p.id, label: p.name }));

/**
 * Exam PINs: WAEC result checker and registration (1–10 PINs), JAMB UTME and Direct
 * Entry (the candidate's profile id verified first). The receipt shows the PINs with Copy and Share.
 */
export function ExamPinsPage() {
  const products = useBillProducts();
  const profile = useVerification(validateExam, BILL_MSG.invalidProfileId);
  const candidate = profile.verified;
  const flow = usePurchaseFlow({ send: buyExam, processingMsg: BILL_MSG.examProcessing, announce: true });
  const [examId, setExamId] = useState<string>('waec');
  const [quantity, setQuantity] = useState('1');
  const [profileId, setProfileId] = useState('');

  const exam = examProduct(examId)!;
  const row = products.data?.products.find((p) => p.code === billProductCode(exam.serviceId, exam.variationCode));
  const count = Number(quantity);
  const countOk = Number.isInteger(count) && count >= 1 && count <= exam.maxQuantity;
  const totalNaira = row && countOk ? row.amount * count : null;
  /** Another exam or another profile id: verify again. */
  const startOver = () => {
    profile.forget();
    profile.clearError();
  };

  const onVerify = () => {
    profile.clearError();
    if (!JAMB_PROFILE_ID_PATTERN.test(profileId.trim())) return profile.warn(BILL_MSG.enterProfileId);
    profile.verify({ exam: exam.id, profileId: profileId.trim() });
  };

  const onContinue = (event: React.FormEvent) => {
    event.preventDefault();
    if (!row?.isAvailable) return profile.warn(BILL_MSG.examUnavailable);
    if (!countOk || totalNaira === null) return profile.warn(exam.maxQuantity === 1 ? BILL_MSG.quantityOne : BILL_MSG.quantityRange);
    if (exam.verify && !candidate) return onVerify();
    flow.review({
      body: (requestId) => ({ exam: exam.id, quantity: count, ...(exam.verify ? { profileId: profileId.trim() } : {}), request_id: requestId }),
      chargeKobo: apiNairaToKobo(totalNaira),
      details: (
        <>
          <DetailRow label="Exam">{exam.name}</DetailRow>
          <DetailRow label="Quantity">{count}</DetailRow>
          {candidate ? <DetailRow label="Candidate">{candidate.name}</DetailRow> : null}
        </>
      ),
      onAccepted: profile.forget,
    });
  };

  return (
    <PurchasePage title="Exam PINs" balanceTestId="exam-balance" flow={flow} receiptTitle="Exam PIN receipt" receiptTestId="bill-receipt">
      <form onSubmit={onContinue} noValidate className="card form" data-testid="exam-form">
        <Select
          label="Exam"
          options={EXAM_OPTIONS}
          value={examId}
          onChange={(event) => {
            setExamId(event.target.value);
            setQuantity('1');
            startOver();
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
                startOver();
              }}
            />
            {candidate ? (
              <Verified>
                <strong data-testid="exam-candidate">{candidate.name}</strong>
              </Verified>
            ) : (
              <Button variant="secondary" onClick={onVerify} loading={profile.checking} data-testid="exam-verify">
                Verify profile
              </Button>
            )}
          </>
        ) : (
          <Input
            label={`Quantity (1–${exam.maxQuantity})`}
            type="number"
            min={1}
            max={exam.maxQuantity}
            inputMode="numeric"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        )}
        <VerificationError error={profile.error} testId="exam-error" />
        <ChargePreview testId="exam-charge" charge={totalNaira === null ? null : showNaira(totalNaira)} note={row ? `${showNaira(row.amount)} per PIN` : ''} />
        <Button type="submit" block disabled={exam.verify && !candidate}>
          Continue
        </Button>
      </form>
    </PurchasePage>
  );
}
