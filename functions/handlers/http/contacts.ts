/**
 * The contacts HTTP service: the caller's own contacts (GET/POST /auth/contact, PATCH/DELETE
 * /auth/contact/{id}); the rules are in domain/contact-book. Every answer carries the current
 * contactList.
 */
import { ulid } from 'ulid';
import {
  addContactRequest,
  contactIdParam,
  decoderIdParam,
  updateContactRequest,
  type ContactListResponse,
  type ContactResponse,
  type SavedDecoderDeleteResponse,
  type SavedDecoderListResponse,
} from '../../../shared/api/contacts.js';
import { CATALOGUE_MSG, MSG } from '../../../shared/messages.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { dynamoContacts } from '../../adapters/dynamo/accounts/contacts.js';
import { dynamoSavedDecoders } from '../../adapters/dynamo/purchases/saved-decoders.js';
import { decoderList } from '../../domain/products/saved-decoders.js';
import type { SavedDecoderStore } from '../../domain/accounts/contacts-port.js';
import { contactsOf, deleteContact, saveContact, updateContact, type ContactBookDeps, type ContactBookResult } from '../../domain/accounts/contact-book.js';
import { toContactView, type Contact } from '../../domain/accounts/contacts.js';
import { answerWith, httpService, ok, parseInput, refusal, refuse, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

const listOf = (contacts: Contact[]): ContactListResponse['contactList'] => contacts.map(toContactView);

const contactAnswer = answerWith<ContactBookResult>({
  saved: ({ contact, contacts }) => {
    const body: ContactResponse = { msg: CATALOGUE_MSG.contactSaved, contact: toContactView(contact), contactList: listOf(contacts) };
    return ok(body, 201);
  },
  updated: ({ contact, contacts }) => {
    const body: ContactResponse = { msg: CATALOGUE_MSG.contactUpdated, contact: toContactView(contact), contactList: listOf(contacts) };
    return ok(body);
  },
  deleted: ({ contacts }) => {
    const body: ContactResponse = { msg: CATALOGUE_MSG.contactDeleted, contactList: listOf(contacts) };
    return ok(body);
  },
  too_many_contacts: refuse(400, CATALOGUE_MSG.tooManyContacts),
  nothing_to_change: refuse(400, MSG.allFieldsRequired),
  contact_not_found: refuse(404, CATALOGUE_MSG.contactNotFound),
});

export const listContactsOperation =
  (deps: ContactBookDeps): UserOperation =>
  async ({ principal }) => {
    const body: ContactListResponse = { contactList: listOf(await contactsOf(principal.userId, deps)) };
    return ok(body);
  };

export const addContactOperation =
  (deps: ContactBookDeps): UserOperation =>
  async ({ principal, body }) =>
    contactAnswer(await saveContact(principal.userId, parseInput(addContactRequest, body), deps));

export const updateContactOperation =
  (deps: ContactBookDeps): UserOperation =>
  async ({ principal, params, body }) => {
    // The id is checked before the body: an id that names no contact is not found whatever was sent.
    const contactId = contactIdParam.parse(params.id);
    if (!contactId) return contactAnswer({ kind: 'contact_not_found' });
    return contactAnswer(await updateContact(principal.userId, contactId, parseInput(updateContactRequest, body), deps));
  };

export const deleteContactOperation =
  (deps: ContactBookDeps): UserOperation =>
  async ({ principal, params }) => {
    const contactId = contactIdParam.parse(params.id);
    if (!contactId) return contactAnswer({ kind: 'contact_not_found' });
    return contactAnswer(await deleteContact(principal.userId, contactId, deps));
  };

export const listDecodersOperation =
  (decoders: SavedDecoderStore): UserOperation =>
  async ({ principal }) => {
    const body: SavedDecoderListResponse = { decoders: decoderList(await decoders.list(principal.userId)) };
    return ok(body);
  };

export const forgetDecoderOperation =
  (decoders: SavedDecoderStore): UserOperation =>
  async ({ principal, params }) => {
    const id = decoderIdParam.parse(params.id);
    const [cableName, smartCardNo] = id ? id.split(':') : [];
    if (!cableName || !smartCardNo || !(await decoders.forget(principal.userId, cableName, smartCardNo))) return refusal(404, CATALOGUE_MSG.decoderNotFound);
    const body: SavedDecoderDeleteResponse = { msg: CATALOGUE_MSG.decoderForgotten, decoders: decoderList(await decoders.list(principal.userId)) };
    return ok(body);
  };

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session]);

const deps: ContactBookDeps = { contacts: dynamoContacts, now: () => new Date(), newId: () => ulid() };

export const handler = httpService(
  'contacts',
  {
    listContacts: listContactsOperation(deps),
    addContact: addContactOperation(deps),
    updateContact: updateContactOperation(deps),
    deleteContact: deleteContactOperation(deps),
    listDecoders: listDecodersOperation(dynamoSavedDecoders),
    forgetDecoder: forgetDecoderOperation(dynamoSavedDecoders),
  },
  edge,
);
