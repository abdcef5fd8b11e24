import { useState } from 'react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { inPlausibleYears, messages, type CurrentUser, type TaskItem } from '@ats/contracts';
import { ChangedMeanwhileNotice } from '@/components/changed-meanwhile-notice';
import { EditConflictDialog } from '@/components/edit-conflict-dialog';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { FormSelect } from '@/components/form-select';
import { toast } from '@/components/toast';
import { useConflictAwareSave } from '@/hooks/use-conflict-aware-save';
import { serverMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';
import { queryKeys } from '@/lib/query-keys';
import { RELATED_KIND_LABELS, RelatedRecordPicker, type RelatedChoice } from './related-record-picker';
import { useChangeTask, useCreateTask, useReassignTask, useTeamMembers } from './task-api';

const TaskFormSchema = z.object({
  title: z.string().trim().min(1, messages.taskTitleRequired).max(300),
  description: z.string().max(10_000),
  // a typed year such as 20266 or 0202 is refused here, by the field, not by a toast from the server
  dueDate: z.string().refine((v) => v === '' || inPlausibleYears(v), messages.yearOutOfRange),
  priority: z.enum(['high', 'medium', 'low']),
  assignedTo: z.string(),
});
type TaskFormValues = z.input<typeof TaskFormSchema>;
type TaskFormOutput = z.output<typeof TaskFormSchema>;

const PRIORITIES = [
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
];
const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  dueDate: 'Due date',
  priority: 'Priority',
  assignedTo: 'Assigned to',
};

/** a due date as the date input holds it (a due time keeps its day) */
const toDateInput = (due: string | null) => (due ? due.slice(0, 10) : '');

export interface TaskDialogProps {
  open: boolean;
  onClose: () => void;
  /** the task to edit; absent = a new task */
  task?: TaskItem | undefined;
  /** a new task's record (a record page's "Add task"): fixed, not picked */
  related?: RelatedChoice | undefined;
  /** a new task's assignee (default: the signed-in user, from the session query) */
  defaultAssignee?: string | undefined;
}

/** New task / Edit task: title, description, due date, priority, assignee (from the team) and related record. */
export function TaskDialog(props: TaskDialogProps) {
  return props.open ? <TaskForm key={props.task?.id ?? 'new'} {...props} /> : null;
}

