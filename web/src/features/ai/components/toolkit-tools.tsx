import { useState } from 'react';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { EXPERIENCE_LEVELS, MESSAGE_TYPES } from '@ats/contracts';
import { formatSalaryK, titleCase } from '@/lib/format';
import { isSuccessHighlighted, topSkills } from '../utils/ai-labels';
import { CopyButton, EngineChip, ResultList, ResultPanel } from './ai-parts';
import { RunButton, TextField, ToolForm, useTool } from './toolkit-form';
import { listboxOnModal, type ToolkitCandidate, type ToolkitJob } from './toolkit-shared';

export function SalaryTool({ candidate, job }: { candidate?: ToolkitCandidate; job?: ToolkitJob }) {
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

export function MessageTool({ candidateId, jobId }: { candidateId: number; jobId: number }) {
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

export function PredictTool({ candidateId, jobId }: { candidateId: number; jobId: number }) {
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

export function InterviewTool({ candidate, job }: { candidate?: ToolkitCandidate; job?: ToolkitJob }) {
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

export function SearchTool({ candidate, job }: { candidate?: ToolkitCandidate; job?: ToolkitJob }) {
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

export function WorkflowTool() {
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

export function MarketTool({ job }: { job?: ToolkitJob }) {
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
