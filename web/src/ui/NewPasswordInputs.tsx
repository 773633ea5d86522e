import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordInput } from './Input.js';

/** A new password, typed twice; `register` is the form's own (its fields newPassword and newPasswordCheck). */
export function NewPasswordInputs({ register }: { register: (name: 'newPassword' | 'newPasswordCheck') => UseFormRegisterReturn }) {
  return (
    <>
      <PasswordInput label="New password" autoComplete="new-password" {...register('newPassword')} />
      <PasswordInput label="Confirm new password" autoComplete="new-password" {...register('newPasswordCheck')} />
    </>
  );
}
