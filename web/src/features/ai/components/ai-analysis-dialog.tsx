import { useEffect, useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import LinearProgress from '@mui/joy/LinearProgress';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Typography from '@mui/joy/Typography';
import { Brain, Sparkles } from 'lucide-react';
import { toast } from '@/components/toast';
import { useAnalyzeCandidate, useMatchCandidateJob, type JobMatchReply, type ProfileAnalysisReply } from '../api/ai';
import { useJobChoices } from '@/lib/choices';
import { formatConfidence, matchColor, matchLabel } from '../utils/ai-labels';
import { Chips, EngineChip, ResultList, ResultPanel } from './ai-parts';

export type AiAnalysisKind = 'profile' | 'resume';

export interface AiAnalysisDialogProps {
  open: boolean;
  onClose: () => void;
  candidate: { id: number; firstName: string; lastName: string };
  /** 'resume' titles the dialog 'AI Resume Analysis' (opened from the resume section) */
  kind?: AiAnalysisKind;
  /** start in job-matching mode for this job */
  jobId?: number;
}

type Result = { type: 'profile'; data: ProfileAnalysisReply } | { type: 'match'; data: JobMatchReply };

/** SPEC §2.8 AI analysis dialog: ready → analyzing → result. */
export function AiAnalysisDialog({ open, onClose, candidate, kind = 'profile', jobId }: AiAnalysisDialogProps) {
  const [job, setJob] = useState<string>(jobId ? String(jobId) : '');
  const [result, setResult] = useState<Result | null>(null);
  const analyze = useAnalyzeCandidate();
  const match = useMatchCandidateJob();
  const jobs = useJobChoices(open);
  const pending = analyze.isPending || match.isPending;

  useEffect(() => {
    if (open) {
      setResult(null);
      setJob(jobId ? String(jobId) : '');
    }
  }, [open, jobId, candidate.id]);

  const name = `${candidate.firstName} ${candidate.lastName}`.trim();
  const title = job ? 'AI Job Matching Analysis' : kind === 'resume' ? 'AI Resume Analysis' : `AI Profile Analysis - ${name}`;

  const onSuccess = () => toast({ title: 'Analysis Complete', description: 'AI analysis has been completed successfully.' });
  const onError = () =>
    toast({ variant: 'destructive', title: 'Analysis Failed', description: 'Failed to complete AI analysis. Please try again.' });

  const start = () => {
    setResult(null);
    if (job) {
      match.mutate(
        { candidateId: candidate.id, jobId: Number(job) },
        { onSuccess: (data) => (setResult({ type: 'match', data }), onSuccess()), onError },
      );
    } else {
      analyze.mutate(candidate.id, { onSuccess: (data) => (setResult({ type: 'profile', data }), onSuccess()), onError });
    }
  };

  return (
    <Modal open={open} onClose={() => !pending && onClose()}>
      <ModalDialog
        aria-labelledby="ai-analysis-title"
        sx={{ width: 'min(680px, calc(100vw - 24px))', maxHeight: 'calc(100dvh - 24px)', p: 0, gap: 0, overflow: 'hidden' }}
      >
        <ModalClose aria-label="Close dialog" disabled={pending} />
        <DialogTitle id="ai-analysis-title" sx={{ px: 3, pt: 2.5, pb: 1.5, pr: 6, alignItems: 'center', gap: 1 }}>
          <Brain size={20} aria-hidden />
          {title}
        </DialogTitle>
        <DialogContent sx={{ px: 3, pb: 2, display: 'grid', gap: 2, overflowY: 'auto' }}>
          {kind === 'resume' && !job && (
            <Typography level="body-sm" textColor="text.secondary">
              {name}: profile analysis from the resume and profile on file.
            </Typography>
          )}
          <FormControl size="sm">
            <FormLabel id="ai-analysis-job-label">Match against a job order (optional)</FormLabel>
            <Select<string>
              value={job}
              onChange={(_, value) => {
                setJob(value ?? '');
                setResult(null);
              }}
              disabled={pending}
              slotProps={{
                button: { 'aria-labelledby': 'ai-analysis-job-label' },
                listbox: { sx: { zIndex: 'calc(var(--joy-zIndex-modal) + 1)' } },
              }}
            >
              <Option value="">No job — analyse the profile</Option>
              {(jobs.data ?? []).map((item) => (
                <Option key={item.id} value={String(item.id)}>
                  {item.title}
                  {item.client ? ` · ${item.client.companyName}` : ''}
                </Option>
              ))}
            </Select>
          </FormControl>
          {pending && (
            <Box role="status" sx={{ display: 'grid', gap: 1 }}>
              <Typography level="body-sm">Analyzing...</Typography>
              <LinearProgress />
            </Box>
          )}
          {!pending && !result && (
            <Typography level="body-sm" textColor="text.tertiary" sx={{ py: 2, textAlign: 'center' }}>
              {job
                ? 'Compare this candidate with the job order: compatibility, strengths, concerns and a recommendation.'
                : 'Summarise the profile: score, experience level, skills and personality traits.'}
            </Typography>
          )}
          {result?.type === 'profile' && <ProfileResult data={result.data} />}
          {result?.type === 'match' && <MatchResult data={result.data} />}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, borderTop: '1px solid', borderColor: 'divider' }}>
          <Button startDecorator={<Sparkles size={16} />} loading={pending} loadingPosition="start" onClick={start}>
            {pending ? 'Analyzing...' : 'Start AI Analysis'}
          </Button>
          <Button variant="plain" color="neutral" onClick={onClose} disabled={pending}>
            Close
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}

export function ProfileResult({ data }: { data: ProfileAnalysisReply }) {
  return (
    <ResultPanel title="Profile Analysis" extra={<EngineChip engine={data.engine} />} testId="profile-result">
      <Typography level="body-sm">{data.summary}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 1.5 }}>
        <Stat label="Profile Score" value={`${Math.round(data.score)}/100`} />
        <Stat label="Experience Level" value={data.experienceLevel} />
        <Stat label="Confidence" value={formatConfidence(data.confidence)} />
      </Box>
      <Chips label="Extracted Skills" items={data.skillsExtracted} />
      <Chips label="Personality Traits" items={data.personalityTraits} color="neutral" />
    </ResultPanel>
  );
}

export function MatchResult({ data }: { data: JobMatchReply }) {
  const score = Math.round(data.compatibilityScore);
  return (
    <ResultPanel title="Job Match" extra={<EngineChip engine={data.engine} />} testId="match-result">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography level="h3" component="p">
          {score}/100
        </Typography>
        <Chip variant="solid" color={matchColor(score)}>
          {matchLabel(score)}
        </Chip>
      </Box>
      <Typography level="body-xs" textColor="text.tertiary">
        Compatibility Score
      </Typography>
      <ResultList title="Strengths" items={data.strengths} color="success" />
      <ResultList title="Areas of Concern" items={data.weaknesses} color="warning" />
      <Box>
        <Typography level="title-sm">AI Recommendation</Typography>
        <Typography level="body-sm">{data.recommendation}</Typography>
      </Box>
    </ResultPanel>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography level="body-xs" textColor="text.tertiary">
        {label}
      </Typography>
      <Typography level="title-lg">{value}</Typography>
    </Box>
  );
}
