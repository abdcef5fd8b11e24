import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import TabPanel from '@mui/joy/TabPanel';
import Tabs from '@mui/joy/Tabs';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { EXPERIENCE_LEVELS, MESSAGE_TYPES, type Candidate } from '@ats/contracts';
import { Wand2 } from 'lucide-react';
import { toast } from '@/components/toast';
import { formatSalaryK, titleCase } from '@/lib/format';
import { useToolkitCall, type ToolkitBody, type ToolkitTab } from '../api/ai';
import { useJobChoices } from '@/lib/choices';
import { isSuccessHighlighted, topSkills } from '../utils/ai-labels';
import { CopyButton, EngineChip, ResultList, ResultPanel } from './ai-parts';
import { CandidatePicker } from './candidate-picker';

export interface ToolkitCandidate {
  id: number;
  firstName: string;
  lastName: string;
  currentTitle?: string | null;
  location?: string | null;
  skills?: string[];
}
export interface ToolkitJob {
  id: number;
  title: string;
  location?: string | null;
  client?: { companyName: string; industry: string | null } | null;
}

/** SPEC §8 toolkit failure texts. */
export const TOOLKIT_FAILURES: Record<ToolkitTab, string> = {
  salary: 'Failed to generate salary analysis',
  message: 'Failed to generate message',
  predict: 'Failed to generate prediction',
  interview: 'Failed to analyze interview notes',
  search: 'Failed to generate search strings',
  workflow: 'Failed to generate action suggestions',
  market: 'Failed to generate market analysis',
};

const TAB_LABELS: Record<ToolkitTab, string> = {
  salary: 'Salary',
  message: 'Message',
  predict: 'Predict',
  interview: 'Interview',
  search: 'Search',
  workflow: 'Workflow',
  market: 'Market',
};

const listboxOnModal = { listbox: { sx: { zIndex: 'calc(var(--joy-zIndex-modal) + 1)' } } };

