import { useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import List from '@mui/joy/List';
import Skeleton from '@mui/joy/Skeleton';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import Tabs from '@mui/joy/Tabs';
import Typography from '@mui/joy/Typography';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ListChecks, Plus } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { tasksQueryOptions } from '@/components/tasks/task-api';
import { LazyTaskDialog } from '@/components/lazy-dialogs';
import { TaskRow } from '@/components/tasks/task-row';
import { useTaskActions } from '@/components/tasks/use-task-actions';
import { useNow } from '@/hooks/use-now';
import { useRealtimeRoom } from '@/lib/realtime';
import { isFiltered, toTaskQuery, type TasksSearch } from '../utils/task-filters';
import { TaskFiltersBar } from './task-filters-bar';

/**
 * The Tasks screen: My tasks / All tasks, filtered (status, priority, due, assignee, related
 * record kind, text) through the URL; soonest due first; live through the dashboard room, where
 * every task notice goes.
 */
export function TasksPage({
  search,
  onSearchChange,
  canEdit,
  userId,
}: {
  search: TasksSearch;
  onSearchChange: (next: TasksSearch) => void;
  canEdit: boolean;
  userId: string;
}) {
  const tab = search.tab ?? 'mine';
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useInfiniteQuery({
    ...tasksQueryOptions(toTaskQuery(search)),
    placeholderData: keepPreviousData,
  });
  const [creating, setCreating] = useState(false);
  const actions = useTaskActions();
  const now = useNow();
  useRealtimeRoom('dashboard');
  const tasks = data?.pages.flatMap((p) => p.items) ?? [];
  const total = data?.pages[0]?.total ?? 0;

  return (
    <Box>
      <PageHeader
        title="Tasks"
        subtitle="Follow-ups for the team, soonest due first."
        actions={
          canEdit && (
            <Button startDecorator={<Plus size={18} aria-hidden />} onClick={() => setCreating(true)}>
              New task
            </Button>
          )
        }
      />
      <Tabs
        value={tab}
        onChange={(_, value) => onSearchChange({ ...search, tab: value === 'all' ? 'all' : undefined, assignee: undefined })}
        sx={{ bgcolor: 'transparent', mb: 2 }}
      >
        <TabList>
          <Tab value="mine">My tasks</Tab>
          <Tab value="all">All tasks</Tab>
        </TabList>
      </Tabs>
      <TaskFiltersBar search={search} onChange={onSearchChange} />
      <Card variant="outlined" component="section" aria-labelledby="tasks-list-heading" sx={{ gap: 1, mt: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography id="tasks-list-heading" level="title-lg" component="h2">
            {tab === 'mine' ? 'My tasks' : 'All tasks'}
          </Typography>
          {!isPending && !isError && (
            <Typography level="body-sm" textColor="text.secondary" data-testid="task-count" aria-live="polite">
              {total === 1 ? '1 task' : `${total} tasks`}
            </Typography>
          )}
        </Box>
        {isPending ? (
          <List aria-label="Loading tasks" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="text" level="body-md" sx={{ my: 1 }} />
            ))}
          </List>
        ) : isError ? (
          <Typography level="body-sm" color="danger">
            Could not load tasks.
          </Typography>
        ) : tasks.length === 0 ? (
          <EmptyState
            icon={<ListChecks size={28} />}
            title={isFiltered(search) ? 'No tasks match these filters' : tab === 'mine' ? 'No tasks assigned to you' : 'No tasks yet'}
            description={canEdit ? 'Create a task with New task, or from a candidate, job or client.' : undefined}
          />
        ) : (
          <List aria-label={tab === 'mine' ? 'My tasks' : 'All tasks'} sx={{ '--ListItem-paddingX': '0px' }}>
            {tasks.map((task) => (
              <TaskRow key={task.id} task={task} now={now} canEdit={canEdit} actions={actions} />
            ))}
          </List>
        )}
        {hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
            <Button
              variant="outlined"
              color="neutral"
              loading={isFetchingNextPage}
              onClick={() => void fetchNextPage({ cancelRefetch: false })}
            >
              Load more tasks
            </Button>
          </Box>
        )}
      </Card>
      <LazyTaskDialog open={creating} onClose={() => setCreating(false)} defaultAssignee={userId} />
      {actions.dialogs}
    </Box>
  );
}
