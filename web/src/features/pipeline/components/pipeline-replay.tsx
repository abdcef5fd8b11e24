import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import CircularProgress from '@mui/joy/CircularProgress';
import Slider from '@mui/joy/Slider';
import Typography from '@mui/joy/Typography';
import { Pause, Play, X } from 'lucide-react';
import { contracts, type HistoryEntry } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { callContract, serverMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { AsOfBoard } from './as-of-board';

const BOARD_EVENTS = new Set(['ApplicationCreated', 'ApplicationStageChanged', 'ApplicationDetached', 'ApplicationRestored']);
/** how long each step stays on screen while playing */
export const REPLAY_STEP_MS = 1500;

/** "Dana Reyes moved Jane Doe Interview → Offer, 12 Nov 14:05": who did what to which card, and when. */
export function replayCaption(step: HistoryEntry): string {
  // the board is one job's: the summary's trailing "(job title)" says nothing here
  const cut = step.summary.endsWith(')') ? step.summary.lastIndexOf(' (') : -1;
  const what = cut > 0 ? step.summary.slice(0, cut) : step.summary;
  return `${step.actor.name} ${what.charAt(0).toLowerCase()}${what.slice(1)}, ${format(new Date(step.occurredAt), 'd MMM HH:mm')}`;
}

/** Every event that put, moved or took a card on this job's board, oldest first. */
async function boardSteps(jobId: number, signal: AbortSignal): Promise<HistoryEntry[]> {
  const steps: HistoryEntry[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await callContract(contracts.jobHistory, {
      params: { id: jobId },
      query: { limit: 200, ...(before !== undefined ? { before } : {}) },
      signal,
    });
    steps.push(...page.entries.filter((e) => BOARD_EVENTS.has(e.type)));
    if (page.next === null) break;
    before = page.next;
  }
  return steps.reverse();
}

/**
 * The pipeline's replay (issue 14): a slider from the job's first application to now and a
 * play/pause button; each step shows the board folded up to that event and says which event
 * moved which card. The slider is a keyboard slider (arrows, Home, End).
 */
/**
 * The step a replay opens on: the last one at or before `from` (an ISO moment or an event
 * position, as the "View as of…" board takes), so the board the auditor was looking at is where
 * the replay starts; without `from`, the first step.
 */
export function replayStartIndex(steps: readonly HistoryEntry[], from: string | undefined): number {
  if (!from || steps.length === 0) return 0;
  const position = /^\d+$/.test(from) ? Number(from) : null;
  const at = position === null ? Date.parse(from) : NaN;
  if (position === null && Number.isNaN(at)) return 0;
  let index = 0;
  steps.forEach((step, i) => {
    if (position !== null ? step.position <= position : Date.parse(step.occurredAt) <= at) index = i;
  });
  return index;
}

export function PipelineReplay({ jobId, from, onLeave }: { jobId: number; from?: string; onLeave: () => void }) {
  const steps = useQuery({
    queryKey: [...queryKeys.applications.all(), 'replay', jobId],
    queryFn: ({ signal }) => boardSteps(jobId, signal),
    staleTime: Infinity,
  });
  const [chosen, setIndex] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const count = steps.data?.length ?? 0;
  const index = chosen ?? replayStartIndex(steps.data ?? [], from);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setIndex((current) => {
        const i = current ?? index;
        if (i + 1 >= count) {
          setPlaying(false);
          return i;
        }
        return i + 1;
      });
    }, REPLAY_STEP_MS);
    return () => clearInterval(timer);
  }, [playing, count, index]);

  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
      <Typography level="title-lg" component="h2" sx={{ flex: 1 }}>
        Replay
      </Typography>
      <Button size="sm" variant="outlined" color="neutral" startDecorator={<X size={16} />} onClick={onLeave}>
        Leave replay
      </Button>
    </Box>
  );
  if (steps.isPending) {
    return (
      <Card variant="outlined">
        {header}
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }} role="status">
          <CircularProgress size="sm" />
          <Typography level="body-sm">Loading the board's history…</Typography>
        </Box>
      </Card>
    );
  }
  if (steps.isError) {
    return (
      <Card variant="outlined">
        {header}
        <EmptyState title="Could not load the board's history" description={serverMessage(steps.error) ?? steps.error.message} />
      </Card>
    );
  }
  if (count === 0) {
    return (
      <Card variant="outlined">
        {header}
        <EmptyState title="Nothing to replay" description="No candidate has been attached to this job yet." />
      </Card>
    );
  }
  const at = Math.min(index, count - 1);
  const step = steps.data[at]!;
  const moved = step.links.find((l) => l.kind === 'application')?.id ?? null;
  return (
    <Card variant="outlined" data-testid="pipeline-replay">
      {header}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 1 }}>
        <Button
          size="sm"
          startDecorator={playing ? <Pause size={16} /> : <Play size={16} />}
          onClick={() => {
            if (!playing && at >= count - 1) setIndex(0);
            setPlaying((p) => !p);
          }}
        >
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Slider
          aria-label="Replay position"
          min={0}
          max={count - 1}
          step={1}
          value={at}
          onChange={(_, value) => {
            setPlaying(false);
            setIndex(value as number);
          }}
          getAriaValueText={(i) => {
            const s = steps.data[i];
            return s ? `Step ${i + 1} of ${count}: ${replayCaption(s)}` : '';
          }}
          sx={{ flex: 1 }}
        />
        <Typography level="body-xs" sx={{ whiteSpace: 'nowrap' }}>
          {at + 1} / {count}
        </Typography>
      </Box>
      <Typography level="body-sm" role="status" aria-live="polite" data-testid="replay-caption" sx={{ px: 1 }}>
        {replayCaption(step)}
      </Typography>
      <AsOfBoard jobId={jobId} asOf={String(step.position)} highlight={moved} />
    </Card>
  );
}
