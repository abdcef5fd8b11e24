import { useState, type ChangeEvent } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Divider from '@mui/joy/Divider';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import type { DuplicateChoice, ImportKind, ImportMapping, ImportPreviewResult, ImportUploadResult } from '@ats/contracts';
import { serverMessage } from '@/lib/api-client';
import { usePreviewImport, useStartImport, useUploadImport, useImportStatus } from './api';
import { applyRowFixes } from './fix-rows';
import { MappingStep, PreviewStep, ProgressStep } from './import-steps';

const TITLES: Record<ImportKind, string> = { candidates: 'Import Candidates', clients: 'Import Clients', jobs: 'Import Jobs' };
type Step = 'upload' | 'map' | 'preview' | 'run';

/** "Import": a CSV file through upload → map columns → preview → run with progress → summary. */
export function ImportCsvButton({ kind }: { kind: ImportKind }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" color="neutral" startDecorator={<Upload size={18} />} onClick={() => setOpen(true)}>
        Import
      </Button>
      {open && <ImportDialog kind={kind} onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportDialog({ kind, onClose }: { kind: ImportKind; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<ImportUploadResult | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [preview, setPreview] = useState<ImportPreviewResult | null>(null);
  const [onDuplicate, setOnDuplicate] = useState<DuplicateChoice>('skip');
  const [choices, setChoices] = useState<Record<string, DuplicateChoice>>({});
  // corrections to rejected rows (by line, field → value): the file is re-checked with them
  const [fixes, setFixes] = useState<Record<string, Record<string, string>>>({});
  const fixCount = Object.keys(fixes).length;
  const upload = useUploadImport();
  const previewing = usePreviewImport();
  const starting = useStartImport();
  const status = useImportStatus(step === 'run' && uploaded ? uploaded.importId : null);
  const running = step === 'run' && status.data?.status !== 'completed';
  const error = upload.error ?? previewing.error ?? starting.error ?? status.error;
  const missing = uploaded?.fields.filter((f) => f.required && !mapping[f.name]).map((f) => f.label) ?? [];

  const close = () => {
    // a running import goes on on the server (and after a restart); the lists show what it brought in
    if (step === 'run') void queryClient.invalidateQueries();
    onClose();
  };
  const next = async () => {
    if (step === 'upload' && file) {
      const result = await upload.mutateAsync({ kind, fileName: file.name, csv: await file.text() });
      setUploaded(result);
      setMapping(result.mapping);
      setStep('map');
    } else if (step === 'map' && uploaded) {
      setPreview(await previewing.mutateAsync({ id: uploaded.importId, mapping }));
      setStep('preview');
    } else if (step === 'preview' && uploaded && file && fixCount > 0) {
      // the file again with the rejected rows mended, uploaded as a new import and checked again
      const byHeader = Object.fromEntries(
        Object.entries(fixes).map(([line, values]) => [
          line,
          Object.fromEntries(Object.entries(mapping).map(([field, header]) => [header, values[field] ?? ''])),
        ]),
      );
      const text = applyRowFixes(await file.text(), byHeader);
      const result = await upload.mutateAsync({ kind, fileName: file.name, csv: text });
      setFile(new File([text], file.name, { type: 'text/csv' }));
      setUploaded(result);
      setPreview(await previewing.mutateAsync({ id: result.importId, mapping }));
      setFixes({});
      setChoices({});
    } else if (step === 'preview' && uploaded) {
      await starting.mutateAsync({ id: uploaded.importId, body: { mapping, onDuplicate, choices } });
      setStep('run');
    }
  };
  // the rows the run will bring in: the valid ones less the duplicates left on Skip (the button said
  // "Import 298 rows" for 297 when one duplicate was skipped)
  const shownDuplicates = preview?.rows.filter((r) => r.duplicate && r.errors.length === 0) ?? [];
  const skippedDuplicates =
    shownDuplicates.filter((r) => (choices[String(r.row)] ?? onDuplicate) === 'skip').length +
    (onDuplicate === 'skip' ? Math.max(0, (preview?.duplicates ?? 0) - shownDuplicates.length) : 0);
  const toImport = Math.max(0, (preview?.valid ?? 0) - skippedDuplicates);
  const pending = upload.isPending || previewing.isPending || starting.isPending;
  const nextLabel =
    step === 'upload'
      ? 'Upload'
      : step === 'map'
        ? 'Preview'
        : step === 'preview'
          ? fixCount > 0
            ? `Re-check ${fixCount} fixed ${fixCount === 1 ? 'row' : 'rows'}`
            : `Import ${toImport} ${toImport === 1 ? 'row' : 'rows'}`
          : 'Done';

  return (
    <Modal open onClose={close}>
      <ModalDialog
        aria-labelledby="import-title"
        layout="center"
        sx={{ width: 'min(760px, calc(100vw - 24px))', maxHeight: 'calc(100dvh - 24px)', p: 0, gap: 0, overflow: 'hidden' }}
      >
        <ModalClose aria-label="Close" />
        <DialogTitle id="import-title" sx={{ px: 3, pt: 2.5, pb: 1.5 }}>
          {TITLES[kind]}
        </DialogTitle>
        <Divider />
        <DialogContent sx={{ px: 3, py: 2.5, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
          {error && (
            <Alert color="danger" role="alert">
              {serverMessage(error) ?? error.message}
            </Alert>
          )}
          {step === 'upload' && (
            <FormControl>
              <FormLabel htmlFor="import-file">CSV file</FormLabel>
              <Input
                type="file"
                slotProps={{ input: { id: 'import-file', accept: '.csv,text/csv' } }}
                onChange={(e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null)}
              />
              <FormHelperText>The first row names the columns. Excel and Google Sheets exports work as they are.</FormHelperText>
            </FormControl>
          )}
          {step === 'map' && uploaded && <MappingStep upload={uploaded} mapping={mapping} onChange={setMapping} />}
          {step === 'map' && missing.length > 0 && <Alert color="warning">Choose a column for: {missing.join(', ')}</Alert>}
          {step === 'preview' && preview && (
            <PreviewStep
              kind={kind}
              preview={preview}
              onDuplicate={onDuplicate}
              onAllChange={setOnDuplicate}
              choices={choices}
              onChoice={(row, choice) => setChoices((c) => ({ ...c, [String(row)]: choice }))}
              fields={uploaded?.fields.filter((f) => mapping[f.name]) ?? []}
              fixes={fixes}
              onFix={(row, values) => setFixes(({ [String(row)]: _, ...rest }) => (values ? { ...rest, [String(row)]: values } : rest))}
            />
          )}
          {step === 'run' && <ProgressStep status={status.data} />}
          {running && <FormHelperText>You can close this window: the import goes on, and the lists fill in as it runs.</FormHelperText>}
        </DialogContent>
        <Divider />
        <DialogActions sx={{ px: 3, py: 2 }}>
          {step === 'run' ? (
            <Button onClick={close}>{running ? 'Close' : 'Done'}</Button>
          ) : (
            <Button
              onClick={() => void next().catch(() => undefined)}
              loading={pending}
              disabled={(step === 'upload' && !file) || (step === 'map' && missing.length > 0)}
            >
              {nextLabel}
            </Button>
          )}
          {step !== 'run' && (
            <Box sx={{ display: 'flex', gap: 1 }}>
              {(step === 'map' || step === 'preview') && (
                <Button variant="plain" color="neutral" onClick={() => setStep(step === 'preview' ? 'map' : 'upload')} disabled={pending}>
                  Back
                </Button>
              )}
              <Button variant="plain" color="neutral" onClick={close} disabled={pending}>
                Cancel
              </Button>
            </Box>
          )}
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
