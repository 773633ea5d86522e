import { useState, type ReactNode } from 'react';
import { isNetworkName } from '@shared/constants.js';
import { Modal } from './Modal.js';
import { NetworkLogo } from './NetworkLogo.js';
import { Spinner } from './Spinner.js';

export interface ContactOption {
  _id: string;
  contactName: string;
  contactNumber: string;
  contactNetwork: string;
}

export interface ContactPickerProps {
  open: boolean;
  contacts: readonly ContactOption[];
  loading?: boolean;
  onPick: (contact: ContactOption) => void;
  onClose: () => void;
  /** Shown when there are no contacts (e.g. a link to the contacts screen). */
  empty?: ReactNode;
}

/** A searchable list of the user's contacts; choosing one fills the form that opened it. */
export function ContactPicker({ open, contacts, loading, onPick, onClose, empty }: ContactPickerProps) {
  const [search, setSearch] = useState('');
  const text = search.trim().toLowerCase();
  const shown = text ? contacts.filter((c) => c.contactName.toLowerCase().includes(text) || c.contactNumber.includes(text)) : contacts;
  return (
    <Modal open={open} title="Choose a contact" onClose={onClose}>
      {contacts.length > 5 ? (
        <div className="field contact-search">
          <label htmlFor="contact-picker-search" className="sr-only">
            Search contacts
          </label>
          <input id="contact-picker-search" type="search" placeholder="Search by name or number" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
      ) : null}
      {loading && contacts.length === 0 ? (
        <div className="table-empty">
          <Spinner label="Loading contacts…" />
        </div>
      ) : contacts.length === 0 ? (
        <div className="table-empty">{empty}</div>
      ) : (
        <ul className="contact-pick-list" data-testid="contact-picker">
          {shown.map((contact) => (
            <li key={contact._id}>
              <button
                type="button"
                className="contact-pick"
                onClick={() => {
                  onPick(contact);
                  setSearch('');
                }}
              >
                {isNetworkName(contact.contactNetwork) ? <NetworkLogo network={contact.contactNetwork} className="network-logo-sm" /> : null}
                <span className="contact-pick-text">
                  <strong>{contact.contactName}</strong>
                  <span className="muted">{contact.contactNumber}</span>
                </span>
              </button>
            </li>
          ))}
          {shown.length === 0 ? <li className="muted contact-pick-none">No contact matches “{search}”.</li> : null}
        </ul>
      )}
    </Modal>
  );
}
