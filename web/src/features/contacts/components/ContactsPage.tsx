import { Link } from 'react-router';
import type { ContactView } from '@shared/api/contacts.js';
import { isNetworkName } from '@shared/constants.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { useAddContact, useContacts, useDeleteContact, useUpdateContact } from '@/lib/contacts-api.js';
import { useAddEditDelete } from '@/lib/use-add-edit-delete.js';
import { Button, ConfirmModal, Icon, ListCard, NetworkLogo } from '@/ui/index.js';
import type { ContactForm } from '../lib/contact-form.js';
import { ContactFormModal } from './ContactFormModal.js';

/** Where a contact's shortcuts lead, with its number (and network) filled in. */
function shortcut(path: string, contact: ContactView, withNetwork = true): string {
  const query = new URLSearchParams(withNetwork ? { phone: contact.contactNumber, network: contact.contactNetwork } : { phoneNumber: contact.contactNumber });
  return `${path}?${query.toString()}`;
}

export function ContactsPage() {
  const list = useContacts();
  const add = useAddContact();
  const update = useUpdateContact();
  const remove = useDeleteContact();
  const { editing, setEditing, deleting, setDeleting, formModal, deleteModal } = useAddEditDelete({
    add,
    update,
    remove,
    updateBody: (contact: ContactView, body: ContactForm) => ({ id: contact._id, ...body }),
    keyOf: (contact) => contact._id,
    messages: { added: CATALOGUE_MSG.contactSaved, updated: CATALOGUE_MSG.contactUpdated, deleted: CATALOGUE_MSG.contactDeleted },
  });
  const contacts = list.data?.contactList ?? [];

  return (
    <section className="page page-narrow">
      <header className="page-header page-header-row">
        <div>
          <h1>My contacts</h1>
          <p className="muted">Numbers you buy for often. A contact stays until you delete it.</p>
        </div>
        <Button icon={<Icon name="plus" size={18} />} onClick={() => setEditing({ mode: 'add' })}>
          Add contact
        </Button>
      </header>

      <ListCard
        pending={list.isPending}
        error={list.isError && !list.data ? 'We could not load your contacts.' : null}
        onRetry={() => void list.refetch()}
        empty={contacts.length === 0}
        loadingLabel="Loading contacts…"
        emptyText={MSG.noContacts}
        emptyTestId="no-contacts"
        bare
      >
        <ul className="contact-list" data-testid="contact-list">
          {contacts.map((contact) => (
            <li key={contact._id} className="contact-item" data-testid="contact-item" data-number={contact.contactNumber}>
              <div className="contact-main">
                {isNetworkName(contact.contactNetwork) ? <NetworkLogo network={contact.contactNetwork} className="network-logo-sm" /> : null}
                <div className="contact-text">
                  <strong className="contact-name">{contact.contactName}</strong>
                  <span className="muted">
                    {contact.contactNumber} · {contact.contactNetwork}
                  </span>
                </div>
                <div className="contact-manage">
                  <button
                    type="button"
                    className="icon-btn icon-btn-sm"
                    aria-label={`Edit ${contact.contactName}`}
                    onClick={() => setEditing({ mode: 'edit', item: contact })}
                  >
                    <Icon name="edit" size={18} />
                  </button>
                  <button
                    type="button"
                    className="icon-btn icon-btn-sm icon-btn-danger"
                    aria-label={`Delete ${contact.contactName}`}
                    onClick={() => setDeleting(contact)}
                  >
                    <Icon name="trash" size={18} />
                  </button>
                </div>
              </div>
              <div className="contact-shortcuts">
                <Link to={shortcut('/profile/buyAirtime', contact)} className="btn btn-secondary btn-sm">
                  Airtime
                </Link>
                <Link to={shortcut('/profile/buyData', contact)} className="btn btn-secondary btn-sm">
                  Data
                </Link>
                <Link to={shortcut('/profile/transactions', contact, false)} className="btn btn-ghost btn-sm">
                  Transactions
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </ListCard>

      {editing ? (
        <ContactFormModal
          key={editing.mode === 'edit' ? editing.item._id : 'new'}
          initial={
            editing.mode === 'edit'
              ? { contactName: editing.item.contactName, contactNumber: editing.item.contactNumber, contactNetwork: editing.item.contactNetwork }
              : undefined
          }
          {...formModal}
        />
      ) : null}

      <ConfirmModal title="Delete contact" {...deleteModal}>
        {deleting ? (
          <p>
            Delete <strong>{deleting.contactName}</strong> ({deleting.contactNumber}) from your contacts?
          </p>
        ) : null}
      </ConfirmModal>
    </section>
  );
}
