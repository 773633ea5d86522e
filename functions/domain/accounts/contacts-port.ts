/** Port to a user's contacts (stored under the user's partition, kept until the user deletes them). */
import type { NetworkName } from '../../../shared/constants.js';
import type { Contact } from './contacts.js';
import type { SavedDecoder } from '../products/saved-decoders.js';

export interface ContactChanges {
  contactName?: string;
  contactNumber?: string;
  contactNetwork?: NetworkName;
}

export interface ContactStore {
  /** The user's contacts. */
  list(userId: string): Promise<Contact[]>;
  create(contact: Contact): Promise<void>;
  /** Applies the changes (and marks it used now); undefined when the user has no such contact. */
  update(userId: string, contactId: string, changes: ContactChanges, now: Date): Promise<Contact | undefined>;
  /** False when the user had no such contact. */
  remove(userId: string, contactId: string): Promise<boolean>;
  /** A purchase to `contactNumber` by this user: every contact of that number is marked used now. Returns how many. */
  touchNumber(userId: string, contactNumber: string, now: Date): Promise<number>;
}

/** Decoders a user paid for (cable TV), kept beside the contacts. */
export interface SavedDecoderStore {
  list(userId: string): Promise<SavedDecoder[]>;
  /** Saves it, or marks it paid again (a newer payment only moves it forward). */
  remember(userId: string, decoder: SavedDecoder): Promise<void>;
  /** False when the user had no such decoder. */
  forget(userId: string, cableName: string, smartCardNo: string): Promise<boolean>;
}
