import { useState, type ReactNode } from 'react';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import type { TaskItem } from '@ats/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form-dialog';
import { toast, toastWithUndo } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useDeleteTask, useReassignTask, useRestoreTask, useSetTaskStatus, useTeamMembers } from './task-api';
import { LazyTaskDialog } from '@/components/lazy-dialogs';

const failed = (error: unknown, fallback: string) =>
  toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? fallback });

export interface TaskActions {
  edit: (task: TaskItem) => void;
  reassign: (task: TaskItem) => void;
  remove: (task: TaskItem) => void;
  toggle: (task: TaskItem) => void;
  /** the task being ticked or unticked (its checkbox shows the new state at once) */
  toggling: { id: number; status: TaskItem['status'] } | null;
  dialogs: ReactNode;
}

/** What a task row can do: tick, edit, reassign, delete (confirmed, with Undo). One set of dialogs per list. */
export function useTaskActions(): TaskActions {
  const [editing, setEditing] = useState<TaskItem | null>(null);
  const [reassigning, setReassigning] = useState<TaskItem | null>(null);
  const [deleting, setDeleting] = useState<TaskItem | null>(null);
  const setStatus = useSetTaskStatus();
  const deleteTask = useDeleteTask();
  const restoreTask = useRestoreTask();

  const toggle = (task: TaskItem) =>
    setStatus.mutate(
      { id: task.id, status: task.status === 'completed' ? 'pending' : 'completed' },
      { onError: (error) => failed(error, 'Failed to update task. Please try again.') },
    );

  const confirmDelete = (task: TaskItem) =>
    deleteTask.mutate(task.id, {
      onSuccess: () => {
        setDeleting(null);
        toastWithUndo({
          title: 'Task deleted',
          description: `${task.title} was deleted.`,
          undo: () =>
            void restoreTask.mutateAsync(task.id).then(
              () => toast({ title: 'Task restored', description: `${task.title} is back.` }),
              (error: unknown) => failed(error, 'Failed to restore the task. Please try again.'),
            ),
        });
      },
      onError: (error) => {
        setDeleting(null);
        failed(error, 'Failed to delete the task. Please try again.');
      },
    });

  const dialogs = (
    <>
      <LazyTaskDialog open={editing !== null} task={editing ?? undefined} onClose={() => setEditing(null)} />
      {reassigning && <ReassignDialog task={reassigning} onClose={() => setReassigning(null)} />}
      {deleting && (
        <ConfirmDialog
          open
          id="delete-task-dialog"
          title={`Delete ${deleting.title}?`}
          description="The task leaves every list. You can undo this from the notification for a few seconds."
          pending={deleteTask.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );

  return {
    edit: setEditing,
    reassign: setReassigning,
    remove: setDeleting,
    toggle,
    toggling: setStatus.isPending && setStatus.variables ? setStatus.variables : null,
    dialogs,
  };
}

function ReassignDialog({ task, onClose }: { task: TaskItem; onClose: () => void }) {
  const team = useTeamMembers();
  const reassign = useReassignTask();
  const [to, setTo] = useState<string>(task.assignedTo ?? '');
  const members = team.data ?? [];
  return (
    <FormDialog
      open
      onClose={onClose}
      id="reassign-task"
      title="Reassign Task"
      width={440}
      pending={reassign.isPending}
      submitLabel="Reassign"
      pendingLabel="Reassigning..."
      onSubmit={(event) => {
        event.preventDefault();
        reassign.mutate(
          { id: task.id, assignedTo: to || null },
          {
            onSuccess: () => {
              const name = members.find((m) => m.id === to)?.name;
              toast({ title: 'Task reassigned', description: name ? `${task.title} is now ${name}'s.` : `${task.title} is unassigned.` });
              onClose();
            },
            onError: (error) => failed(error, 'Failed to reassign the task. Please try again.'),
          },
        );
      }}
    >
      <FormControl>
        <FormLabel id="reassign-task-to-label">Assign {task.title} to</FormLabel>
        <Select<string>
          value={to}
          onChange={(_, next) => setTo(next ?? '')}
          slotProps={{
            button: { 'aria-labelledby': 'reassign-task-to-label' },
            listbox: { sx: { zIndex: 'calc(var(--joy-zIndex-modal) + 1)' } },
          }}
        >
          <Option value="">Nobody</Option>
          {members.map((m) => (
            <Option key={m.id} value={m.id}>
              {m.name}
            </Option>
          ))}
        </Select>
      </FormControl>
    </FormDialog>
  );
}
