import { addContactRequest } from '@shared/api/contacts.js';
import { DEFAULT_CONTACT_NETWORK, type NetworkName } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';

export interface ContactFormValues {
  contactName: string;
  contactNumber: string;
  contactNetwork: NetworkName;
}

export const EMPTY_CONTACT: ContactFormValues = { contactName: '', contactNumber: '', contactNetwork: DEFAULT_CONTACT_NETWORK };

/**
 * The first problem with a contact (spec §5: name and number required, "All fields are required"),
 * checked with the API's own rules (shared/api/contacts.ts); null when it may be sent.
 */
export function contactFormProblem(values: ContactFormValues): string | null {
  if (!values.contactName.trim() || !values.contactNumber.trim()) return MSG.allFieldsRequired;
  const parsed = addContactRequest.safeParse(values);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MSG.allFieldsRequired);
}

/** The values sent: trimmed. */
export function contactBody(values: ContactFormValues): ContactFormValues {
  return { contactName: values.contactName.trim(), contactNumber: values.contactNumber.trim(), contactNetwork: values.contactNetwork };
}
