import { useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Checkbox from '@mui/joy/Checkbox';
import Chip from '@mui/joy/Chip';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { ListChecks, Plus } from 'lucide-react';
import { ReadOnlyTooltip } from '@/components/read-only-tooltip';
import { ButtonLink } from '@/components/router-links';
import { LazyTaskDialog } from '@/components/lazy-dialogs';
import type { Task } from '@ats/contracts';
import { taskDueShort } from '@/components/tasks/task-due';
import { toast } from '@/components/toast';
import { useNow } from '@/hooks/use-now';
import { titleCase } from '@/lib/format';
import { usePriorityTasks } from '../api/get-priority-tasks';
import { useToggleTask } from '../api/toggle-task';
import { EmptyLine, WidgetCard } from './widget-card';

const SKELETON_ROWS = 4;
const PRIORITY_COLOR: Record<string, 'danger' | 'warning' | 'neutral'> = { high: 'danger', medium: 'warning', low: 'neutral' };

/**
 * SPEC §2.3/§4 Priority Tasks: the signed-in user's tasks due (assigned to her, or unassigned and
 * created by her), soonest due first, each with its due day ("Overdue · 3 Dec", "Due today"); the
 * checkbox toggles pending ⇄ completed; completed is struck through. "All tasks" opens the team's.
 */
export function PriorityTasks({ canEdit }: { canEdit: boolean }) {
  const { data, isPending, isError } = usePriorityTasks();
  const now = useNow();
  const toggle = useToggleTask();
  const [creating, setCreating] = useState(false);
  // a task ticked here stays in view, struck through, even when completing it moves it below the
  // list's limit (pending tasks come first): it does not vanish under the user's pointer
  const [ticked, setTicked] = useState<ReadonlyMap<number, Task>>(new Map());
  const shown = data ? [...data, ...[...ticked.values()].filter((t) => !data.some((d) => d.id === t.id))] : [];
  const action = (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      {canEdit && (
        <Button size="sm" variant="plain" startDecorator={<Plus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          New task
        </Button>
      )}
      <ButtonLink to="/tasks" size="sm" variant="plain" color="neutral">
        All tasks
      </ButtonLink>
    </Box>
  );
  return (
    <WidgetCard id="priority-tasks" title="Priority Tasks" icon={<ListChecks size={18} aria-hidden />} action={action}>
      <LazyTaskDialog open={creating} onClose={() => setCreating(false)} />
      {isPending ? (
        <List aria-label="Loading tasks" aria-busy="true">
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <ListItem key={i} data-testid="task-skeleton" sx={{ gap: 1.5 }}>
              <Skeleton variant="rectangular" width={20} height={20} sx={{ borderRadius: 'xs' }} />
              <Skeleton variant="text" level="body-sm" width="75%" />
            </ListItem>
          ))}
        </List>
      ) : isError ? (
        <Typography level="body-sm" color="danger">
          Could not load tasks.
        </Typography>
      ) : shown.length === 0 ? (
        <EmptyLine>No priority tasks</EmptyLine>
      ) : (
        <List aria-label="Priority tasks" sx={{ '--List-gap': '2px', '--ListItem-paddingX': '0px' }}>
          {shown.map((task) => {
            const done = task.status === 'completed';
            const due = taskDueShort(task, now);
            return (
              <ListItem key={task.id} data-testid="task-item" data-status={task.status} sx={{ gap: 1, alignItems: 'flex-start', py: 0.75 }}>
                <ReadOnlyTooltip readOnly={!canEdit} sx={{ flex: 1, minWidth: 0 }}>
                  <Checkbox
                    checked={done}
                    disabled={!canEdit}
                    onChange={() => {
                      setTicked((m) => new Map(m).set(task.id, { ...task, status: done ? 'pending' : 'completed' }));
                      toggle.mutate(
                        { id: task.id, status: done ? 'pending' : 'completed' },
                        {
                          onError: () => {
                            setTicked((m) => new Map([...m].filter(([id]) => id !== task.id)));
                            toast({ variant: 'destructive', title: 'Error', description: 'Failed to update task. Please try again.' });
                          },
                        },
                      );
                    }}
                    label={
                      <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
                        <Typography
                          component="span"
                          level="body-sm"
                          data-testid="task-title"
                          textColor={done ? 'text.tertiary' : 'text.primary'}
                          sx={{ textDecoration: done ? 'line-through' : 'none' }}
                        >
                          {task.title}
                        </Typography>
                        {due && (
                          <Typography
                            component="span"
                            level="body-xs"
                            data-testid="task-due"
                            color={due.overdue ? 'danger' : 'neutral'}
                            fontWeight={due.overdue ? 'lg' : undefined}
                          >
                            {due.text}
                          </Typography>
                        )}
                      </Box>
                    }
                    sx={{ flex: 1, minWidth: 0, alignItems: 'flex-start' }}
                  />
                </ReadOnlyTooltip>
                <Chip size="sm" variant="soft" color={PRIORITY_COLOR[task.priority] ?? 'neutral'}>
                  {titleCase(task.priority)}
                </Chip>
              </ListItem>
            );
          })}
        </List>
      )}
    </WidgetCard>
  );
}
