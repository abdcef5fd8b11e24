import { useState, type ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import LinearProgress from '@mui/joy/LinearProgress';
import Skeleton from '@mui/joy/Skeleton';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import TabPanel from '@mui/joy/TabPanel';
import Tabs from '@mui/joy/Tabs';
import Typography from '@mui/joy/Typography';
import { BarChart3, Brain, DollarSign, Lightbulb, MessageSquare, Sparkles, Target, TrendingUp, Zap } from 'lucide-react';
import type { WorkflowSuggestions } from '@ats/contracts';
import { PageHeader } from '@/components/page-header';
import { ReadOnlyTooltip } from '@/components/read-only-tooltip';
import { toast } from '@/components/toast';
import { useAiFigures, useAiInsights, useAiStats, useSuggestActions, useToolkitCall, type AiReply } from '../api/ai';
import { capSuggestions, topSkills } from '../utils/ai-labels';
import { EngineChip, ResultList, ResultPanel } from './ai-parts';

type AiTab = 'overview' | 'analytics' | 'workflow' | 'market';

/**
 * SPEC §2.5: the AI-Powered Recruiting screen. Every AI call records its result, so a read-only
 * user (`canEdit` false) reads the figures but runs none: the header button is gone, and the
 * buttons inside a tab stay, disabled, saying why.
 */
export function AiPage({ canEdit }: { canEdit: boolean }) {
  const [tab, setTab] = useState<AiTab>('overview');
  const [suggestions, setSuggestions] = useState<AiReply<WorkflowSuggestions> | null>(null);
  const suggest = useSuggestActions();

  const getRecommendations = () =>
    suggest.mutate(undefined, {
      onSuccess: (data) => {
        setSuggestions(data);
        toast({ title: 'AI Recommendations Updated', description: 'New workflow suggestions are available.' });
      },
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to generate action suggestions' }),
    });

  return (
    <>
      <PageHeader
        title="AI-Powered Recruiting"
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            Analysis, benchmarks, outreach and predictions for your searches.
            <Chip size="sm" variant="soft" color="success" startDecorator={<Sparkles size={14} aria-hidden />}>
              8 AI Features Active
            </Chip>
          </Box>
        }
        actions={
          canEdit && (
            <Button
              startDecorator={<Lightbulb size={18} />}
              loading={suggest.isPending}
              loadingPosition="start"
              onClick={getRecommendations}
            >
              Get AI Recommendations
            </Button>
          )
        }
      />
      <Tabs value={tab} onChange={(_, value) => setTab(value as AiTab)} sx={{ bgcolor: 'transparent' }}>
        <TabList sx={{ overflowX: 'auto', scrollbarWidth: 'none', mb: 2, [`& .MuiTab-root`]: { flex: 'none', fontWeight: 600 } }}>
          <Tab value="overview">AI Overview</Tab>
          <Tab value="analytics">Analytics</Tab>
          <Tab value="workflow">Workflow</Tab>
          <Tab value="market">Market Intel</Tab>
        </TabList>
        <TabPanel value="overview" sx={{ p: 0 }}>
          <Overview />
        </TabPanel>
        <TabPanel value="analytics" sx={{ p: 0 }}>
          <Analytics />
        </TabPanel>
        <TabPanel value="workflow" sx={{ p: 0 }}>
          <Workflow suggestions={suggestions} pending={suggest.isPending} onRefresh={getRecommendations} canEdit={canEdit} />
        </TabPanel>
        <TabPanel value="market" sx={{ p: 0 }}>
          <MarketIntel canEdit={canEdit} />
        </TabPanel>
      </Tabs>
    </>
  );
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
} as const;
const twoCol = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, mt: 2 } as const;

