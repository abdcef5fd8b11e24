import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import type { Job } from '@ats/contracts';
import { AlertTriangle, Check, Send } from 'lucide-react';
import { toast } from '@/components/toast';
import { formatDateTime, formatSalaryRange, titleCase } from '@/lib/format';
import { useJobDetail, usePostToLinkedin } from '../api/linkedin';
import { LINKEDIN_BENEFITS, LINKEDIN_POST_DETAILS, buildLinkedinJobId } from '../utils/linkedin';

/** SPEC §2.12 Post to LinkedIn: job summary, fixed details, benefits, warning; lists earlier posts. */
export function PostLinkedinDialog({ open, onClose, job }: { open: boolean; onClose: () => void; job: Job }) {
  const post = usePostToLinkedin(job.id);
  const detail = useJobDetail(job.id, open);
  const posts = detail.data?.linkedinPosts ?? [];
  const salary = formatSalaryRange(job.salaryMin, job.salaryMax);

  const submit = () =>
    post.mutate(
      { jobId: job.id, linkedinJobId: buildLinkedinJobId(job.id), status: 'posted', applicationsCount: 0, viewsCount: 0 },
      {
        onSuccess: () => {
          toast({ title: 'Job posted', description: `${job.title} has been posted to LinkedIn.` });
          onClose();
        },
        onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to post job' }),
      },
    );

  return (
    <Modal open={open} onClose={() => !post.isPending && onClose()}>
      <ModalDialog
        aria-labelledby="post-linkedin-title"
        sx={{ width: 'min(600px, calc(100vw - 24px))', maxHeight: 'calc(100dvh - 24px)', overflow: 'hidden' }}
      >
        <ModalClose aria-label="Close dialog" disabled={post.isPending} />
        <DialogTitle id="post-linkedin-title">Post to LinkedIn</DialogTitle>
        <DialogContent sx={{ gap: 2, overflowY: 'auto' }}>
          <Sheet variant="soft" sx={{ p: 2, borderRadius: 'md' }} data-testid="linkedin-job-summary">
            <Typography level="title-md">{job.title}</Typography>
            <Typography level="body-sm" textColor="text.secondary">
              {[job.client?.companyName, job.location, titleCase(job.type), salary].filter(Boolean).join(' · ')}
            </Typography>
            {job.description && (
              <Typography
                level="body-sm"
                sx={{ mt: 1, display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
              >
                {job.description}
              </Typography>
            )}
          </Sheet>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75 }}>
            {LINKEDIN_POST_DETAILS.map((item) => (
              <Box key={item.label} sx={{ display: 'contents' }}>
                <Typography component="dt" level="body-sm" textColor="text.tertiary">
                  {item.label}
                </Typography>
                <Typography component="dd" level="body-sm" sx={{ m: 0, fontWeight: 'md' }}>
                  {item.value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Box>
            <Typography level="title-sm" sx={{ mb: 0.5 }}>
              Benefits
            </Typography>
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
              {LINKEDIN_BENEFITS.map((benefit) => (
                <Typography key={benefit} component="li" level="body-sm" startDecorator={<Check size={14} aria-hidden />}>
                  {benefit}
                </Typography>
              ))}
            </Box>
          </Box>
          <Alert color="warning" variant="soft" startDecorator={<AlertTriangle size={18} aria-hidden />}>
            This will create a public job posting on LinkedIn, visible to all LinkedIn members.
          </Alert>
          {posts.length > 0 && (
            <Box data-testid="linkedin-posts">
              <Typography level="title-sm" sx={{ mb: 0.5 }}>
                Earlier posts of this job
              </Typography>
              <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
                {posts.map((p) => (
                  <Box component="li" key={p.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Chip size="sm" variant="soft" color="success">
                      {titleCase(p.status)}
                    </Chip>
                    <Typography level="body-xs">{formatDateTime(p.postedAt)}</Typography>
                    <Typography level="body-xs" textColor="text.tertiary">
                      {p.viewsCount} views · {p.applicationsCount} applications
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button startDecorator={<Send size={16} />} loading={post.isPending} loadingPosition="start" onClick={submit}>
            {post.isPending ? 'Posting...' : 'Post to LinkedIn'}
          </Button>
          <Button variant="plain" color="neutral" onClick={onClose} disabled={post.isPending}>
            Cancel
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