/** SPEC §2.9: seven tools, from a candidate card or a job card. */
export function AiToolkitDialog({
  open,
  onClose,
  candidate: givenCandidate,
  job: givenJob,
}: {
  open: boolean;
  onClose: () => void;
  candidate?: ToolkitCandidate;
  job?: ToolkitJob;
}) {
  const [tab, setTab] = useState<ToolkitTab>('salary');
  const [pickedCandidate, setPickedCandidate] = useState<Candidate | null>(null);
  const [pickedJob, setPickedJob] = useState('');
  const jobs = useJobChoices(open && !givenJob);
  useEffect(() => {
    if (open) {
      setTab('salary');
      setPickedCandidate(null);
      setPickedJob('');
    }
  }, [open, givenCandidate?.id, givenJob?.id]);

  const candidate = givenCandidate ?? pickedCandidate ?? undefined;
  const job = givenJob ?? jobs.data?.find((j) => String(j.id) === pickedJob);
  const both = Boolean(candidate && job);
  const tabs: ToolkitTab[] = both
    ? ['salary', 'message', 'predict', 'interview', 'search', 'workflow', 'market']
    : ['salary', 'interview', 'search', 'workflow', 'market'];
  const current = tabs.includes(tab) ? tab : 'salary';
  const subject = givenCandidate ? `${givenCandidate.firstName} ${givenCandidate.lastName}` : givenJob?.title;

  return (
    <Modal open={open} onClose={onClose}>
      <ModalDialog
        aria-labelledby="ai-toolkit-title"
        sx={{ width: 'min(820px, calc(100vw - 16px))', height: 'min(760px, calc(100dvh - 16px))', p: 0, gap: 0, overflow: 'hidden' }}
      >
        <ModalClose aria-label="Close dialog" />
        <DialogTitle id="ai-toolkit-title" sx={{ px: { xs: 2, sm: 3 }, pt: 2.5, pb: 0.5, pr: 6, alignItems: 'center', gap: 1 }}>
          <Wand2 size={20} aria-hidden />
          AI Recruiting Toolkit
        </DialogTitle>
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-end', flexWrap: 'wrap' }}>
          <Typography level="body-sm" textColor="text.secondary" sx={{ flex: '1 1 200px' }}>
            {subject ? `For ${subject}` : 'Recruiting tools'}
            {givenCandidate && job ? ` · ${job.title}` : ''}
            {givenJob && candidate ? ` · ${candidate.firstName} ${candidate.lastName}` : ''}
          </Typography>
          {!givenJob && (
            <FormControl size="sm" sx={{ flex: '1 1 240px' }}>
              <FormLabel id="toolkit-job-label">Job order (for Message and Predict)</FormLabel>
              <Select<string>
                value={pickedJob}
                onChange={(_, value) => setPickedJob(value ?? '')}
                placeholder="Choose a job order"
                slotProps={{ button: { 'aria-labelledby': 'toolkit-job-label' }, ...listboxOnModal }}
              >
                <Option value="">None</Option>
                {(jobs.data ?? []).map((j) => (
                  <Option key={j.id} value={String(j.id)}>
                    {j.title}
                    {j.client ? ` · ${j.client.companyName}` : ''}
                  </Option>
                ))}
              </Select>
            </FormControl>
          )}
          {!givenCandidate && (
            <CandidatePicker
              label="Candidate (for Message and Predict)"
              value={pickedCandidate}
              onChange={setPickedCandidate}
              enabled={open}
            />
          )}
        </Box>
        <Tabs value={current} onChange={(_, value) => setTab(value as ToolkitTab)} sx={{ minHeight: 0, flex: 1, bgcolor: 'transparent' }}>
          <TabList
            sx={{
              px: { xs: 1, sm: 2 },
              overflowX: 'auto',
              scrollbarWidth: 'none',
              flexShrink: 0,
              [`& .MuiTab-root`]: { flex: 'none', fontWeight: 600 },
            }}
          >
            {tabs.map((t) => (
              <Tab key={t} value={t}>
                {TAB_LABELS[t]}
              </Tab>
            ))}
          </TabList>
          <DialogContent sx={{ px: { xs: 2, sm: 3 }, py: 2, overflowY: 'auto' }}>
            <TabPanel value="salary" sx={{ p: 0 }}>
              <SalaryTool candidate={candidate} job={job} />
            </TabPanel>
            {candidate && job && (
              <>
                <TabPanel value="message" sx={{ p: 0 }}>
                  <MessageTool candidateId={candidate.id} jobId={job.id} />
                </TabPanel>
                <TabPanel value="predict" sx={{ p: 0 }}>
                  <PredictTool candidateId={candidate.id} jobId={job.id} />
                </TabPanel>
              </>
            )}
            <TabPanel value="interview" sx={{ p: 0 }}>
              <InterviewTool candidate={candidate} job={job} />
            </TabPanel>
            <TabPanel value="search" sx={{ p: 0 }}>
              <SearchTool candidate={candidate} job={job} />
            </TabPanel>
            <TabPanel value="workflow" sx={{ p: 0 }}>
              <WorkflowTool />
            </TabPanel>
            <TabPanel value="market" sx={{ p: 0 }}>
              <MarketTool job={job} />
            </TabPanel>
          </DialogContent>
        </Tabs>
      </ModalDialog>
    </Modal>
  );
}

/** One tool's call with the SPEC §8 failure toast; the last result stays until the next run. */
function useTool<T extends ToolkitTab>(tab: T) {
  const call = useToolkitCall(tab);
  const run = (body: ToolkitBody<T>) =>
    call.mutate(body, { onError: () => toast({ variant: 'destructive', title: 'Error', description: TOOLKIT_FAILURES[tab] }) });
  return { run, pending: call.isPending, data: call.data };
}

function ToolForm({ children, onSubmit }: { children: ReactNode; onSubmit: () => void }) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2, alignItems: 'end' }}
    >
      {children}
    </Box>
  );
}

function TextField({
  label,
  value,
  onChange,
  required,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  placeholder?: string;
}) {
  return (
    <FormControl required={required} size="sm">
      <FormLabel>{label}</FormLabel>
      <Input value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </FormControl>
  );
}

