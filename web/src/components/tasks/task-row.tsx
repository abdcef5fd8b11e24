import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import Chip from '@mui/joy/Chip';
import IconButton from '@mui/joy/IconButton';
import Link from '@mui/joy/Link';
import ListItem from '@mui/joy/ListItem';
import Typography from '@mui/joy/Typography';
import { Pencil, Trash2, UserRoundPen } from 'lucide-react';
import type { TaskItem } from '@ats/contracts';
import { ReadOnlyTooltip } from '@/components/read-only-tooltip';
import { RouterLink } from '@/components/router-links';
import { titleCase } from '@/lib/format';
import { RELATED_KIND_LABELS } from './related-record-picker';
import { taskDueLabel } from './task-due';
import type { TaskActions } from './use-task-actions';

const PRIORITY_COLOR: Record<string, 'danger' | 'warning' | 'neutral'> = { high: 'danger', medium: 'warning', low: 'neutral' };

function RelatedLink({ task }: { task: TaskItem }) {
  const r = task.relatedTo;
  if (!r) return null;
  const text = task.relatedLabel ?? `${RELATED_KIND_LABELS[r.kind]} #${r.id}`;
  const params = { id: String(r.id) };
  const link =
    r.kind === 'candidate' ? (
      <RouterLink to="/candidates/$id" params={params} level="body-sm">
        {text}
      </RouterLink>
    ) : r.kind === 'job' ? (
      <RouterLink to="/jobs/$id" params={params} level="body-sm">
        {text}
      </RouterLink>
    ) : r.kind === 'client' ? (
      <RouterLink to="/clients/$id" params={params} level="body-sm">
        {text}
      </RouterLink>
    ) : (
      <Typography level="body-sm">{text}</Typography>
    );
  return (
    <Typography level="body-sm" textColor="text.secondary" component="span">
      {RELATED_KIND_LABELS[r.kind]}: {link}
    </Typography>
  );
}

/**
 * One task: a checkbox that completes or reopens it, the title (opens it), the due line (red
 * "Overdue · due Mon 23 Nov"), priority, assignee and related record, and Edit / Reassign / Delete.
 */
export function TaskRow({
  task,
  now,
  canEdit,
  actions,
  showRelated = true,
}: {
  task: TaskItem;
  now: Date;
  canEdit: boolean;
  actions: TaskActions;
  showRelated?: boolean;
}) {
  const status = actions.toggling?.id === task.id ? actions.toggling.status : task.status;
  const done = status === 'completed';
  const due = taskDueLabel({ dueDate: task.dueDate, status }, now);
  const assignee = task.assigneeName ?? task.assignedTo;
  return (
    <ListItem data-testid="task-row" data-task-id={task.id} data-status={status} sx={{ gap: 1.5, alignItems: 'flex-start', py: 1 }}>
      <ReadOnlyTooltip readOnly={!canEdit}>
        <Checkbox
          checked={done}
          disabled={!canEdit}
          onChange={() => actions.toggle(task)}
          slotProps={{ input: { 'aria-label': done ? `Reopen ${task.title}` : `Complete ${task.title}` } }}
          sx={{ mt: 0.25 }}
        />
      </ReadOnlyTooltip>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
        {canEdit ? (
          <Link
            component="button"
            type="button"
            onClick={() => actions.edit(task)}
            level="title-sm"
            textColor={done ? 'text.tertiary' : 'text.primary'}
            sx={{ textDecoration: done ? 'line-through' : 'none', textAlign: 'left', alignSelf: 'flex-start' }}
          >
            {task.title}
          </Link>
        ) : (
          // read-only: the title is text, not a button that would open the editor
          <Typography
            level="title-sm"
            textColor={done ? 'text.tertiary' : 'text.primary'}
            sx={{ textDecoration: done ? 'line-through' : 'none' }}
          >
            {task.title}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, alignItems: 'center' }}>
          {due && (
            <Typography
              level="body-sm"
              color={due.overdue ? 'danger' : 'neutral'}
              fontWeight={due.overdue ? 'lg' : undefined}
              data-testid="task-due"
            >
              {due.text}
            </Typography>
          )}
          <Typography level="body-sm" textColor="text.secondary">
            {assignee ? `Assigned to ${assignee}` : 'Unassigned'}
          </Typography>
          {showRelated && <RelatedLink task={task} />}
        </Box>
      </Box>
      <Chip size="sm" variant="soft" color={PRIORITY_COLOR[task.priority] ?? 'neutral'} sx={{ mt: 0.25 }}>
        {titleCase(task.priority)}
      </Chip>
      {canEdit && (
        <Box sx={{ display: 'flex', gap: 0.25 }}>
          <IconButton size="sm" variant="plain" color="neutral" aria-label={`Edit ${task.title}`} onClick={() => actions.edit(task)}>
            <Pencil size={16} aria-hidden />
          </IconButton>
          <IconButton
            size="sm"
            variant="plain"
            color="neutral"
            aria-label={`Reassign ${task.title}`}
            onClick={() => actions.reassign(task)}
          >
            <UserRoundPen size={16} aria-hidden />
          </IconButton>
          <IconButton size="sm" variant="plain" color="danger" aria-label={`Delete ${task.title}`} onClick={() => actions.remove(task)}>
            <Trash2 size={16} aria-hidden />
          </IconButton>
        </Box>
      )}
    </ListItem>
  );
}
