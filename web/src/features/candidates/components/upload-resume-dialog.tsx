import { useEffect, useRef, useState, type DragEvent } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Typography from '@mui/joy/Typography';
import { FileText, UploadCloud } from 'lucide-react';
import { toast } from '@/components/toast';
import { useUploadResume } from '../api/upload-resume';
import { RESUME_UPLOAD_ACCEPT, checkResumeUpload, readAsDataUrl, withResumeMime } from '../utils/resume-file';

/** SPEC §2.8 Upload Resume: drag-and-drop or browse; PDF/DOC/DOCX ≤ 10 MB, sent as a data URL. */
export function UploadResumeDialog({
  open,
  onClose,
  candidate,
}: {
  open: boolean;
  onClose: () => void;
  candidate: { id: number; firstName: string; lastName: string };
}) {
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadResume(candidate.id);
  const name = `${candidate.firstName} ${candidate.lastName}`.trim();

  useEffect(() => {
    if (open) setFile(null);
  }, [open]);

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const problem = checkResumeUpload(picked);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    setFile(picked);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files[0]);
  };

  const submit = async () => {
    if (!file) return;
    try {
      const fileData = withResumeMime(await readAsDataUrl(file), file.name);
      await upload.mutateAsync({ fileName: file.name, fileData });
      toast({ title: 'Resume uploaded successfully', description: `Resume for ${name} has been uploaded.` });
      onClose();
    } catch {
      toast({ variant: 'destructive', title: 'Upload failed', description: 'There was an error uploading the resume. Please try again.' });
    }
  };

  return (
    <Modal open={open} onClose={() => !upload.isPending && onClose()}>
      <ModalDialog aria-labelledby="upload-resume-title" sx={{ width: 'min(520px, calc(100vw - 24px))' }}>
        <ModalClose aria-label="Close dialog" disabled={upload.isPending} />
        <DialogTitle id="upload-resume-title">Upload Resume</DialogTitle>
        <DialogContent sx={{ gap: 1.5 }}>
          <Typography level="body-sm" textColor="text.secondary">
            Upload a resume for {name}. PDF, DOC or DOCX, up to 10MB.
          </Typography>
          <Box
            data-testid="resume-dropzone"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            sx={{
              border: '2px dashed',
              borderColor: dragging ? 'primary.500' : 'neutral.outlinedBorder',
              bgcolor: dragging ? 'primary.softBg' : 'background.level1',
              borderRadius: 'md',
              p: 3,
              textAlign: 'center',
              display: 'grid',
              justifyItems: 'center',
              gap: 1,
            }}
          >
            {file ? <FileText size={32} aria-hidden /> : <UploadCloud size={32} aria-hidden />}
            {file ? (
              <>
                <Typography level="title-sm" sx={{ wordBreak: 'break-all' }} data-testid="resume-picked">
                  {file.name}
                </Typography>
                <Typography level="body-xs">{(file.size / 1024).toFixed(0)} KB</Typography>
              </>
            ) : (
              <Typography level="body-sm">Drag and drop the resume here, or</Typography>
            )}
            <Button size="sm" variant="outlined" color="neutral" onClick={() => input.current?.click()} disabled={upload.isPending}>
              {file ? 'Choose another file' : 'Browse files'}
            </Button>
            <input
              ref={input}
              type="file"
              accept={RESUME_UPLOAD_ACCEPT}
              hidden
              aria-label="Resume file"
              data-testid="resume-file-input"
              onChange={(event) => {
                pick(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={submit} disabled={!file} loading={upload.isPending} loadingPosition="start">
            {upload.isPending ? 'Uploading...' : 'Upload Resume'}
          </Button>
          <Button variant="plain" color="neutral" onClick={onClose} disabled={upload.isPending}>
            Cancel
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