function RunButton({ children, pending, disabled }: { children: ReactNode; pending: boolean; disabled?: boolean }) {
  return (
    <Button
      type="submit"
      loading={pending}
      loadingPosition="start"
      disabled={disabled}
      sx={{ gridColumn: { sm: '1 / -1' }, justifySelf: 'start' }}
    >
      {children}
    </Button>
  );
}

function SalaryTool({ candidate, job }: { candidate?: ToolkitCandidate; job?: ToolkitJob }) {
  const [jobTitle, setJobTitle] = useState(job?.title ?? candidate?.currentTitle ?? '');
  const [location, setLocation] = useState(job?.location ?? candidate?.location ?? '');
  const [level, setLevel] = useState<(typeof EXPERIENCE_LEVELS)[number]>('mid');
  const tool = useTool('salary');
  const data = tool.data;
  return (
    <>
      <ToolForm
        onSubmit={() =>
          jobTitle.trim() &&
          tool.run({
            jobTitle: jobTitle.trim(),
            location: location.trim() || undefined,
            experienceLevel: level,
            skills: candidate?.skills?.slice(0, 50) ?? [],
          })
        }
      >
        <TextField label="Job Title" value={jobTitle} onChange={setJobTitle} required />
        <TextField label="Location" value={location} onChange={setLocation} />
        <FormControl size="sm">
          <FormLabel id="salary-level-label">Experience Level</FormLabel>
          <Select<string>
            value={level}
            onChange={(_, value) => setLevel((value ?? 'mid') as typeof level)}
            slotProps={{ button: { 'aria-labelledby': 'salary-level-label' }, ...listboxOnModal }}
          >
            {EXPERIENCE_LEVELS.map((l) => (
              <Option key={l} value={l}>
                {titleCase(l)}
              </Option>
            ))}
          </Select>
        </FormControl>
        <RunButton pending={tool.pending} disabled={!jobTitle.trim()}>
          Analyze Salary Benchmarks
        </RunButton>
      </ToolForm>
      {data && (
        <ResultPanel title="Market Salary Range" extra={<EngineChip engine={data.engine} />} testId="salary-result">
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, textAlign: 'center' }}>
            <Figure label="Minimum" value={formatSalaryK(data.marketSalaryRange.min) ?? '—'} />
            <Figure label="Median" value={formatSalaryK(data.marketSalaryRange.median) ?? '—'} strong />
            <Figure label="Maximum" value={formatSalaryK(data.marketSalaryRange.max) ?? '—'} />
          </Box>
          <Typography level="body-xs" textColor="text.tertiary">
            {data.basedOnRecords > 0
              ? `Based on ${data.basedOnRecords} records on file`
              : 'A general estimate (no matching records on file)'}
          </Typography>
          <ResultList title="Recommendations" items={data.recommendations} />
        </ResultPanel>
      )}
    </>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box>
      <Typography level="body-xs" textColor="text.tertiary">
        {label}
      </Typography>
      <Typography level={strong ? 'h3' : 'title-lg'} component="p" color={strong ? 'primary' : undefined}>
        {value}
      </Typography>
    </Box>
  );
}

function MessageTool({ candidateId, jobId }: { candidateId: number; jobId: number }) {
  const [type, setType] = useState<(typeof MESSAGE_TYPES)[number]>('initial');
  const tool = useTool('message');
  const data = tool.data;
  return (
    <>
      <ToolForm onSubmit={() => tool.run({ candidateId, jobId, messageType: type })}>
        <FormControl size="sm">
          <FormLabel id="message-type-label">Message Type</FormLabel>
          <Select<string>
            value={type}
            onChange={(_, value) => setType((value ?? 'initial') as typeof type)}
            slotProps={{ button: { 'aria-labelledby': 'message-type-label' }, ...listboxOnModal }}
          >
            {MESSAGE_TYPES.map((t) => (
              <Option key={t} value={t}>
                {t}
              </Option>
            ))}
          </Select>
        </FormControl>
        <RunButton pending={tool.pending}>Generate Message</RunButton>
      </ToolForm>
      {data && (
        <ResultPanel title="Generated Message" extra={<EngineChip engine={data.engine} />} testId="message-result">
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography level="body-xs" textColor="text.tertiary">
                Subject
              </Typography>
              <Typography level="title-sm">{data.subject}</Typography>
            </Box>
            <CopyButton text={data.subject} label="Copy subject" />
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography level="body-xs" textColor="text.tertiary">
                Message
              </Typography>
              <Typography level="body-sm" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {data.message}
              </Typography>
            </Box>
            <CopyButton text={data.message} label="Copy message" />
          </Box>
        </ResultPanel>
      )}
    </>
  );
}

