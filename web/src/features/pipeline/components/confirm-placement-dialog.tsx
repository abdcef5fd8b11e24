import { useEffect, useState, type FormEvent } from 'react';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Typography from '@mui/joy/Typography';
import { useQuery } from '@tanstack/react-query';
import { contracts, type Application, type ApplicationStage, type Job } from '@ats/contracts';
import { FormDialog } from '@/components/form-dialog';
import { callContract } from '@/lib/api-client';
import { formatSalaryRange } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { applicantName } from './application-card';

/** A card dropped on Placed, waiting for its agreed salary. */
export interface PendingPlacement {
  application: Application;
  from: ApplicationStage;
}

/** The salary a placement records unless told otherwise (as the server): the range's midpoint, or whichever end is known. */
function defaultSalary(job: Pick<Job, 'salaryMin' | 'salaryMax'> | undefined): string {
  if (!job) return '';
  const { salaryMin: min, salaryMax: max } = job;
  const value = min !== null && max !== null ? (min + max) / 2 : (min ?? max);
  return value === null ? '' : String(value);
}

/** Parses the field: thousands, up to 100,000; '' or anything else is an error message. */
function parseSalary(text: string): number | string {
  const value = Number(text.trim().replace(/[$,\s]|k$/gi, ''));
  if (text.trim() === '' || !Number.isFinite(value)) return 'Enter the agreed salary in thousands (e.g. 250)';
  if (value < 0 || value > 100_000) return 'Enter a salary between 0 and 100,000 (thousands)';
  return value;
}

/**
 * Before a card lands in Placed: the agreed salary (thousands), prefilled with the job's
 * midpoint, and the fee it makes at the job's fee %. Confirm moves the card with that salary;
 * Cancel leaves it where it was.
 */
export function ConfirmPlacementDialog({
  pending,
  onConfirm,
  onClose,
}: {
  pending: PendingPlacement | null;
  onConfirm: (salary: number) => void;
  onClose: () => void;
}) {
  const jobId = pending?.application.jobId;
  const job = useQuery({
    queryKey: queryKeys.jobs.detail(jobId ?? 0),
    queryFn: ({ signal }) => callContract(contracts.getJob, { params: { id: jobId! }, signal }),
    enabled: jobId !== undefined,
  });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // the field starts at the job's midpoint once the job is known
  useEffect(() => {
    setText(defaultSalary(job.data));
    setError(null);
  }, [pending, job.data]);
  const parsed = parseSalary(text);
  const feePercentage = job.data?.feePercentage ?? 20;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typeof parsed === 'string') return setError(parsed);
    onConfirm(parsed);
  };
  const range = job.data ? formatSalaryRange(job.data.salaryMin, job.data.salaryMax) : null;
  return (
    <FormDialog
      open={pending !== null}
      onClose={onClose}
      id="confirm-placement"
      title={pending ? `Place ${applicantName(pending.application)}?` : 'Place candidate?'}
      onSubmit={submit}
      pending={false}
      submitLabel="Confirm placement"
      pendingLabel="Placing…"
      width={460}
    >
      <FormControl error={error !== null}>
        <FormLabel>Agreed salary ($k)</FormLabel>
        <Input
          autoFocus
          inputMode="decimal"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          startDecorator="$"
          endDecorator="k"
        />
        <FormHelperText>
          {error ??
            `${pending?.application.job.title ?? 'The job'}${range ? `: ${range}` : ''}. Fee at ${feePercentage}%: ${
              typeof parsed === 'number'
                ? `$${((parsed * feePercentage) / 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}k`
                : '—'
            }.`}
        </FormHelperText>
      </FormControl>
      <Typography level="body-sm" textColor="text.secondary" sx={{ mt: 1.5 }}>
        The placement records this salary; the fee, the dashboard&apos;s revenue and the analytics follow from it.
      </Typography>
    </FormDialog>
  );
}
