import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Divider from '@mui/joy/Divider';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SOURCE_CHOICES } from '@ats/contracts';
import { FormField } from '@/components/form-field';
import { FormSelect } from '@/components/form-select';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useCreateCandidate } from '../api/create-candidate';
import { ResumeImport, type ParsedResume, type UploadedResume } from './resume-import';
import { CheckThisHint } from './check-this-hint';
import {
  CandidateFormSchema,
  parsedResumeToForm,
  splitParsedResume,
  EMPTY_CANDIDATE_FORM,
  type ResumeSuggestions,
  toCreateCandidateBody,
  type CandidateFormOutput,
  type CandidateFormValues,
} from '../utils/candidate-form';
import { showServerFieldErrors } from '@/lib/form-errors';

/** Add Candidate (SPEC §2.8/§5): validated by the contract's schema, closes and resets on success. */
export function AddCandidateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const createCandidate = useCreateCandidate();
  const [uploaded, setUploaded] = useState<UploadedResume | null>(null);
  const [toCheck, setToCheck] = useState<ResumeSuggestions>({});
  const { control, handleSubmit, reset, getValues, setError, setValue } = useForm<CandidateFormValues, unknown, CandidateFormOutput>({
    resolver: zodResolver(CandidateFormSchema),
    defaultValues: EMPTY_CANDIDATE_FORM,
    mode: 'onTouched',
  });

  const close = () => {
    if (createCandidate.isPending) return;
    onClose();
  };

  // confident fields fill the form; the others wait under their field for the user to check
  const onParsed = (parsed: ParsedResume) => {
    reset(parsedResumeToForm(getValues(), parsed), { keepDefaultValues: true });
    setToCheck(splitParsedResume(parsed).check);
  };
  const hint = (name: keyof ResumeSuggestions, label: string) => {
    const value = toCheck[name];
    if (!value) return undefined;
    return (
      <CheckThisHint
        label={label}
        value={value}
        onUse={() => {
          setValue(name, value, { shouldDirty: true, shouldValidate: true });
          setToCheck(({ [name]: _, ...rest }) => rest);
        }}
      />
    );
  };

  const onSubmit = handleSubmit((values) =>
    createCandidate
      .mutateAsync({
        ...toCreateCandidateBody(values),
        // only when a file was uploaded (SPEC §7)
        ...(uploaded
          ? {
              resumeFileName: uploaded.fileName.slice(0, 255),
              resumeText: uploaded.resumeText,
              resumeUploadedAt: uploaded.resumeUploadedAt,
            }
          : {}),
      })
      .then(
        () => {
          toast({ title: 'Success', description: 'Candidate added successfully' });
          reset(EMPTY_CANDIDATE_FORM);
          setUploaded(null);
          setToCheck({});
          onClose();
        },
        (error: unknown) => {
          showServerFieldErrors(error, setError, getValues());
          toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'Failed to add candidate' });
        },
      ),
  );

  return (
    <Modal open={open} onClose={close}>
      <ModalDialog
        aria-labelledby="add-candidate-title"
        layout="center"
        sx={{ width: 'min(720px, calc(100vw - 24px))', maxHeight: 'calc(100dvh - 24px)', p: 0, gap: 0, overflow: 'hidden' }}
      >
        <ModalClose disabled={createCandidate.isPending} aria-label="Close" />
        <DialogTitle id="add-candidate-title" sx={{ px: 3, pt: 2.5, pb: 1.5 }}>
          Add New Candidate
        </DialogTitle>
        <Divider />
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
          <DialogContent sx={{ px: 3, py: 2.5, overflowY: 'auto' }}>
            <Box sx={{ mb: 2.5 }}>
              <ResumeImport onParsed={onParsed} onUploaded={setUploaded} uploaded={uploaded} disabled={createCandidate.isPending} />
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <FormField
                control={control}
                name="firstName"
                label="First Name"
                helperText={hint('firstName', 'First Name')}
                required
                autoComplete="off"
              />
              <FormField
                control={control}
                name="lastName"
                label="Last Name"
                helperText={hint('lastName', 'Last Name')}
                required
                autoComplete="off"
              />
              <FormField
                control={control}
                name="email"
                label="Email"
                helperText={hint('email', 'Email')}
                type="email"
                inputMode="email"
                required
                autoComplete="off"
              />
              <FormField
                control={control}
                name="phone"
                label="Phone"
                helperText={hint('phone', 'Phone')}
                type="tel"
                inputMode="tel"
                autoComplete="off"
              />
              <FormField
                control={control}
                name="mobilePhone"
                label="Mobile Phone"
                helperText={hint('mobilePhone', 'Mobile Phone')}
                type="tel"
                inputMode="tel"
                autoComplete="off"
              />
              <FormField
                control={control}
                name="location"
                label="Location"
                helperText={hint('location', 'Location')}
                placeholder="City, State"
              />
              <FormField
                control={control}
                name="currentTitle"
                label="Current Job Title"
                helperText={hint('currentTitle', 'Current Job Title')}
                required
                placeholder="e.g. Chief Financial Officer"
              />
              <FormField
                control={control}
                name="currentCompany"
                label="Current Company"
                helperText={hint('currentCompany', 'Current Company')}
              />
              <FormField
                control={control}
                name="linkedinUrl"
                label="LinkedIn URL"
                helperText={hint('linkedinUrl', 'LinkedIn URL')}
                type="url"
                inputMode="url"
                placeholder="https://linkedin.com/in/…"
              />
              <FormField
                control={control}
                name="experience"
                label="Experience"
                helperText={hint('experience', 'Experience')}
                placeholder="e.g. 15+ years, C-suite"
              />
              <FormSelect control={control} name="source" label="Source" options={SOURCE_CHOICES} emptyLabel="Unknown" />
              <FormField
                control={control}
                name="salaryExpectation"
                label="Salary Expectation ($k)"
                helperText={hint('salaryExpectation', 'Salary Expectation ($k)')}
                inputMode="decimal"
                placeholder="e.g. 250"
                startDecorator="$"
                endDecorator="k"
              />
              <FormField
                control={control}
                name="skills"
                label="Skills"
                placeholder="Board relations, M&A, P&L"
                helperText={hint('skills', 'Skills') ?? 'Separate skills with commas'}
              />
              <FormField
                control={control}
                name="summary"
                label="Summary"
                helperText={hint('summary', 'Summary')}
                minRows={3}
                sx={{ gridColumn: { sm: '1 / -1' } }}
              />
            </Box>
          </DialogContent>
          <Divider />
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button type="submit" loading={createCandidate.isPending} loadingPosition="start">
              {createCandidate.isPending ? 'Adding...' : 'Add Candidate'}
            </Button>
            <Button variant="plain" color="neutral" onClick={close} disabled={createCandidate.isPending}>
              Cancel
            </Button>
          </DialogActions>
        </Box>
      </ModalDialog>
    </Modal>
  );
}
