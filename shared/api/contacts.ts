/** Contacts: a user's saved numbers, kept until the user deletes them. */
import { z } from 'zod';
import { CONTACT_NAME_MAX_CHARS, DEFAULT_CONTACT_NETWORK, type NetworkName } from '../constants.js';
import { MSG } from '../messages.js';
import { parseCatalogueSelector } from './catalogue.js';
import { isBlank, phoneNumber } from './common.js';
import { plainText } from './text.js';

export interface ContactView {
  _id: string;
  contactName: string;
  contactNumber: string;
  contactNetwork: NetworkName;
  createdAt: string;
  /** Last time the contact was saved, edited or bought for. */
  lastUsedAt: string;
}

export interface ContactListResponse {
  contactList: ContactView[];
}

export interface ContactResponse extends ContactListResponse {
  msg: string;
  contact?: ContactView;
}

const blank = isBlank;

const contactName = plainText('Contact name', { required_error: MSG.allFieldsRequired, invalid_type_error: MSG.allFieldsRequired }).pipe(
  z.string().min(1, MSG.allFieldsRequired).max(CONTACT_NAME_MAX_CHARS, `A contact name can have at most ${CONTACT_NAME_MAX_CHARS} characters`),
);

const contactNumber = z
  .string({ required_error: MSG.allFieldsRequired, invalid_type_error: MSG.allFieldsRequired })
  .trim()
  .min(1, MSG.allFieldsRequired)
  .pipe(phoneNumber);

/** A network name (or data/airtime-style id); blank means the default (MTN). */
const contactNetwork = z.unknown().transform((value, ctx): NetworkName => {
  if (blank(value)) return DEFAULT_CONTACT_NETWORK;
  const selector = parseCatalogueSelector(value);
  if (!selector) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: MSG.invalidNetwork });
    return z.NEVER;
  }
  return selector.network;
});

/** PATCH/DELETE /auth/contact/{id}: a contact's id (a ULID); any other text names no contact (undefined). */
export const contactIdParam = z
  .string()
  .regex(/^[0-9A-Za-z_-]{1,64}$/)
  .optional()
  .catch(undefined);

/** POST /auth/contact {contactName, contactNetwork, contactNumber}. */
export const addContactRequest = z.object({ contactName, contactNumber, contactNetwork });
export type AddContactRequest = z.infer<typeof addContactRequest>;

/** PATCH /auth/contact/{id}: any of the fields; blank ones stay as they are. */
export const updateContactRequest = z.object({ contactName: z.unknown(), contactNumber: z.unknown(), contactNetwork: z.unknown() }).transform((value, ctx) => {
  const out: { contactName?: string; contactNumber?: string; contactNetwork?: NetworkName } = {};
  const take = <T>(raw: unknown, schema: z.ZodType<T, z.ZodTypeDef, unknown>): T | undefined => {
    if (blank(raw)) return undefined;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error.issues[0]?.message ?? MSG.badRequest });
    return undefined;
  };
  const name = take(value.contactName, contactName);
  const number = take(value.contactNumber, contactNumber);
  const network = blank(value.contactNetwork) ? undefined : take(value.contactNetwork, contactNetwork);
  if (name !== undefined) out.contactName = name;
  if (number !== undefined) out.contactNumber = number;
  if (network !== undefined) out.contactNetwork = network;
  return out;
});
export type UpdateContactRequest = z.infer<typeof updateContactRequest>;

/**
 * A decoder the user paid a cable TV subscription for: remembered with the user's
 * contacts once a payment to it was delivered, so the next renewal starts from it on any device.
 */
export interface SavedDecoderView {
  /** `<cableName>:<smartCardNo>`: DELETE /auth/decoders/{id}. */
  _id: string;
  cableName: string;
  smartCardNo: string;
  /** The name the provider gave for the decoder when it was paid. */
  customerName: string;
  lastUsedAt: string;
}

export interface SavedDecoderListResponse {
  decoders: SavedDecoderView[];
}

export interface SavedDecoderDeleteResponse extends SavedDecoderListResponse {
  msg: string;
}

/** DELETE /auth/decoders/{id}: `<cableName>:<smartCardNo>`; any other text names no decoder (undefined). */
export const decoderIdParam = z
  .string()
  .regex(/^[A-Z]{2,12}:[0-9A-Za-z]{6,16}$/)
  .optional()
  .catch(undefined);