function Overview() {
  const stats = useAiStats();
  const cards: { title: string; caption: string; value: number | undefined; icon: ReactNode }[] = [
    { title: 'Candidate Analysis', caption: 'Analyzed Today', value: stats.data?.candidateAnalyses, icon: <Brain size={20} /> },
    { title: 'Salary Benchmarking', caption: 'Reports Generated', value: stats.data?.salaryReports, icon: <DollarSign size={20} /> },
    {
      title: 'Communication Assistant',
      caption: 'Messages Generated',
      value: stats.data?.messagesGenerated,
      icon: <MessageSquare size={20} />,
    },
    { title: 'Success Prediction', caption: 'Predictions Made', value: stats.data?.predictions, icon: <Target size={20} /> },
  ];
  return (
    <>
      <Box sx={grid}>
        {cards.map((card) => (
          <Card key={card.title} variant="outlined" data-testid="ai-stat-card">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.plainColor' }}>
              {card.icon}
              <Typography level="title-md">{card.title}</Typography>
            </Box>
            {stats.isPending ? (
              <Skeleton variant="text" level="h2" width={60} />
            ) : (
              <Typography level="h2" component="p">
                {stats.isError ? '—' : (card.value ?? 0)}
              </Typography>
            )}
            <Typography level="body-sm" textColor="text.secondary">
              {card.caption}
            </Typography>
          </Card>
        ))}
      </Box>
      <Box sx={twoCol}>
        <AiFiguresCard />
      </Box>
    </>
  );
}

/**
 * What the AI has done, counted (issue 15). The former fixed figures (matching accuracy, time
 * saved) are gone: no record measures them, and a number that only looks measured misleads.
 */
function AiFiguresCard() {
  const figures = useAiFigures();
  const f = figures.data;
  return (
    <Card variant="outlined" data-testid="ai-figures">
      <Typography level="title-lg" startDecorator={<TrendingUp size={18} />}>
        AI Figures
      </Typography>
      {figures.isPending ? (
        <Skeleton variant="text" level="body-md" width="70%" />
      ) : figures.isError || !f ? (
        <Typography level="body-sm" color="danger">
          Could not load the AI figures.
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
            <Figure value={`${f.analyzed} of ${f.candidates}`} label="candidates analysed" />
            <Figure value={f.averageScore === null ? '—' : String(f.averageScore)} label="average match score" />
          </Box>
          <Line label="Candidates with a score" value={String(f.scored)} />
          <Line label={`Candidates scored ${f.highScore}+`} value={String(f.highScorers)} />
          <Typography level="body-xs" textColor="text.tertiary">
            Counted from the analyses on record. Prediction accuracy is not shown: predictions are not yet matched to outcomes.
          </Typography>
        </>
      )}
    </Card>
  );
}

/** computed from the read models; no line without a figure on record behind it */
function InsightsCard() {
  const insights = useAiInsights();
  const data = insights.data;
  return (
    <Card variant="outlined" data-testid="ai-insights">
      <Typography level="title-lg">Insights</Typography>
      {insights.isPending ? (
        <Skeleton variant="text" level="body-md" width="70%" />
      ) : insights.isError || !data ? (
        <Typography level="body-sm" color="danger">
          Could not load the insights.
        </Typography>
      ) : (
        <>
          <Line
            label="Interview rating"
            value={data.interviewRating.mean === null ? 'No rated interviews yet' : `${data.interviewRating.mean.toFixed(1)}/5`}
          />
          <Line
            label="Median days to fill"
            value={data.timeToFill.medianDays === null ? 'No job filled yet' : data.timeToFill.medianDays.toFixed(1)}
          />
          <Typography level="body-xs" textColor="text.tertiary">
            {`Mean rating of ${data.interviewRating.interviews} completed interview${data.interviewRating.interviews === 1 ? '' : 's'}; ` +
              `job opened to first placement for the ${data.timeToFill.jobs} job${data.timeToFill.jobs === 1 ? '' : 's'} filled ` +
              `${data.timeToFill.from} to ${data.timeToFill.to}.`}
          </Typography>
        </>
      )}
    </Card>
  );
}

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <Box>
      <Typography level="h3" component="p">
        {value}
      </Typography>
      <Typography level="body-sm" textColor="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <Typography level="body-sm">{label}</Typography>
      <Typography level="title-sm">{value}</Typography>
    </Box>
  );
}

function Analytics() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
      <Card variant="outlined" sx={{ minHeight: 260, display: 'grid', placeItems: 'center', textAlign: 'center' }}>
        <Box>
          <BarChart3 size={40} aria-hidden />
          <Typography level="title-md">AI analytics chart</Typography>
          <Typography level="body-sm" textColor="text.secondary">
            Charts of AI analyses over time will appear here.
          </Typography>
        </Box>
      </Card>
      <AiFiguresCard />
    </Box>
  );
}