function PredictTool({ candidateId, jobId }: { candidateId: number; jobId: number }) {
  const tool = useTool('predict');
  const data = tool.data;
  return (
    <>
      <ToolForm onSubmit={() => tool.run({ candidateId, jobId })}>
        <Typography level="body-sm" textColor="text.secondary" sx={{ gridColumn: { sm: '1 / -1' } }}>
          Predict how likely this placement is to succeed and the offer to be accepted.
        </Typography>
        <RunButton pending={tool.pending}>Predict Success</RunButton>
      </ToolForm>
      {data && (
        <ResultPanel title="Success Prediction" extra={<EngineChip engine={data.engine} />} testId="predict-result">
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              variant={isSuccessHighlighted(data.successProbability) ? 'solid' : 'soft'}
              color={isSuccessHighlighted(data.successProbability) ? 'success' : 'neutral'}
              data-testid="success-probability"
            >
              Success {Math.round(data.successProbability)}%
            </Chip>
            <Chip variant="soft" color="primary">
              Offer acceptance {Math.round(data.offerAcceptanceProbability)}%
            </Chip>
          </Box>
          <ResultList title="Strength Factors" items={data.strengthFactors} color="success" />
          <ResultList title="Risk Factors" items={data.riskFactors} color="warning" />
        </ResultPanel>
      )}
    </>
  );
}

function InterviewTool({ candidate, job }: { candidate?: ToolkitCandidate; job?: ToolkitJob }) {
  const [notes, setNotes] = useState('');
  const tool = useTool('interview');
  const data = tool.data;
  return (
    <>
      <ToolForm
        onSubmit={() =>
          notes.trim() &&
          tool.run({
            interviewNotes: notes.trim(),
            candidateName: candidate ? `${candidate.firstName} ${candidate.lastName}` : undefined,
            jobTitle: job?.title,
            candidateId: candidate?.id,
          })
        }
      >
        <FormControl required size="sm" sx={{ gridColumn: { sm: '1 / -1' } }}>
          <FormLabel>Interview Notes</FormLabel>
          <Textarea
            minRows={4}
            maxRows={10}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            placeholder="Paste or type the interview notes..."
          />
          <FormHelperText>Notes are required</FormHelperText>
        </FormControl>
        <RunButton pending={tool.pending} disabled={!notes.trim()}>
          Analyze Interview
        </RunButton>
      </ToolForm>
      {data && (
        <ResultPanel title="Interview Analysis" extra={<EngineChip engine={data.engine} />} testId="interview-result">
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))', gap: 1 }}>
            <Figure label="Communication" value={`${data.communicationSkills}/10`} />
            <Figure label="Technical" value={`${data.technicalCompetency}/10`} />
            <Figure label="Cultural Fit" value={`${data.culturalFit}/10`} />
            <Figure label="Motivation" value={`${data.motivation}/10`} />
          </Box>
          <Box>
            <Typography level="title-sm">Recommendation</Typography>
            <Typography level="body-sm">{data.recommendation}</Typography>
          </Box>
        </ResultPanel>
      )}
    </>
  );
}

function SearchTool({ candidate, job }: { candidate?: ToolkitCandidate; job?: ToolkitJob }) {
  const [jobTitle, setJobTitle] = useState(job?.title ?? candidate?.currentTitle ?? '');
  const [location, setLocation] = useState(job?.location ?? '');
  const tool = useTool('search');
  const data = tool.data;
  return (
    <>
      <ToolForm
        onSubmit={() =>
          jobTitle.trim() &&
          tool.run({ jobTitle: jobTitle.trim(), location: location.trim() || undefined, skills: candidate?.skills?.slice(0, 20) ?? [] })
        }
      >
        <TextField label="Job Title" value={jobTitle} onChange={setJobTitle} required />
        <TextField label="Location" value={location} onChange={setLocation} />
        <RunButton pending={tool.pending} disabled={!jobTitle.trim()}>
          Generate Search Strings
        </RunButton>
      </ToolForm>
      {data && (
        <ResultPanel title="Search Strings" extra={<EngineChip engine={data.engine} />} testId="search-result">
          <SearchString label="LinkedIn Search" text={data.linkedinSearch} />
          <SearchString label="Google X-ray Search" text={data.googleSearch} />
        </ResultPanel>
      )}
    </>
  );
}

