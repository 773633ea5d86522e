import { useState } from 'react';
import { MSG } from '@shared/messages.js';
import { notify } from '@/ui/notify.js';
import { errorMessage } from './api-client.js';

type Answer = { msg?: string } | undefined;

/** The part of a TanStack mutation this hook uses. */
interface Mutation<Variables> {
  mutate: (variables: Variables, options: { onSuccess: (answer: Answer) => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/** What the add-or-edit form is open for: a new item, one item, or nothing. */
export type Editing<Item> = { mode: 'add' } | { mode: 'edit'; item: Item } | null;

/**
 * A managed list's add, edit and delete: which item the form or the "are you sure" is open for,
 * and the save and delete that close them with a toast (the server's message, else `messages`).
 * The form and the confirmation take `formModal` and `deleteModal` as their props.
 */
export function useAddEditDelete<Item, Body, UpdateBody, Key>({
  add,
  update,
  remove,
  updateBody,
  keyOf,
  messages,
}: {
  add: Mutation<Body>;
  update: Mutation<UpdateBody>;
  remove: Mutation<Key>;
  /** The update's variables: the edited item's key with the form's body. */
  updateBody: (item: Item, body: Body) => UpdateBody;
  /** What the delete is sent. */
  keyOf: (item: Item) => Key;
  messages: { added: string; updated: string; deleted: string };
}) {
  const [editing, setEditing] = useState<Editing<Item>>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const fail = (error: unknown) => notify.error(errorMessage(error, MSG.somethingWentWrong));

  const save = (body: Body) => {
    const done = {
      onSuccess: (answer: Answer) => {
        notify.success(answer?.msg ?? (editing?.mode === 'edit' ? messages.updated : messages.added));
        setEditing(null);
      },
      onError: fail,
    };
    if (editing?.mode === 'edit') update.mutate(updateBody(editing.item, body), done);
    else add.mutate(body, done);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(keyOf(deleting), {
      onSuccess: (answer) => {
        notify.success(answer?.msg ?? messages.deleted);
        setDeleting(null);
      },
      onError: (error) => {
        setDeleting(null);
        fail(error);
      },
    });
  };

  return {
    editing,
    setEditing,
    deleting,
    setDeleting,
    /** The add-or-edit form modal's props. */
    formModal: { saving: add.isPending || update.isPending, onSave: save, onClose: () => setEditing(null) },
    /** The delete's "are you sure" (a ConfirmModal): its props but the title and the question. */
    deleteModal: {
      open: deleting !== null,
      busy: remove.isPending,
      onCancel: () => setDeleting(null),
      onConfirm: confirmDelete,
      confirmLabel: 'Delete',
      danger: true,
    },
  };
}
