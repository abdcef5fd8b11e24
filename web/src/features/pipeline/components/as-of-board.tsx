import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import CircularProgress from '@mui/joy/CircularProgress';
import Typography from '@mui/joy/Typography';
import { APPLICATION_STAGES, STAGE_LABELS, type Application } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { serverMessage } from '@/lib/api-client';
import { useApplicationsAsOf } from '../api/get-applications-as-of';

/**
 * A job's board as it was at `asOf` (an ISO time or an event position): the seven columns,
 * read-only, folded on the server from the job's events. `highlight` marks the card the replay's
 * current event moved.
 */
export function AsOfBoard({
  jobId,
  asOf,
  highlight,
  headingLevel = 'h3',
}: {
  jobId: number;
  asOf: string;
  highlight?: number | null;
  /** the columns' heading level: one below the section the board sits in */
  headingLevel?: 'h2' | 'h3';
}) {
  const { data, isPending, isError, error, isFetching } = useApplicationsAsOf(jobId, asOf);
  if (isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }} role="status">
        <CircularProgress size="sm" />
        <Typography level="body-sm">Loading the board as it was…</Typography>
      </Box>
    );
  }
  if (isError) {
    return (
      <Card variant="soft" color="danger">
        <EmptyState title="Could not load the board" description={serverMessage(error) ?? error.message} />
      </Card>
    );
  }
  const byStage = new Map<string, Application[]>(APPLICATION_STAGES.map((stage) => [stage, []]));
  for (const card of data) byStage.get(card.stage)?.push(card);
  return (
    <Box
      data-testid="as-of-board"
      aria-busy={isFetching}
      // it scrolls sideways: keyboard users reach it (arrow keys then scroll it)
      role="region"
      aria-label="The board as it was"
      tabIndex={0}
      sx={{ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: 'minmax(200px, 1fr)', gap: 1.5, overflowX: 'auto', pb: 1 }}
    >
      {APPLICATION_STAGES.map((stage) => {
        const cards = byStage.get(stage) ?? [];
        const label = STAGE_LABELS[stage] ?? stage;
        return (
          <Card key={stage} variant="soft" component="section" aria-label={`${label} (${cards.length})`} sx={{ gap: 1, p: 1.25 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography level="title-sm" component={headingLevel}>
                {label}
              </Typography>
              <Chip size="sm" variant="outlined">
                {cards.length}
              </Chip>
            </Box>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
              {cards.map((card) => (
                <Card
                  key={card.id}
                  component="li"
                  variant={highlight === card.id ? 'solid' : 'outlined'}
                  color={highlight === card.id ? 'primary' : 'neutral'}
                  data-testid="as-of-card"
                  aria-current={highlight === card.id ? 'true' : undefined}
                  sx={{ p: 1, gap: 0.25, transition: 'background-color 300ms' }}
                >
                  <Typography level="title-sm" textColor="inherit">
                    {card.candidate.firstName} {card.candidate.lastName}
                  </Typography>
                  <Typography level="body-xs" textColor="inherit">
                    {card.job.title}
                  </Typography>
                </Card>
              ))}
            </Box>
          </Card>
        );
      })}
    </Box>
  );
}
