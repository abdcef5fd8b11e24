import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Client, ClientContact } from '@ats/contracts';
import { ConfirmDialog, plural } from '@/components/confirm-dialog';
import { toast, toastWithUndo } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useDeleteClient } from '../api/delete-client';
import { useDeleteClientContact } from '../api/delete-client-contact';
import { clientQueryOptions } from '../api/get-client';
import { useRestoreClient, useRestoreClientContact } from '../api/restore-client';

const failed = (description: string) => toast({ variant: 'destructive', title: 'Error', description });

/**
 * Deleting a client, from its card or its page: a confirmation that counts the contacts going
 * with it, then a success toast whose Undo restores the client with its contacts (a restore
 * command, so the log keeps both). From its page, the delete goes back to the list and the Undo
 * returns to the page.
 */
export function useClientDeletion({ onDetailPage }: { onDetailPage: boolean }): {
  askDelete: (client: Client) => void;
  deletingId: number | null;
  dialog: ReactNode;
} {
  const [asked, setAsked] = useState<Client | null>(null);
  const navigate = useNavigate();
  const deleteClient = useDeleteClient();
  const restoreClient = useRestoreClient();
  // the contacts that go with it, counted while the dialog is open (the list's cards do not carry them)
  const detail = useQuery({ ...clientQueryOptions(asked?.id ?? 0), enabled: asked !== null });
  const contacts = asked && detail.data?.id === asked.id ? detail.data.contacts.length : 0;
  const close = () => setAsked(null);

  const confirm = (client: Client, contactCount: number) =>
    deleteClient.mutate(client.id, {
      onSuccess: () => {
        close();
        const withContacts = contactCount > 0;
        toastWithUndo({
          title: 'Client deleted',
          description: withContacts
            ? `${client.companyName} and its ${plural(contactCount, 'contact')} were deleted.`
            : `${client.companyName} was deleted.`,
          // mutateAsync: the promise settles even if this screen is gone by then
          undo: () =>
            void restoreClient.mutateAsync(client.id).then(
              () => {
                toast({
                  title: 'Client restored',
                  description: `${client.companyName} is back${withContacts ? ' with its contacts' : ''}.`,
                });
                if (onDetailPage) void navigate({ to: '/clients/$id', params: { id: String(client.id) } });
              },
              (error: unknown) => failed(serverMessage(error) ?? 'Failed to restore the client. Please try again.'),
            ),
        });
        if (onDetailPage) void navigate({ to: '/clients' });
      },
      onError: () => {
        close();
        failed('Failed to delete client. Please try again.');
      },
    });

  const dialog = asked ? (
    <ConfirmDialog
      open
      title={contacts > 0 ? `Delete ${asked.companyName} and its ${plural(contacts, 'contact')}?` : `Delete ${asked.companyName}?`}
      description="The client and its contact persons leave every list. You can undo this from the notification for a few seconds."
      pending={deleteClient.isPending}
      onConfirm={() => confirm(asked, contacts)}
      onClose={close}
    />
  ) : null;

  return { askDelete: setAsked, deletingId: deleteClient.isPending ? (deleteClient.variables ?? null) : null, dialog };
}

/** Deleting one contact person: a confirmation, then a success toast whose Undo restores it. */
export function useContactDeletion(clientId: number): {
  askDelete: (contact: ClientContact) => void;
  deletingId: number | null;
  dialog: ReactNode;
} {
  const [asked, setAsked] = useState<ClientContact | null>(null);
  const deleteContact = useDeleteClientContact(clientId);
  const restoreContact = useRestoreClientContact(clientId);
  const close = () => setAsked(null);

  const confirm = (contact: ClientContact) =>
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

  const dialog = asked ? (
    <ConfirmDialog
      open
      title={`Delete contact ${asked.name}?`}
      description="You can undo this from the notification for a few seconds."
      pending={deleteContact.isPending}
      onConfirm={() => confirm(asked)}
      onClose={close}
    />
  ) : null;

  return { askDelete: setAsked, deletingId: deleteContact.isPending ? (deleteContact.variables ?? null) : null, dialog };
}
