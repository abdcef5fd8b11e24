import { useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Typography from '@mui/joy/Typography';
import { Brain, Download, Eye, FileText, Upload } from 'lucide-react';
import type { Candidate } from '@ats/contracts';
import { AiAnalysisDialog, UploadResumeDialog } from '@/components/lazy-dialogs';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { downloadResume } from '../../api/download-resume';

/** SPEC §2.7 resume section: file name, upload time, View (the text in a dialog), and Download (the file itself). */
export function ResumeCard({ candidate, canEdit = true }: { candidate: Candidate; canEdit?: boolean }) {
  const [viewing, setViewing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [analyzing, setAnalyzing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadResume(candidate.id, candidate.resumeFileName ?? 'resume');
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Download failed',
        description: serverMessage(error) ?? 'The resume could not be downloaded.',
      });
    } finally {
      setDownloading(false);
    }
  };
  const hasResume = Boolean(candidate.resumeFileName || candidate.resumeText);
  return (
    <Card variant="outlined" component="section" aria-labelledby="resume-heading" sx={{ gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="resume-heading" level="title-lg" component="h2">
          Resume
        </Typography>
        {canEdit && (
          <Button size="sm" variant="outlined" color="neutral" startDecorator={<Upload size={16} />} onClick={() => setUploading(true)}>
            {hasResume ? 'Replace Resume' : 'Upload Resume'}
          </Button>
        )}
      </Box>
      {hasResume ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <FileText size={20} aria-hidden />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography level="title-sm" sx={{ wordBreak: 'break-all' }}>
              {candidate.resumeFileName ?? 'Resume'}
            </Typography>
            {candidate.resumeUploadedAt && (
              <Typography level="body-xs" textColor="text.tertiary">
                Uploaded {formatDateTime(candidate.resumeUploadedAt)}
              </Typography>
            )}
          </Box>
          <Button size="sm" variant="soft" startDecorator={<Eye size={16} />} onClick={() => setViewing(true)}>
            View
          </Button>
          {candidate.resumeFileName && (
            <Button
              size="sm"
              variant="outlined"
              color="neutral"
              startDecorator={<Download size={16} />}
              loading={downloading}
              onClick={() => void download()}
            >
              Download
            </Button>
          )}
          {canEdit && (
            <Button size="sm" variant="outlined" color="neutral" startDecorator={<Brain size={16} />} onClick={() => setAnalyzing(true)}>
              Analyze
            </Button>
          )}
        </Box>
      ) : (
        <Typography level="body-sm" textColor="text.tertiary">
          No resume uploaded yet
        </Typography>
      )}
      <UploadResumeDialog open={uploading} onClose={() => setUploading(false)} candidate={candidate} />
      <AiAnalysisDialog open={analyzing} onClose={() => setAnalyzing(false)} candidate={candidate} kind="resume" />
      <Modal open={viewing} onClose={() => setViewing(false)}>
        <ModalDialog aria-labelledby="resume-view-title" sx={{ width: 'min(760px, calc(100vw - 24px))', maxHeight: 'calc(100dvh - 24px)' }}>
          <ModalClose aria-label="Close" />
          <DialogTitle id="resume-view-title">{candidate.resumeFileName ?? 'Resume'}</DialogTitle>
          <DialogContent>
            {candidate.resumeText ? (
              <Typography component="pre" level="body-sm" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
                {candidate.resumeText}
              </Typography>
            ) : (
              <Box sx={{ py: 3, textAlign: 'center' }}>
                <Typography level="title-md">No resume content available</Typography>
                <Typography level="body-sm" textColor="text.secondary">
                  The resume content may not have been saved when the file was uploaded.
                </Typography>
              </Box>
            )}
          </DialogContent>
        </ModalDialog>
      </Modal>
    </Card>
  );
}
