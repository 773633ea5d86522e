/**
 * The contacts HTTP service: the caller's own contacts (GET/POST /auth/contact, PATCH/DELETE
 * /auth/contact/{id}). Keys carry the owner's id, so another user's contact is simply not found.
 * Every answer carries the current contactList, so the screen never needs a second call.
 */
import { ulid } from 'ulid';
import { addContactRequest, updateContactRequest, type ContactListResponse, type ContactResponse } from '../../../shared/api/contacts.js';
import { CONTACTS_MAX } from '../../../shared/constants.js';
import { CATALOGUE_MSG, MSG } from '../../../shared/messages.js';
import { dynamoContacts } from '../../adapters/dynamo/contacts.js';
import { loadPrincipal } from '../../adapters/dynamo/users.js';
import { contactExpiry, sortContacts, toContactView, type Contact } from '../../domain/contacts.js';
import type { ContactStore } from '../../ports/contacts.js';
import { BadRequestError, NotFoundError } from '../../middleware/errors.js';
import { httpService, parseInput, type HttpAnswer, type HttpRequest, type OperationHandler } from '../../middleware/http.js';

export interface ContactsDeps {
  contacts: ContactStore;
  now(): Date;
  newId(): string;
}

const CONTACT_ID = /^[0-9A-Za-z_-]{1,64}$/;

export function contactsOperations(deps: ContactsDeps) {
  async function contactList(userId: string): Promise<ContactListResponse['contactList']> {
    return sortContacts(await deps.contacts.list(userId, deps.now())).map(toContactView);
  }

  function contactIdOf(request: HttpRequest): string {
    const id = request.params.id ?? '';
    if (!CONTACT_ID.test(id)) throw new NotFoundError(CATALOGUE_MSG.contactNotFound);
    return id;
  }

  const listContacts: OperationHandler = async (request) => {
    const body: ContactListResponse = { contactList: await contactList(request.principal!.userId) };
    return { body };
  };

  const addContact: OperationHandler = async (request) => {
    const userId = request.principal!.userId;
    const input = parseInput(addContactRequest, request.body);
    const now = deps.now();
    if ((await deps.contacts.list(userId, now)).length >= CONTACTS_MAX) throw new BadRequestError(CATALOGUE_MSG.tooManyContacts);
    const contact: Contact = {
      contactId: deps.newId(),
      userId,
      contactName: input.contactName,
      contactNumber: input.contactNumber,
      contactNetwork: input.contactNetwork,
      createdAt: now.toISOString(),
      lastUsedAt: now.toISOString(),
      expiresAt: contactExpiry(now),
    };
    await deps.contacts.create(contact);
    const body: ContactResponse = { msg: CATALOGUE_MSG.contactSaved, contact: toContactView(contact), contactList: await contactList(userId) };
    return { statusCode: 201, body };
  };

  const updateContact: OperationHandler = async (request) => {
    const userId = request.principal!.userId;
    const contactId = contactIdOf(request);
    const changes = parseInput(updateContactRequest, request.body);
    if (Object.keys(changes).length === 0) throw new BadRequestError(MSG.allFieldsRequired);
    const updated = await deps.contacts.update(userId, contactId, changes, deps.now());
    if (!updated) throw new NotFoundError(CATALOGUE_MSG.contactNotFound);
    const body: ContactResponse = { msg: CATALOGUE_MSG.contactUpdated, contact: toContactView(updated), contactList: await contactList(userId) };
    return { body };
  };

  const deleteContact: OperationHandler = async (request) => {
    const userId = request.principal!.userId;
    if (!(await deps.contacts.remove(userId, contactIdOf(request)))) throw new NotFoundError(CATALOGUE_MSG.contactNotFound);
    const body: ContactResponse = { msg: CATALOGUE_MSG.contactDeleted, contactList: await contactList(userId) };
    return { body };
  };

  return { listContacts, addContact, updateContact, deleteContact } satisfies Record<string, (request: HttpRequest) => Promise<HttpAnswer>>;
}

export const handler = httpService('contacts', contactsOperations({ contacts: dynamoContacts, now: () => new Date(), newId: () => ulid() }), { loadPrincipal });
