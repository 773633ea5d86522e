import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { NETWORK_NAMES, isNetworkName, type NetworkName } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { networkOfNumber } from '@shared/networks.js';
import { useContacts } from '@/lib/contacts-api.js';
import { ContactPicker } from '../ContactPicker.js';
import { PhoneInput } from '../Input.js';
import { NetworkLogo } from '../NetworkLogo.js';
import { NetworkMismatch } from '../NetworkMismatch.js';

/** A network given in the address (a contact's shortcut, `?network=`): by name, or by one of the product's network ids. */
export function networkFromAddress(value: string | null, ids: Record<NetworkName, number>): NetworkName | null {
  const text = (value ?? '').trim().toUpperCase();
  if (isNetworkName(text)) return text;
  return NETWORK_NAMES.find((name) => String(ids[name]) === text) ?? null;
}

export interface NetworkTarget {
  network: NetworkName | null;
  phone: string;
  /** The user's choice (a radio, a contact, "Use …"): kept over what the number's prefix says. */
  choose: (network: NetworkName) => void;
  /** A number typed: its prefix picks the network, unless the user chose one. */
  typed: (phone: string) => void;
  /** After a purchase: the next number picks the network again. */
  forget: () => void;
}

/**
 * The network of a phone number: read from its prefix until the user chooses one (a contact or the
 * address choosing counts), which is then kept; `setNetwork` stores it in the page's form.
 */
export function useNetworkTarget({
  network,
  phone,
  setNetwork,
  chosenAtStart,
}: {
  network: NetworkName | null;
  phone: string;
  setNetwork: (network: NetworkName) => void;
  chosenAtStart: boolean;
}): NetworkTarget {
  const [chosen, setChosen] = useState(chosenAtStart);
  return {
    network,
    phone,
    choose: (next) => {
      setNetwork(next);
      setChosen(true);
    },
    typed: (value) => {
      const detected = networkOfNumber(value);
      if (detected && !chosen && detected !== network) setNetwork(detected);
    },
    forget: () => setChosen(false),
  };
}

/** The four networks as logos, one to choose. */
export function NetworkPicker({ target }: { target: NetworkTarget }) {
  return (
    <fieldset className="network-picker">
      <legend>Network</legend>
      <div className="network-options">
        {NETWORK_NAMES.map((name) => (
          <label
            key={name}
            className={`choice network-option network-logo-option ${target.network === name ? 'selected' : ''}`}
            data-testid={`network-${name}`}
          >
            <input type="radio" name="network" value={name} aria-label={name} checked={target.network === name} onChange={() => target.choose(name)} />
            <NetworkLogo network={name} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The phone number: typed (its prefix picks the network) or taken from the contacts, with a warning
 * when it looks like another network than the one chosen, and a one-tap switch.
 */
export function PhoneField({ target, field, onPick }: { target: NetworkTarget; field: UseFormRegisterReturn; onPick: (phone: string) => void }) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const contacts = useContacts(pickerOpen);
  return (
    <>
      <PhoneInput
        autoComplete="tel"
        maxLength={11}
        {...field}
        onChange={(event) => {
          void field.onChange(event);
          target.typed(event.target.value);
        }}
        trailing={
          <button type="button" className="field-toggle field-toggle-wide" onClick={() => setPickerOpen(true)}>
            Contacts
          </button>
        }
      />
      <NetworkMismatch phone={target.phone} chosen={target.network} onSwitch={target.choose} />
      <ContactPicker
        open={pickerOpen}
        contacts={contacts.data?.contactList ?? []}
        loading={contacts.isPending}
        onClose={() => setPickerOpen(false)}
        onPick={(contact) => {
          onPick(contact.contactNumber);
          if (isNetworkName(contact.contactNetwork)) target.choose(contact.contactNetwork);
          setPickerOpen(false);
        }}
        empty={
          <>
            <p>{MSG.noContacts}</p>
            <Link to="/profile/contacts" className="btn btn-secondary btn-sm">
              Add contacts
            </Link>
          </>
        }
      />
    </>
  );
}
