import { useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { ClientContact, ClientDetail } from '@ats/contracts';
import { ConfirmDialog, plural } from '@/components/confirm-dialog';
import { toast, toastWithUndo } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useDeleteClient } from '../api/delete-client';
import { useDeleteClientContact } from '../api/delete-client-contact';
import { useRestoreClient, useRestoreClientContact } from '../api/restore-client';

type Asked = { kind: 'client'; client: ClientDetail } | { kind: 'contact'; contact: ClientContact } | null;

const failed = (description: string) => toast({ variant: 'destructive', title: 'Error', description });

/**
 * Deleting a client (with its contacts) or one contact: a confirmation that says what goes with
 * it, then a success toast whose Undo restores it (a restore command, so the log keeps both).
 */
export function useClientDeletion(clientId: number): {
  askDeleteClient: (client: ClientDetail) => void;
  askDeleteContact: (contact: ClientContact) => void;
  deletingContactId: number | null;
  dialog: ReactNode;
} {
  const [asked, setAsked] = useState<Asked>(null);
  const navigate = useNavigate();
  const deleteClient = useDeleteClient();
  const deleteContact = useDeleteClientContact(clientId);
  const restoreClient = useRestoreClient();
  const restoreContact = useRestoreClientContact(clientId);
  const close = () => setAsked(null);

  const confirmClient = (client: ClientDetail) =>
    deleteClient.mutate(client.id, {
      onSuccess: () => {
        close();
        const contacts = client.contacts.length;
        toastWithUndo({
          title: 'Client deleted',
          description:
            contacts > 0
              ? `${client.companyName} and its ${plural(contacts, 'contact')} were deleted.`
              : `${client.companyName} was deleted.`,
          // mutateAsync: this page is gone by then, but the promise still settles
          undo: () =>
            void restoreClient.mutateAsync(client.id).then(
              () => {
                toast({
                  title: 'Client restored',
                  description: `${client.companyName} is back${contacts > 0 ? ' with its contacts' : ''}.`,
                });
                void navigate({ to: '/clients/$id', params: { id: String(client.id) } });
              },
              (error: unknown) => failed(serverMessage(error) ?? 'Failed to restore the client. Please try again.'),
            ),
        });
        void navigate({ to: '/clients' });
      },
      onError: () => {
        close();
        failed('Failed to delete client. Please try again.');
      },
    });

  const confirmContact = (contact: ClientContact) =>
    deleteContact.mutate(contact.id, {
      onSuccess: () => {
        close();
        toastWithUndo({
          title: 'Contact deleted',
          description: `${contact.name} was deleted.`,
          undo: () =>
            void restoreContact.mutateAsync(contact.id).then(
              () => toast({ title: 'Contact restored', description: `${contact.name} is back.` }),
              (error: unknown) => failed(serverMessage(error) ?? 'Failed to restore the contact. Please try again.'),
            ),
        });
      },
      onError: () => {
        close();
        failed('Failed to delete contact. Please try again.');
      },
    });

  const dialog =
    asked?.kind === 'client' ? (
      <ConfirmDialog
        open
        title={
          asked.client.contacts.length > 0
            ? `Delete ${asked.client.companyName} and its ${plural(asked.client.contacts.length, 'contact')}?`
            : `Delete ${asked.client.companyName}?`
        }
        description="The client and its contact persons leave every list. You can undo this from the notification for a few seconds."
        pending={deleteClient.isPending}
        onConfirm={() => confirmClient(asked.client)}
        onClose={close}
      />
    ) : asked?.kind === 'contact' ? (
      <ConfirmDialog
        open
        title={`Delete contact ${asked.contact.name}?`}
        description="You can undo this from the notification for a few seconds."
        pending={deleteContact.isPending}
        onConfirm={() => confirmContact(asked.contact)}
        onClose={close}
      />
    ) : null;

  return {
    askDeleteClient: (client) => setAsked({ kind: 'client', client }),
    askDeleteContact: (contact) => setAsked({ kind: 'contact', contact }),
    deletingContactId: deleteContact.isPending ? (deleteContact.variables ?? null) : null,
    dialog,
  };
}