function TaskForm({ onClose, task, related, defaultAssignee }: TaskDialogProps) {
  const me = useQueryClient().getQueryData<CurrentUser | null>(queryKeys.auth.user())?.id;
  const team = useTeamMembers();
  const create = useCreateTask();
  const change = useChangeTask(task?.id ?? 0);
  const reassign = useReassignTask();
  const [baseRevision] = useState(task?.revision);
  const [relatedTo, setRelatedTo] = useState<RelatedChoice | null>(related ?? null);
  const { control, handleSubmit, setError } = useForm<TaskFormValues, unknown, TaskFormOutput>({
    resolver: zodResolver(TaskFormSchema),
    defaultValues: {
      title: task?.title ?? '',
      description: task?.description ?? '',
      dueDate: toDateInput(task?.dueDate ?? null),
      priority: task?.priority ?? 'medium',
      assignedTo: task ? (task.assignedTo ?? '') : (defaultAssignee ?? me ?? ''),
    },
    mode: 'onTouched',
  });
  const members = team.data ?? [];
  const assigneeChoices = [
    ...members.map((m) => ({ value: m.id, label: m.name })),
    // an old task's free-text assignee stays readable
    ...(task?.assignedTo && !members.some((m) => m.id === task.assignedTo) ? [{ value: task.assignedTo, label: task.assignedTo }] : []),
  ];
  const failed = (error: unknown, fallback: string) => {
    if (showServerFieldErrors(error, setError, Object.keys(FIELD_LABELS))) return;
    toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? fallback });
  };

  const { submit, conflict } = useConflictAwareSave(
    async (body: Record<string, unknown>) => {
      if (!task) return;
      const { assignedTo, ...details } = body;
      await change.mutateAsync(details);
      const to = (assignedTo as string) || null;
      if (to !== task.assignedTo) await reassign.mutateAsync({ id: task.id, assignedTo: to });
    },
    {
      onSaved: () => {
        toast({ title: 'Task updated', description: 'Your changes have been saved.' });
        onClose();
      },
      onError: (error) => failed(error, 'Failed to update the task. Please try again.'),
    },
  );

  const onSubmit = handleSubmit((values) => {
    const dueDate = values.dueDate || null;
    if (task) {
      // a due time set elsewhere keeps its time while its day is unchanged
      const keptDue = task.dueDate && toDateInput(task.dueDate) === values.dueDate ? task.dueDate : dueDate;
      void submit({
        title: values.title,
        description: values.description.trim() || null,
        dueDate: keptDue,
        priority: values.priority,
        baseRevision,
        assignedTo: values.assignedTo,
      });
      return;
    }
    create.mutate(
      {
        title: values.title,
        description: values.description.trim() || undefined,
        dueDate,
        priority: values.priority,
        assignedTo: values.assignedTo || undefined,
        relatedTo: relatedTo ? { kind: relatedTo.kind, id: relatedTo.id } : null,
      },
      {
        onSuccess: () => {
          toast({ title: 'Task created', description: `${values.title} was added.` });
          onClose();
        },
        onError: (error) => failed(error, 'Failed to create the task. Please try again.'),
      },
    );
  });

  const shownRelated = task
    ? task.relatedTo
      ? { ...task.relatedTo, label: task.relatedLabel ?? `${RELATED_KIND_LABELS[task.relatedTo.kind]} #${task.relatedTo.id}` }
      : null
    : related;

  return (
    <>
      <FormDialog
        open
        onClose={onClose}
        id="task-dialog"
        title={task ? 'Edit Task' : 'New Task'}
        onSubmit={onSubmit}
        pending={create.isPending || conflict.pending}
        submitLabel={task ? 'Save Changes' : 'Create Task'}
        pendingLabel="Saving..."
        width={560}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {task && (
            <ChangedMeanwhileNotice
              baseRevision={baseRevision}
              revision={task.revision}
              by={task.updatedBy}
              sx={{ gridColumn: '1 / -1' }}
            />
          )}
          <FormField control={control} name="title" label="Title" required autoComplete="off" sx={{ gridColumn: '1 / -1' }} />
          <FormField control={control} name="description" label="Description" minRows={2} sx={{ gridColumn: '1 / -1' }} />
          <FormField control={control} name="dueDate" label="Due date" type="date" />
          <FormSelect control={control} name="priority" label="Priority" options={PRIORITIES} />
          {team.isPending ? (
            // the select keeps its value only once its options are there
            <FormControl sx={{ gridColumn: '1 / -1' }}>
              <FormLabel>Assigned to</FormLabel>
              <Typography level="body-sm" textColor="text.tertiary">
                Loading the team…
              </Typography>
            </FormControl>
          ) : (
            <FormSelect
              control={control}
              name="assignedTo"
              label="Assigned to"
              options={assigneeChoices}
              emptyLabel="Nobody"
              sx={{ gridColumn: '1 / -1' }}
            />
          )}
          <Box sx={{ gridColumn: '1 / -1' }}>
            {shownRelated || task ? (
              <FormControl>
                <FormLabel>Related to</FormLabel>
                <Typography level="body-sm" data-testid="task-related">
                  {shownRelated ? `${RELATED_KIND_LABELS[shownRelated.kind]}: ${shownRelated.label}` : 'Nothing'}
                </Typography>
              </FormControl>
            ) : (
              <RelatedRecordPicker value={relatedTo} onChange={setRelatedTo} />
            )}
          </Box>
        </Box>
      </FormDialog>
      <EditConflictDialog {...conflict} labels={FIELD_LABELS} textFields={['title', 'description']} />
    </>
  );
}
