import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { APPLICATION_STAGES, STAGE_LABELS, type PipelineSummary as Summary } from '@ats/contracts';

/** Total and a count per stage (SPEC §2.13), from the server's summary (undefined while it loads). */
export function PipelineSummary({ summary }: { summary: Summary | undefined }) {
  return (
    <Sheet
      variant="outlined"
      component="section"
      aria-label="Pipeline summary"
      data-testid="pipeline-summary"
      sx={{ borderRadius: 'lg', px: 2, py: 1.25, mb: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
    >
      <Typography level="title-md" data-testid="pipeline-total">
        {summary ? `${summary.total} ${summary.total === 1 ? 'application' : 'applications'}` : 'Loading…'}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {APPLICATION_STAGES.map((stage) => (
          <Box component="li" key={stage}>
            <Chip size="sm" variant="soft" data-testid={`pipeline-count-${stage}`}>
              {STAGE_LABELS[stage]}: {summary ? (summary.stages[stage] ?? 0) : '–'}
            </Chip>
          </Box>
        ))}
      </Box>
    </Sheet>
  );
}
