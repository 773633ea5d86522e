import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { NETWORK_NAMES } from '@shared/constants.js';
import { warnFirstError } from '@/lib/forms.js';
import { FormModal, Input, PhoneInput, Select } from '@/ui/index.js';
import { CONTACT_FIELD_ORDER, EMPTY_CONTACT, contactForm, type ContactForm, type ContactFormValues } from '../lib/contact-form.js';

const NETWORK_OPTIONS = NETWORK_NAMES.map((name) => ({ value: name, label: name }));

export interface ContactFormModalProps {
  /** The contact being edited; absent when adding. */
  initial?: ContactFormValues;
  saving: boolean;
  onSave: (contact: ContactForm) => void;
  onClose: () => void;
}

/**
 * Add or edit a contact: name, number and network (MTN unless chosen). Mounted while open, so each
 * opening starts from the contact being edited, or a blank form.
 */
export function ContactFormModal({ initial, saving, onSave, onClose }: ContactFormModalProps) {
  const editing = initial !== undefined;
  const { register, handleSubmit } = useForm({ resolver: zodResolver(contactForm), defaultValues: initial ?? EMPTY_CONTACT });
  const onSubmit = handleSubmit(onSave, warnFirstError<ContactFormValues>(CONTACT_FIELD_ORDER));

  return (
    <FormModal
      title={editing ? 'Edit contact' : 'Add contact'}
      formId="contact-form"
      saving={saving}
      submitLabel={editing ? 'Save changes' : 'Save contact'}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <Input label="Name" placeholder="e.g. Mum" autoComplete="off" {...register('contactName')} />
      <PhoneInput maxLength={11} {...register('contactNumber')} />
      <Select label="Network" options={NETWORK_OPTIONS} {...register('contactNetwork')} />
    </FormModal>
  );
}
