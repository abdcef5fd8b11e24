import Avatar from '@mui/joy/Avatar';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import LinearProgress from '@mui/joy/LinearProgress';
import Sheet from '@mui/joy/Sheet';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { ArrowRight, Brain, Lightbulb } from 'lucide-react';
import { ButtonLink, RouterLink } from '@/components/router-links';
import { initials } from '@/lib/format';
import { useAiAnalytics } from '../api/get-candidates-for-ai';
import { HIGH_SCORE } from '../utils/ai-analytics';
import { EmptyLine, WidgetCard } from './widget-card';

/** SPEC §2.3 AI Analytics: coverage, average score, Recently Analyzed (≤3) and an insight. */
export function AiAnalyticsCard() {
  const { data, isPending, isError } = useAiAnalytics();
  return (
    <WidgetCard
      id="ai-analytics"
      title="AI Analytics"
      icon={<Brain size={18} aria-hidden />}
      action={
        <ButtonLink to="/ai" size="sm" variant="plain" endDecorator={<ArrowRight size={14} aria-hidden />}>
          AI Assistant
        </ButtonLink>
      }
    >
      {isPending ? (
        <Box sx={{ display: 'grid', gap: 1 }} role="status" aria-busy="true" aria-label="Loading AI analytics">
          <Skeleton variant="text" level="body-sm" />
          <Skeleton variant="text" level="body-sm" width="60%" />
          <Skeleton variant="rectangular" height={48} sx={{ borderRadius: 'sm' }} />
        </Box>
      ) : isError ? (
        <Typography level="body-sm" color="danger">
          Could not load AI analytics.
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <Box>
              <Typography level="body-xs" textColor="text.tertiary">
                Analysis Coverage
              </Typography>
              <Typography level="h3" component="p" data-testid="ai-coverage">
                {data.coverage}%
              </Typography>
              <LinearProgress determinate value={data.coverage} size="sm" sx={{ mt: 0.5 }} aria-label="Analysis coverage" />
              <Typography level="body-xs" textColor="text.tertiary" sx={{ mt: 0.5 }}>
                {data.analyzed} of {data.total} candidates
              </Typography>
            </Box>
            <Box>
              <Typography level="body-xs" textColor="text.tertiary">
                Average Score
              </Typography>
              <Typography level="h3" component="p" data-testid="ai-average">
                {data.analyzed ? data.averageScore : '—'}
              </Typography>
              <Typography level="body-xs" textColor="text.tertiary">
                out of 100
              </Typography>
            </Box>
          </Box>
          <Box>
            <Typography level="title-sm" sx={{ mb: 0.75 }}>
              Recently Analyzed
            </Typography>
            {data.recentlyAnalyzed.length === 0 ? (
              <EmptyLine>No candidates analyzed yet</EmptyLine>
            ) : (
              <Box
                component="ul"
                sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}
                aria-label="Recently analyzed candidates"
              >
                {data.recentlyAnalyzed.map((c) => (
                  <Box component="li" key={c.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Avatar size="sm" variant="soft" aria-hidden>
                      {initials(c.firstName, c.lastName)}
                    </Avatar>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <RouterLink to="/candidates/$id" params={{ id: String(c.id) }} level="title-sm" textColor="text.primary">
                        {c.firstName} {c.lastName}
                      </RouterLink>
                      {c.currentTitle && (
                        <Typography level="body-xs" textColor="text.tertiary" noWrap>
                          {c.currentTitle}
                        </Typography>
                      )}
                    </Box>
                    {c.aiMatchScore !== null && (
                      <Chip size="sm" variant="soft" color={c.aiMatchScore >= HIGH_SCORE ? 'success' : 'neutral'}>
                        {Math.round(c.aiMatchScore)}
                      </Chip>
                    )}
                  </Box>
                ))}
              </Box>
            )}
          </Box>
          <Sheet variant="soft" color="primary" sx={{ p: 1.5, borderRadius: 'md', display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Lightbulb size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Typography level="body-sm" textColor="inherit" data-testid="ai-insight">
              {data.insight}
            </Typography>
          </Sheet>
        </>
      )}
    </WidgetCard>
  );
}
