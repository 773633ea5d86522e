import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { KYC_NUMBER_LENGTH } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { Button, Input, Modal, Select, notify } from '@/ui/index.js';
import { useUpdateKyc } from '../api/update-kyc.js';
import { EMPTY_KYC_FORM, kycForm, type KycFormValues } from '../lib/kyc-form.js';

/** Update KYC: the method (nin by default, or bvn) and its number; only that field is sent. */
export function KycModal({ open, onClose, onVerified }: { open: boolean; onClose: () => void; onVerified?: () => void }) {
  const update = useUpdateKyc();
  const { register, handleSubmit, watch, reset } = useForm({ resolver: zodResolver(kycForm), defaultValues: EMPTY_KYC_FORM });
  const method = watch('method');

  const onSubmit = handleSubmit(
    (body) =>
      update.mutate(body, {
        onSuccess: (answer) => {
          notify.success(answer.msg);
          reset();
          onVerified?.();
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      }),
    warnFirstError<KycFormValues>(['method', 'number']),
  );

  return (
    <Modal open={open} title="Update KYC" onClose={update.isPending ? undefined : onClose}>
      <form onSubmit={onSubmit} noValidate className="form">
        <Select
          label="Verification method"
          options={[
            { value: 'nin', label: 'NIN' },
            { value: 'bvn', label: 'BVN' },
          ]}
          {...register('method')}
        />
        <Input
          label={method === 'bvn' ? 'BVN' : 'NIN'}
          inputMode="numeric"
          maxLength={KYC_NUMBER_LENGTH}
          autoComplete="off"
          placeholder="11 digits"
          {...register('number')}
        />
        <Button type="submit" block loading={update.isPending}>
          Verify
        </Button>
      </form>
    </Modal>
  );
}
