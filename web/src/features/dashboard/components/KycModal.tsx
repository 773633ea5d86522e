import { useForm } from 'react-hook-form';
import { KYC_NUMBER_LENGTH } from '@shared/constants.js';
import { MONEY_MSG, MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { Button, Input, Modal, Select, notify } from '@/ui/index.js';
import { useUpdateKyc } from '../api/update-kyc.js';

interface KycForm {
  method: 'nin' | 'bvn';
  number: string;
}

/** Update KYC (spec §4): the method (nin by default, or bvn) and its number; only that field is sent. */
export function KycModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const update = useUpdateKyc();
  const { register, handleSubmit, watch, reset } = useForm<KycForm>({ defaultValues: { method: 'nin', number: '' } });
  const method = watch('method');

  const onSubmit = handleSubmit(({ method: chosen, number }) => {
    const value = number.trim();
    if (!new RegExp(`^\\d{${KYC_NUMBER_LENGTH}}$`).test(value)) return void notify.warn(MONEY_MSG.kycInvalidNumber);
    update.mutate(chosen === 'bvn' ? { bvn: value } : { nin: value }, {
      onSuccess: (answer) => {
        notify.success(answer.msg);
        reset();
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
    });
  });

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
        <Input label={method === 'bvn' ? 'BVN' : 'NIN'} inputMode="numeric" maxLength={KYC_NUMBER_LENGTH} autoComplete="off" placeholder="11 digits" {...register('number')} />
        <Button type="submit" block loading={update.isPending}>
          Verify
        </Button>
      </form>
    </Modal>
  );
}
