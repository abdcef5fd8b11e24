import { useEffect, useState } from 'react';
import Box from '@mui/joy/Box';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import TabPanel from '@mui/joy/TabPanel';
import Tabs from '@mui/joy/Tabs';
import Typography from '@mui/joy/Typography';
import { type Candidate } from '@ats/contracts';
import { Wand2 } from 'lucide-react';
import { type ToolkitTab } from '../api/ai';
import { useJobChoices } from '@/lib/choices';
import { CandidatePicker } from './candidate-picker';
import { listboxOnModal, type ToolkitCandidate, type ToolkitJob } from './toolkit-shared';
import { InterviewTool, MarketTool, MessageTool, PredictTool, SalaryTool, SearchTool, WorkflowTool } from './toolkit-tools';

export { TOOLKIT_FAILURES, type ToolkitCandidate, type ToolkitJob } from './toolkit-shared';

const TAB_LABELS: Record<ToolkitTab, string> = {
  salary: 'Salary',
  message: 'Message',
  predict: 'Predict',
  interview: 'Interview',
  search: 'Search',
  workflow: 'Workflow',
  market: 'Market',
};

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
