/**
 * The contact form is the API's own request (shared/api/contacts.ts: name and
 * number required, "All fields are required"): text in, the trimmed contact out, network by name.
 */
import type { z } from 'zod';
import { addContactRequest } from '@shared/api/contacts.js';
import { DEFAULT_CONTACT_NETWORK } from '@shared/constants.js';

export const contactForm = addContactRequest;
export type ContactFormValues = z.input<typeof contactForm>;
export type ContactForm = z.output<typeof contactForm>;
export const CONTACT_FIELD_ORDER = ['contactName', 'contactNumber', 'contactNetwork'] as const;

export const EMPTY_CONTACT = { contactName: '', contactNumber: '', contactNetwork: DEFAULT_CONTACT_NETWORK } satisfies ContactFormValues;