function Workflow({
  suggestions,
  pending,
  onRefresh,
  canEdit,
}: {
  suggestions: AiReply<WorkflowSuggestions> | null;
  pending: boolean;
  onRefresh: () => void;
  canEdit: boolean;
}) {
  const capped = suggestions ? capSuggestions(suggestions) : null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
      <Card variant="outlined" data-testid="workflow-suggestions">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography level="title-lg" startDecorator={<Zap size={18} />} sx={{ flex: 1 }}>
            Workflow Suggestions
          </Typography>
          {suggestions && <EngineChip engine={suggestions.engine} />}
        </Box>
        {pending && <LinearProgress />}
        {!capped ? (
          <Box sx={{ py: 3, textAlign: 'center', display: 'grid', gap: 1, justifyItems: 'center' }}>
            <Typography level="body-sm" textColor="text.secondary">
              No suggestions yet. Get AI recommendations to see what needs attention.
            </Typography>
            <ReadOnlyTooltip readOnly={!canEdit}>
              <Button size="sm" variant="soft" onClick={onRefresh} loading={pending} disabled={!canEdit}>
                Get AI Recommendations
              </Button>
            </ReadOnlyTooltip>
          </Box>
        ) : capped.priorityActions.length + capped.automationOpportunities.length === 0 ? (
          <Typography level="body-sm">Nothing needs attention right now.</Typography>
        ) : (
          <>
            <ResultList title="Priority Actions" items={capped.priorityActions} />
            <ResultList title="Automation Opportunities" items={capped.automationOpportunities} />
          </>
        )}
      </Card>
      <InsightsCard />
    </Box>
  );
}

function MarketIntel({ canEdit }: { canEdit: boolean }) {
  const [industry, setIndustry] = useState('');
  const [location, setLocation] = useState('');
  const [jobFunction, setJobFunction] = useState('');
  const market = useToolkitCall('market');
  const ready = Boolean(industry.trim() && jobFunction.trim());
  const generate = () =>
    canEdit &&
    ready &&
    market.mutate(
      { industry: industry.trim(), jobFunction: jobFunction.trim(), location: location.trim() || 'Global' },
      { onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to generate market analysis' }) },
    );
  const data = market.data;
  // the former fixed "Market Trends" (+15% remote, +28% AI/ML, …) are gone: nothing records them (issue 15)
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr', alignItems: 'start' }}>
      <Card variant="outlined">
        <Typography level="title-lg">Market Report</Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            generate();
          }}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, alignItems: 'end' }}
        >
          <FormControl size="sm" required>
            <FormLabel>Industry</FormLabel>
            <Input value={industry} onChange={(e) => setIndustry(e.target.value)} placeholder="e.g. Fintech" />
          </FormControl>
          <FormControl size="sm" required>
            <FormLabel>Job Function</FormLabel>
            <Input value={jobFunction} onChange={(e) => setJobFunction(e.target.value)} placeholder="e.g. Engineering" />
          </FormControl>
          <FormControl size="sm">
            <FormLabel>Location</FormLabel>
            <Input value={location} onChange={(e) => setLocation(e.target.value)} placeholder="Global" />
          </FormControl>
          <ReadOnlyTooltip readOnly={!canEdit} sx={{ justifySelf: 'start' }}>
            <Button type="submit" loading={market.isPending} disabled={!canEdit || !ready} sx={{ justifySelf: 'start' }}>
              Generate Market Report
            </Button>
          </ReadOnlyTooltip>
        </Box>
        {data && (
          <ResultPanel title="Market Analysis" extra={<EngineChip engine={data.engine} />} testId="market-report">
            <Typography level="title-sm">
              Market temperature: <Chip size="sm">{data.marketTemperature}</Chip>
            </Typography>
            <ResultList title="In-Demand Skills" items={topSkills(data.skillsDemand).map((s) => `${s.skill} (${s.demand})`)} />
            <ResultList title="Recommendations" items={data.recommendations} />
          </ResultPanel>
        )}
      </Card>
    </Box>
  );
}
