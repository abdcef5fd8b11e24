import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Typography from '@mui/joy/Typography';
import { SOURCE_CHOICES, SOURCE_LABELS, type AttachedJob, type CandidateSource } from '@ats/contracts';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useSetApplicationSource } from '../../api/set-application-source';

/**
 * Where one application came from: its own source, or the candidate's ("As candidate"). A writer
 * picks it in place; a reader sees the text.
 */
export function ApplicationSourceSelect({ candidateId, job, canEdit }: { candidateId: number; job: AttachedJob; canEdit: boolean }) {
  const setSource = useSetApplicationSource(candidateId);
  const current = job.source ?? null;
  if (!canEdit)
    return (
      <Typography level="body-sm" textColor="text.tertiary">
        Source: {current ? SOURCE_LABELS[current] : 'as candidate'}
      </Typography>
    );
  return (
    <Select<string>
      size="sm"
      variant="plain"
      value={current ?? ''}
      disabled={setSource.isPending}
      aria-label={`Source of the application to ${job.title}`}
      renderValue={(option) => `Source: ${option?.value ? SOURCE_LABELS[option.value as CandidateSource] : 'as candidate'}`}
      onChange={(_, value) => {
        const source = value ? (value as CandidateSource) : null;
        if (source === current) return;
        setSource.mutate(
          { applicationId: job.applicationId, source },
          {
            onSuccess: () =>
              toast({ title: 'Source saved', description: `${job.title}: ${source ? SOURCE_LABELS[source] : "the candidate's source"}` }),
            onError: (error) =>
              toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'Failed to save the source' }),
          },
        );
      }}
      sx={{ minWidth: 180 }}
    >
      <Option value="">As candidate</Option>
      {SOURCE_CHOICES.map((choice) => (
        <Option key={choice.value} value={choice.value}>
          {choice.label}
        </Option>
      ))}
    </Select>
  );
}
