import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Save, X } from 'lucide-react';
import { SOURCE_CHOICES, type Candidate } from '@ats/contracts';
import { ChangedMeanwhileNotice } from '@/components/changed-meanwhile-notice';
import { EditConflictDialog } from '@/components/edit-conflict-dialog';
import { FormField } from '@/components/form-field';
import { FormSelect } from '@/components/form-select';
import { toast } from '@/components/toast';
import { useConflictAwareSave } from '@/hooks/use-conflict-aware-save';
import { serverMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useUpdateCandidate } from '../../api/update-candidate';
import {
  CANDIDATE_FIELD_LABELS,
  CANDIDATE_TEXT_FIELDS,
  CandidateEditSchema,
  toEditValues,
  toUpdateBody,
  type CandidateEditOutput,
  type CandidateEditValues,
} from '../../utils/candidate-edit-form';
import { PersonalInfoFrame } from './personal-info-frame';

const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'placed', label: 'Placed' },
  { value: 'inactive', label: 'Inactive' },
];

/**
 * SPEC §2.7 personal information in edit mode: Save sends PATCH /api/candidates/:id with the
 * revision editing started from (`startedFrom`, the record at the Edit click). Someone else's
 * save meanwhile leaves the typing alone (a notice says who); a field both changed opens the
 * conflict dialog, other fields merge.
 */
export function PersonalInfoEditor({
  candidate,
  startedFrom,
  canEdit,
  onDone,
}: {
  candidate: Candidate;
  startedFrom: Candidate;
  canEdit: boolean;
  onDone: () => void;
}) {
  const baseRevision = startedFrom.revision;
  const update = useUpdateCandidate(candidate.id);
  const { control, handleSubmit, setError } = useForm<CandidateEditValues, unknown, CandidateEditOutput>({
    resolver: zodResolver(CandidateEditSchema),
    defaultValues: toEditValues(startedFrom),
    mode: 'onTouched',
  });
  const { submit, conflict } = useConflictAwareSave((body) => update.mutateAsync(body), {
    onSaved: () => {
      toast({ title: 'Candidate updated', description: 'The profile has been saved.' });
      onDone();
    },
    onError: (error) => {
      if (showServerFieldErrors(error, setError, Object.keys(CANDIDATE_FIELD_LABELS))) return;
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to update candidate. Please try again.',
      });
    },
  });
  const onSubmit = handleSubmit((values) => submit(toUpdateBody(values, baseRevision)));

  return (
    <PersonalInfoFrame
      actions={
        canEdit && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button size="sm" variant="plain" color="neutral" startDecorator={<X size={16} />} onClick={onDone} disabled={conflict.pending}>
              Cancel
            </Button>
            <Button size="sm" startDecorator={<Save size={16} />} loading={conflict.pending} type="submit" form="candidate-edit-form">
              Save
            </Button>
          </Box>
        )
      }
    >
      <ChangedMeanwhileNotice baseRevision={baseRevision} revision={candidate.revision} by={candidate.updatedBy} />
      <Box
        component="form"
        id="candidate-edit-form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <FormField control={control} name="firstName" label="First Name" required />
        <FormField control={control} name="lastName" label="Last Name" required />
        <FormField control={control} name="email" label="Email" type="email" required />
        <FormField control={control} name="phone" label="Phone" type="tel" />
        <FormField control={control} name="mobilePhone" label="Mobile Phone" type="tel" />
        <FormField control={control} name="location" label="Location" />
        <FormField control={control} name="currentTitle" label="Current Job Title" required />
        <FormField control={control} name="currentCompany" label="Current Company" />
        <FormField control={control} name="experience" label="Experience Level" />
        <FormSelect control={control} name="status" label="Status" options={STATUSES} />
        <FormSelect control={control} name="source" label="Source" options={SOURCE_CHOICES} emptyLabel="Unknown" />
        <FormField
          control={control}
          name="salaryExpectation"
          label="Salary Expectation ($k)"
          inputMode="decimal"
          startDecorator="$"
          endDecorator="k"
        />
        <FormField control={control} name="skills" label="Skills" helperText="Separate skills with commas" />
        <FormField control={control} name="summary" label="Summary" minRows={3} sx={{ gridColumn: { sm: '1 / -1' } }} />
      </Box>
      <EditConflictDialog {...conflict} labels={CANDIDATE_FIELD_LABELS} textFields={CANDIDATE_TEXT_FIELDS} />
    </PersonalInfoFrame>
  );
}