function SearchString({ label, text }: { label: string; text: string }) {
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography level="title-sm" sx={{ flex: 1 }}>
          {label}
        </Typography>
        <CopyButton text={text} label={`Copy ${label}`} />
      </Box>
      <Typography
        component="code"
        level="body-xs"
        sx={{ display: 'block', p: 1, borderRadius: 'sm', bgcolor: 'background.surface', fontFamily: 'code', wordBreak: 'break-word' }}
      >
        {text}
      </Typography>
    </Box>
  );
}

function WorkflowTool() {
  const tool = useTool('workflow');
  const data = tool.data;
  return (
    <>
      <ToolForm onSubmit={() => tool.run({})}>
        <Typography level="body-sm" textColor="text.secondary" sx={{ gridColumn: { sm: '1 / -1' } }}>
          Suggest next actions from stale applications, interviews without feedback and thin job orders.
        </Typography>
        <RunButton pending={tool.pending}>Get Action Suggestions</RunButton>
      </ToolForm>
      {data && (
        <ResultPanel title="Suggested Actions" extra={<EngineChip engine={data.engine} />} testId="workflow-result">
          <ResultList title="Priority Actions" items={data.priorityActions} />
          <ResultList title="Automation Opportunities" items={data.automationOpportunities} />
          <ResultList title="Recommendations" items={data.recommendations} />
          {data.priorityActions.length + data.automationOpportunities.length + data.recommendations.length === 0 && (
            <Typography level="body-sm">Nothing needs attention right now.</Typography>
          )}
        </ResultPanel>
      )}
    </>
  );
}

function MarketTool({ job }: { job?: ToolkitJob }) {
  const [industry, setIndustry] = useState(job?.client?.industry ?? '');
  const [jobFunction, setJobFunction] = useState(job?.title ?? '');
  const [location, setLocation] = useState('Global');
  const tool = useTool('market');
  const data = tool.data;
  const ready = Boolean(industry.trim() && jobFunction.trim());
  return (
    <>
      <ToolForm
        onSubmit={() =>
          ready && tool.run({ industry: industry.trim(), jobFunction: jobFunction.trim(), location: location.trim() || 'Global' })
        }
      >
        <TextField label="Industry" value={industry} onChange={setIndustry} required />
        <TextField label="Job Function" value={jobFunction} onChange={setJobFunction} required />
        <TextField label="Location" value={location} onChange={setLocation} />
        <RunButton pending={tool.pending} disabled={!ready}>
          Analyze Market
        </RunButton>
      </ToolForm>
      {data && (
        <ResultPanel title="Market Analysis" extra={<EngineChip engine={data.engine} />} testId="market-result">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography level="title-sm">Market Temperature</Typography>
            <Chip
              variant="solid"
              color={data.marketTemperature === 'hot' ? 'danger' : data.marketTemperature === 'warm' ? 'warning' : 'neutral'}
            >
              {titleCase(data.marketTemperature)}
            </Chip>
          </Box>
          {data.skillsDemand.length > 0 && (
            <Box>
              <Typography level="title-sm" sx={{ mb: 0.5 }}>
                In-Demand Skills
              </Typography>
              <Box role="list" aria-label="In-Demand Skills" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {topSkills(data.skillsDemand).map((s) => (
                  <Chip key={s.skill} role="listitem" size="sm" variant="soft" color="primary">
                    {s.skill} · {s.demand}
                  </Chip>
                ))}
              </Box>
            </Box>
          )}
          <ResultList title="Recommendations" items={data.recommendations} />
        </ResultPanel>
      )}
    </>
  );
}
