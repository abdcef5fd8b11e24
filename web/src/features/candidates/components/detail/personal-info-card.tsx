import { useState, type ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Pencil, Save, X } from 'lucide-react';
import { SOURCE_CHOICES, SOURCE_LABELS, type Candidate } from '@ats/contracts';
import { ChangedMeanwhileNotice } from '@/components/changed-meanwhile-notice';
import { EditConflictDialog } from '@/components/edit-conflict-dialog';
import { FormField } from '@/components/form-field';
import { FormSelect } from '@/components/form-select';
import { toast } from '@/components/toast';
import { useConflictAwareSave } from '@/hooks/use-conflict-aware-save';
import { serverMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';
import { formatSalaryK } from '@/lib/format';
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

const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'placed', label: 'Placed' },
  { value: 'inactive', label: 'Inactive' },
];

/**
 * SPEC §2.7 personal information. The toggle switches the values to input fields; in edit
 * mode they are editable and Save sends PATCH /api/candidates/:id with the revision editing
 * started from. Someone else's save meanwhile leaves the typing alone (a notice says who); a
 * field both changed opens the conflict dialog, other fields merge.
 */
export function PersonalInfoCard({ candidate, canEdit }: { candidate: Candidate; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [baseRevision, setBaseRevision] = useState<number | undefined>(undefined);
  const update = useUpdateCandidate(candidate.id);
  const { control, handleSubmit, reset, setError } = useForm<CandidateEditValues, unknown, CandidateEditOutput>({
    resolver: zodResolver(CandidateEditSchema),
    defaultValues: toEditValues(candidate),
    mode: 'onTouched',
  });
  const { submit, conflict } = useConflictAwareSave((body) => update.mutateAsync(body), {
    onSaved: () => {
      toast({ title: 'Candidate updated', description: 'The profile has been saved.' });
      setEditing(false);
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

  const startEditing = () => {
    reset(toEditValues(candidate));
    setBaseRevision(candidate.revision);
    setEditing(true);
  };
  const onSubmit = handleSubmit((values) => submit(toUpdateBody(values, baseRevision)));

  return (
    <Card variant="outlined" component="section" aria-labelledby="personal-info-heading" sx={{ gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="personal-info-heading" level="title-lg" component="h2">
          Personal Information
        </Typography>
        {canEdit &&
          (editing ? (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button
                size="sm"
                variant="plain"
                color="neutral"
                startDecorator={<X size={16} />}
                onClick={() => setEditing(false)}
                disabled={conflict.pending}
              >
                Cancel
              </Button>
              <Button size="sm" startDecorator={<Save size={16} />} loading={conflict.pending} type="submit" form="candidate-edit-form">
                Save
              </Button>
            </Box>
          ) : (
            <Button size="sm" variant="outlined" color="neutral" startDecorator={<Pencil size={16} />} onClick={startEditing}>
              Edit
            </Button>
          ))}
      </Box>
      {editing && <ChangedMeanwhileNotice baseRevision={baseRevision} revision={candidate.revision} by={candidate.updatedBy} />}
      {editing ? (
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
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <ReadOnly label="First Name" value={candidate.firstName} empty="Not provided" />
          <ReadOnly label="Last Name" value={candidate.lastName} empty="Not provided" />
          <ReadOnly label="Email" value={candidate.email} empty="Not provided" />
          <ReadOnly label="Phone" value={candidate.phone} empty="Not provided" />
          <ReadOnly label="Mobile Phone" value={candidate.mobilePhone} empty="Not provided" />
          <ReadOnly label="Location" value={candidate.location} empty="Not provided" />
          <ReadOnly label="Current Job Title" value={candidate.currentTitle} empty="Not provided" />
          <ReadOnly label="Current Company" value={candidate.currentCompany} empty="Not provided" />
          <ReadOnly label="Experience Level" value={candidate.experienceLevel} empty="Not specified" />
          <ReadOnly label="Salary Expectation" value={formatSalaryK(candidate.salaryExpectation)} empty="Not specified" />
          <ReadOnly label="Source" value={candidate.source ? SOURCE_LABELS[candidate.source] : null} empty="Unknown" />
        </Box>
      )}
      <EditConflictDialog {...conflict} labels={CANDIDATE_FIELD_LABELS} textFields={CANDIDATE_TEXT_FIELDS} />
    </Card>
  );
}

/** A value shown as a read-only input field, or the empty text. */
function ReadOnly({ label, value, empty }: { label: string; value: string | null | undefined; empty: string }): ReactNode {
  return (
    <FormControl>
      <FormLabel>{label}</FormLabel>
      <Input
        readOnly
        value={value || empty}
        variant="soft"
        sx={{ '& input': { color: value ? 'text.primary' : 'text.tertiary', fontStyle: value ? 'normal' : 'italic' } }}
      />
    </FormControl>
  );
}
