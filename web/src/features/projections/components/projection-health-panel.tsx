import { Fragment, useState } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import LinearProgress from '@mui/joy/LinearProgress';
import Sheet from '@mui/joy/Sheet';
import Skeleton from '@mui/joy/Skeleton';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { ChevronDown, ChevronRight, RefreshCw } from 'lucide-react';
import type { DeadLetter, ProjectionHealth } from '@ats/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useProjectionsOverview, useRebuildProjections, useRetryDeadLetter, useSkipDeadLetter } from '../api/projections';

const n = (value: number) => value.toLocaleString('en-US');

const STATE_CHIP: Record<ProjectionHealth['state'], { label: string; color: 'success' | 'primary' | 'warning' | 'danger' }> = {
  live: { label: 'Live', color: 'success' },
  rebuilding: { label: 'Rebuilding', color: 'primary' },
  backfilling: { label: 'Backfilling', color: 'primary' },
  stalled: { label: 'Stalled', color: 'danger' },
};

function failed(title: string) {
  return (error: unknown) => toast({ title, description: serverMessage(error) ?? 'Try again.', variant: 'destructive' });
}

function DeadLetters({ items, disabled, onSkip }: { items: DeadLetter[]; disabled: boolean; onSkip: (dl: DeadLetter) => void }) {
  const retry = useRetryDeadLetter();
  if (items.length === 0) return <Typography level="body-sm">No dead-lettered events.</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {items.map((dl) => (
        <Sheet
          key={dl.id}
          component="li"
          variant="soft"
          sx={{ p: 1, borderRadius: 'sm', display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Box sx={{ flex: 1, minWidth: 240 }}>
            <Typography level="body-sm" sx={{ fontWeight: 600 }}>
              Event {n(dl.position)} · {dl.eventType} · {dl.stream}
            </Typography>
            <Typography level="body-xs" sx={{ fontFamily: 'code', overflowWrap: 'anywhere' }}>
              {dl.error}
            </Typography>
            <Typography level="body-xs">
              {dl.attempts} attempts · failed {new Date(dl.failedAt).toLocaleString('en-US')}
            </Typography>
          </Box>
          <Button
            size="sm"
            variant="outlined"
            disabled={disabled}
            loading={retry.isPending && retry.variables === dl.id}
            aria-label={`Retry event ${dl.position}`}
            onClick={() =>
              retry.mutate(dl.id, {
                onSuccess: () => toast({ title: 'Retrying', description: `Rebuilding ${dl.projection} from the log.` }),
                onError: failed('Could not retry'),
              })
            }
          >
            Retry
          </Button>
          <Button
            size="sm"
            variant="plain"
            color="danger"
            disabled={disabled}
            aria-label={`Skip event ${dl.position}`}
            onClick={() => onSkip(dl)}
          >
            Skip
          </Button>
        </Sheet>
      ))}
    </Box>
  );
}

/** Projection health for admins: each read model's state, lag, version and dead letters; rebuild with live progress. */
export function ProjectionHealthPanel() {
  const overview = useProjectionsOverview();
  const rebuild = useRebuildProjections();
  const skip = useSkipDeadLetter();
  const [confirmRebuild, setConfirmRebuild] = useState(false);
  const [skipping, setSkipping] = useState<DeadLetter | null>(null);
  const [open, setOpen] = useState<string[]>([]);
  const data = overview.data;
  const running = data?.rebuild?.status === 'running';
  const toggle = (name: string) => setOpen((current) => (current.includes(name) ? current.filter((x) => x !== name) : [...current, name]));

  return (
    <Sheet
      variant="outlined"
      component="section"
      aria-labelledby="projections-heading"
      sx={{ borderRadius: 'md', p: 2, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Box>
          <Typography level="title-md" component="h2" id="projections-heading">
            Projections
          </Typography>
          {data && (
            <Typography level="body-xs">
              All read models share one checkpoint: event {n(data.checkpoint)} of {n(data.head)} ({n(data.lag)} behind)
            </Typography>
          )}
        </Box>
        {data?.controllable && (
          <Button
            size="sm"
            startDecorator={<RefreshCw size={16} aria-hidden />}
            loading={running || rebuild.isPending}
            loadingPosition="start"
            onClick={() => setConfirmRebuild(true)}
          >
            Rebuild
          </Button>
        )}
      </Box>

      {data?.rebuild && (data.rebuild.status === 'running' || data.rebuild.finishedAt) && (
        <Box>
          <LinearProgress
            determinate
            value={data.rebuild.percent}
            color={data.rebuild.status === 'failed' ? 'danger' : data.rebuild.status === 'done' ? 'success' : 'primary'}
            aria-label="Rebuild progress"
            aria-valuenow={data.rebuild.percent}
            aria-valuemin={0}
            aria-valuemax={100}
          />
          <Typography level="body-xs" sx={{ mt: 0.5 }} aria-live="polite" data-testid="rebuild-status">
            {data.rebuild.status === 'running'
              ? `Rebuilding ${data.rebuild.readModels.length} read models: ${data.rebuild.percent}% (${data.rebuild.phase}), ${n(data.rebuild.events)} events at ${n(data.rebuild.eventsPerSecond)} events/s`
              : data.rebuild.status === 'done'
                ? `Rebuild done: ${n(data.rebuild.events)} events replayed at ${n(data.rebuild.eventsPerSecond)} events/s`
                : `Rebuild failed: ${data.rebuild.error ?? 'unknown error'}`}
          </Typography>
        </Box>
      )}

      {data && !data.controllable && (
        <Alert variant="soft" color="neutral">
          The projector runs as its own service here: rebuilds, retries and skips are done there. This view shows its health.
        </Alert>
      )}

      {overview.isPending ? (
        <Box sx={{ display: 'grid', gap: 1 }} aria-label="Loading the projections" role="status">
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
        </Box>
      ) : overview.isError ? (
        <Alert
          color="danger"
          variant="soft"
          role="alert"
          endDecorator={
            <Button size="sm" variant="plain" color="danger" onClick={() => void overview.refetch()}>
              Try again
            </Button>
          }
        >
          Could not load the projections{serverMessage(overview.error) ? `: ${serverMessage(overview.error)}` : '.'}
        </Alert>
      ) : !data || data.readModels.length === 0 ? (
        <Typography level="body-sm">No read models.</Typography>
      ) : (
        // a wide table scrolls sideways: focusable so the keyboard can scroll it too
        <Box tabIndex={0} role="region" aria-labelledby="projections-heading" sx={{ overflowX: 'auto' }}>
          <Table size="sm" aria-labelledby="projections-heading" stickyHeader>
            <thead>
              <tr>
                <th scope="col">Read model</th>
                <th scope="col" style={{ width: 80 }}>
                  Version
                </th>
                <th scope="col" style={{ width: 120 }}>
                  State
                </th>
                <th scope="col" style={{ width: 110 }}>
                  Checkpoint
                </th>
                <th scope="col" style={{ width: 80 }}>
                  Lag
                </th>
                <th scope="col" style={{ width: 170 }}>
                  Dead letters
                </th>
              </tr>
            </thead>
            <tbody>
              {data.readModels.map((rm) => {
                const expanded = open.includes(rm.name);
                const chip = STATE_CHIP[rm.state];
                return (
                  <Fragment key={rm.name}>
                    <tr data-testid={`projection-${rm.name}`}>
                      <th scope="row" style={{ fontWeight: 500 }}>
                        {rm.name}
                      </th>
                      <td>{rm.version}</td>
                      <td>
                        <Chip size="sm" variant="soft" color={chip.color}>
                          {chip.label}
                        </Chip>
                      </td>
                      <td>{n(rm.checkpoint)}</td>
                      <td>{n(rm.lag)}</td>
                      <td>
                        {rm.deadLetters.length === 0 ? (
                          <Typography level="body-sm">None</Typography>
                        ) : (
                          <Button
                            size="sm"
                            variant="plain"
                            color="danger"
                            aria-expanded={expanded}
                            aria-controls={`dead-letters-${rm.name}`}
                            startDecorator={expanded ? <ChevronDown size={14} aria-hidden /> : <ChevronRight size={14} aria-hidden />}
                            onClick={() => toggle(rm.name)}
                          >
                            {rm.deadLetters.length} dead {rm.deadLetters.length === 1 ? 'letter' : 'letters'}
                          </Button>
                        )}
                      </td>
                    </tr>
                    {expanded && rm.deadLetters.length > 0 && (
                      <tr id={`dead-letters-${rm.name}`}>
                        <td colSpan={6}>
                          <DeadLetters items={rm.deadLetters} disabled={!data.controllable || running} onSkip={setSkipping} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </Table>
        </Box>
      )}
      {data && data.undecodable.length > 0 && (
        <Box>
          <Typography level="title-sm" component="h3">
            Events no read model could decode
          </Typography>
          <DeadLetters items={data.undecodable} disabled={!data.controllable || running} onSkip={setSkipping} />
        </Box>
      )}

      <ConfirmDialog
        open={confirmRebuild}
        id="confirm-rebuild"
        title="Rebuild every read model from the log?"
        description="Each read model is replayed into fresh collections and swapped in when caught up; the app keeps working meanwhile. On a long log this takes a while."
        confirmLabel="Rebuild"
        pending={rebuild.isPending}
        onClose={() => setConfirmRebuild(false)}
        onConfirm={() =>
          rebuild.mutate(undefined, {
            onSuccess: () => setConfirmRebuild(false),
            onError: (error) => {
              setConfirmRebuild(false);
              failed('Could not start the rebuild')(error);
            },
          })
        }
      />
      <ConfirmDialog
        open={skipping !== null}
        id="confirm-skip"
        title={skipping ? `Skip event ${n(skipping.position)} for ${skipping.projection}?` : 'Skip this event?'}
        description="The read model stays without this event's effects until the next rebuild, which tries it again."
        confirmLabel="Skip"
        pending={skip.isPending}
        onClose={() => setSkipping(null)}
        onConfirm={() =>
          skipping &&
          skip.mutate(skipping.id, {
            onSuccess: () => setSkipping(null),
            onError: (error) => {
              setSkipping(null);
              failed('Could not skip the event')(error);
            },
          })
        }
      />
    </Sheet>
  );
}
