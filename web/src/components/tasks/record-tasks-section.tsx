import { useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import List from '@mui/joy/List';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useNow } from '@/hooks/use-now';
import type { RelatedChoice } from './related-record-picker';
import { tasksQueryOptions } from './task-api';
import { LazyTaskDialog } from '@/components/lazy-dialogs';
import { TaskRow } from './task-row';
import { useTaskActions } from './use-task-actions';

/**
 * A record's open tasks (on the candidate, job and client pages), with "Add task": the task is
 * about this record. Live: tasks notices reach the record's room and refresh the list.
 */
export function RecordTasksSection({ related, canEdit }: { related: RelatedChoice; canEdit: boolean }) {
  const { data, isPending, isError } = useInfiniteQuery(
    tasksQueryOptions({ scope: 'all', status: 'open', related: `${related.kind}:${related.id}` }),
  );
  const [adding, setAdding] = useState(false);
  const actions = useTaskActions();
  const now = useNow();
  const tasks = data?.pages.flatMap((p) => p.items) ?? [];
  const headingId = `${related.kind}-tasks-heading`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid="record-tasks" sx={{ gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} level="title-lg" component="h2">
          Tasks
        </Typography>
        {canEdit && (
          <Button
            size="sm"
            variant="outlined"
            color="neutral"
            startDecorator={<Plus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            Add task
          </Button>
        )}
      </Box>
      {isPending ? (
        <Box aria-busy="true" aria-label="Loading tasks">
          <Skeleton variant="text" level="body-sm" />
          <Skeleton variant="text" level="body-sm" />
        </Box>
      ) : isError ? (
        <Typography level="body-sm" color="danger">
          Could not load tasks.
        </Typography>
      ) : tasks.length === 0 ? (
        <Typography level="body-sm" textColor="text.tertiary">
          No open tasks
        </Typography>
      ) : (
        <List aria-label={`Open tasks for ${related.label}`} sx={{ '--ListItem-paddingX': '0px' }}>
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} now={now} canEdit={canEdit} actions={actions} showRelated={false} />
          ))}
        </List>
      )}
      <LazyTaskDialog open={adding} onClose={() => setAdding(false)} related={related} />
      {actions.dialogs}
    </Card>
  );
}
