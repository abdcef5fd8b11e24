import { useState } from 'react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { messages, type InterviewDetail } from '@ats/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EditConflictDialog } from '@/components/edit-conflict-dialog';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { FormSelect } from '@/components/form-select';
import { toast, toastWithUndo } from '@/components/toast';
import { useConflictAwareSave } from '@/hooks/use-conflict-aware-save';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { serverMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';
import { fromLocalInput, interviewWhen, toLocalInput, userTimeZone, zoneLabel } from '@/lib/interview-time';
import {
  useCancelInterview,
  useCompleteInterview,
  useInterviewConflicts,
  useReinstateInterview,
  useRescheduleInterview,
  useUpdateInterview,
} from './api';
import { ConflictWarning } from './conflict-warning';
import { INTERVIEW_OUTCOME_LABELS, INTERVIEW_TYPE_CHOICES, candidateName } from './labels';
import { InterviewersPicker } from './pickers';
import { DurationSchema, WhenSchema, conflictParams } from './interview-rules';

const failed = (error: unknown, fallback: string) =>
  toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? fallback });

/* Reschedule ------------------------------------------------------------------------------------ */

const RescheduleSchema = z.object({ when: WhenSchema, duration: DurationSchema, reason: z.string().max(1000) });
type RescheduleValues = z.input<typeof RescheduleSchema>;
type RescheduleOutput = z.output<typeof RescheduleSchema>;

/** Another time (and maybe length) for an interview, with a live conflict warning; carries the revision it opened at. */
export function RescheduleInterviewDialog({ interview, onClose }: { interview: InterviewDetail; onClose: () => void }) {
  const reschedule = useRescheduleInterview(interview.id);
  const [baseRevision] = useState(interview.revision);
  const [timeZone] = useState(userTimeZone);
  const { control, handleSubmit, setError } = useForm<RescheduleValues, unknown, RescheduleOutput>({
    resolver: zodResolver(RescheduleSchema),
    defaultValues: { when: toLocalInput(interview.scheduledAt), duration: String(interview.duration), reason: '' },
    mode: 'onTouched',
  });
  const [when, duration] = useWatch({ control, name: ['when', 'duration'] });
  const asked = useDebouncedValue(
    conflictParams({ when, duration, candidateId: interview.candidateId, interviewers: interview.interviewers, excludeId: interview.id }),
    300,
  );
  const conflicts = useInterviewConflicts(asked);
  const whenIso = fromLocalInput(when);
  const { submit, conflict } = useConflictAwareSave(
    (body: { scheduledAt: string; duration: number; reason: string; baseRevision: number }) => reschedule.mutateAsync(body),
    {
      onSaved: () => {
        toast({
          title: 'Interview rescheduled',
          description: `${candidateName(interview)}: ${interviewWhen(whenIso ?? interview.scheduledAt, Number(duration))}`,
        });
        onClose();
      },
      onError: (error) => {
        if (showServerFieldErrors(error, setError, ['when', 'duration', 'reason'], { scheduledAt: 'when' })) return;
        failed(error, 'Failed to reschedule the interview. Please try again.');
      },
    },
  );
  const onSubmit = handleSubmit((values) =>
    submit({ scheduledAt: fromLocalInput(values.when)!, duration: values.duration, reason: values.reason, baseRevision }),
  );
  return (
    <>
      <FormDialog
        open
        onClose={onClose}
        id="reschedule-interview"
        title={`Reschedule interview with ${candidateName(interview)}`}
        onSubmit={onSubmit}
        pending={conflict.pending}
        submitLabel="Reschedule"
        pendingLabel="Rescheduling..."
        width={560}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Typography level="body-sm" textColor="text.secondary" sx={{ gridColumn: '1 / -1' }}>
            Now: {interviewWhen(interview.scheduledAt, interview.duration)}
          </Typography>
          <Controller
            control={control}
            name="when"
            render={({ field, fieldState }) => (
              <FormControl required error={Boolean(fieldState.error)}>
                <FormLabel>New date and time</FormLabel>
                <Input
                  type="datetime-local"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref, step: 300, 'aria-invalid': fieldState.invalid || undefined } }}
                />
                <FormHelperText>
                  {fieldState.error?.message ?? zoneLabel(timeZone, whenIso ? new Date(whenIso) : new Date())}
                </FormHelperText>
              </FormControl>
            )}
          />
          <FormField control={control} name="duration" label="Duration (minutes)" inputMode="numeric" required />
          {whenIso && (
            <Box sx={{ gridColumn: '1 / -1' }}>
              <ConflictWarning conflicts={conflicts.data?.conflicts ?? []} askedAt={whenIso} />
            </Box>
          )}
          <FormField control={control} name="reason" label="Reason (optional)" minRows={2} sx={{ gridColumn: '1 / -1' }} />
        </Box>
      </FormDialog>
      <EditConflictDialog {...conflict} labels={{ scheduledAt: 'Date and time', duration: 'Duration' }} textFields={[]} />
    </>
  );
}

/* Cancel ---------------------------------------------------------------------------------------- */

/** Cancels with a reason after a confirmation; the toast's Undo puts the interview back. */
export function CancelInterviewDialog({ interview, onClose }: { interview: InterviewDetail; onClose: () => void }) {
  const cancel = useCancelInterview(interview.id);
  const reinstate = useReinstateInterview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = candidateName(interview);
  const confirm = () => {
    if (!reason.trim()) {
      setError(messages.cancelReasonRequired);
      return;
    }
    cancel.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => {
          onClose();
          toastWithUndo({
            title: 'Interview cancelled',
            description: `The interview with ${name} was cancelled.`,
            undo: () =>
              reinstate.mutate(interview.id, {
                onSuccess: () => toast({ title: 'Interview restored', description: `The interview with ${name} is back on the schedule.` }),
                onError: (e) => failed(e, 'Could not undo the cancellation.'),
              }),
          });
        },
        onError: (e) => failed(e, 'Failed to cancel the interview. Please try again.'),
      },
    );
  };
  return (
    <ConfirmDialog
      open
      id="cancel-interview"
      title={`Cancel the interview with ${name}?`}
      confirmLabel="Cancel Interview"
      pending={cancel.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography level="body-sm">{interviewWhen(interview.scheduledAt, interview.duration)}</Typography>
        <FormControl required error={Boolean(error)}>
          <FormLabel>Reason</FormLabel>
          <Input
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            placeholder="e.g. The candidate withdrew"
            slotProps={{ input: { 'aria-invalid': Boolean(error) || undefined, maxLength: 1000 } }}
          />
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      </Box>
    </ConfirmDialog>
  );
}

/* Complete -------------------------------------------------------------------------------------- */

const CompleteSchema = z.object({
  feedback: z.string().trim().min(1, messages.feedbackRequired).max(10_000),
  rating: z.number().int().min(1, messages.ratingRequired).max(5, messages.ratingRequired),
  outcome: z.enum(['', 'advance', 'hold', 'reject']),
});
type CompleteValues = z.input<typeof CompleteSchema>;
type CompleteOutput = z.output<typeof CompleteSchema>;

/** Five stars as a radio group: arrow keys move, each star says its number. */
export function RatingInput({ value, onChange, error }: { value: number; onChange: (rating: number) => void; error?: string | undefined }) {
  return (
    <FormControl required error={Boolean(error)}>
      <FormLabel id="interview-rating-label">Rating</FormLabel>
      <RadioGroup
        orientation="horizontal"
        aria-labelledby="interview-rating-label"
        value={value === 0 ? '' : String(value)}
        onChange={(e) => onChange(Number(e.target.value))}
        sx={{ gap: 0.5 }}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <Radio
            key={n}
            value={String(n)}
            disableIcon
            variant="plain"
            label={<Star size={24} aria-hidden fill={n <= value ? 'currentColor' : 'none'} />}
            slotProps={{
              input: { 'aria-label': `${n} star${n > 1 ? 's' : ''}` },
              label: { sx: { color: n <= value ? 'warning.400' : 'neutral.400' } },
              action: { sx: { borderRadius: 'sm' } },
            }}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/** Records that the interview took place: feedback, 1-5 stars, an optional outcome. */
export function CompleteInterviewDialog({ interview, onClose }: { interview: InterviewDetail; onClose: () => void }) {
  const complete = useCompleteInterview(interview.id);
  const { control, handleSubmit, setError } = useForm<CompleteValues, unknown, CompleteOutput>({
    resolver: zodResolver(CompleteSchema),
    defaultValues: { feedback: '', rating: 0, outcome: '' },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit((values) =>
    complete.mutate(
      { feedback: values.feedback, rating: values.rating, outcome: values.outcome === '' ? null : values.outcome },
      {
        onSuccess: () => {
          toast({ title: 'Interview completed', description: `Feedback on ${candidateName(interview)} was saved.` });
          onClose();
        },
        onError: (error) => {
          if (showServerFieldErrors(error, setError, ['feedback', 'rating', 'outcome'])) return;
          failed(error, 'Failed to complete the interview. Please try again.');
        },
      },
    ),
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      id="complete-interview"
      title={`Complete interview with ${candidateName(interview)}`}
      onSubmit={onSubmit}
      pending={complete.isPending}
      submitLabel="Complete Interview"
      pendingLabel="Saving..."
      width={560}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <FormField control={control} name="feedback" label="Feedback" minRows={4} required />
        <Controller
          control={control}
          name="rating"
          render={({ field, fieldState }) => (
            <RatingInput value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <FormSelect
          control={control}
          name="outcome"
          label="Outcome"
          emptyLabel="Not decided"
          placeholder="Not decided"
          options={Object.entries(INTERVIEW_OUTCOME_LABELS).map(([value, label]) => ({ value, label }))}
        />
      </Box>
    </FormDialog>
  );
}

/* Edit details ---------------------------------------------------------------------------------- */

const DetailsSchema = z.object({
  type: z.enum(['phone', 'video', 'in-person', 'panel', 'technical']),
  interviewers: z.array(z.object({ userId: z.string().nullable(), name: z.string() })),
  location: z.string().max(500),
  videoLink: z.string().max(1000),
  notes: z.string().max(10_000),
});
type DetailsValues = z.infer<typeof DetailsSchema>;
const DETAIL_LABELS = { type: 'Type', interviewers: 'Interviewers', location: 'Location', videoLink: 'Video link', notes: 'Notes' };

/** Type, interviewers, location, video link and notes; the save carries the revision it opened at. */
export function EditInterviewDialog({ interview, onClose }: { interview: InterviewDetail; onClose: () => void }) {
  const update = useUpdateInterview(interview.id);
  const [baseRevision] = useState(interview.revision);
  const { control, handleSubmit, setError } = useForm<DetailsValues>({
    resolver: zodResolver(DetailsSchema),
    defaultValues: {
      type: interview.type,
      interviewers: interview.interviewers,
      location: interview.location ?? '',
      videoLink: interview.videoLink ?? '',
      notes: interview.notes ?? '',
    },
    mode: 'onTouched',
  });
  const { submit, conflict } = useConflictAwareSave((body: DetailsValues & { baseRevision: number }) => update.mutateAsync(body), {
    onSaved: () => {
      toast({ title: 'Interview updated', description: `The interview with ${candidateName(interview)} was saved.` });
      onClose();
    },
    onError: (error) => {
      if (showServerFieldErrors(error, setError, Object.keys(DETAIL_LABELS))) return;
      failed(error, 'Failed to update the interview. Please try again.');
    },
  });
  const onSubmit = handleSubmit((values) => submit({ ...values, baseRevision }));
  return (
    <>
      <FormDialog
        open
        onClose={onClose}
        id="edit-interview"
        title="Edit interview"
        onSubmit={onSubmit}
        pending={conflict.pending}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        width={640}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormSelect control={control} name="type" label="Type" options={INTERVIEW_TYPE_CHOICES} />
          <Box />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Controller
              control={control}
              name="interviewers"
              render={({ field, fieldState }) => (
                <InterviewersPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
              )}
            />
          </Box>
          <FormField control={control} name="location" label="Location" />
          <FormField control={control} name="videoLink" label="Video link" inputMode="url" />
          <FormField control={control} name="notes" label="Notes" minRows={3} sx={{ gridColumn: '1 / -1' }} />
        </Box>
      </FormDialog>
      <EditConflictDialog {...conflict} labels={DETAIL_LABELS} textFields={['notes', 'location']} />
    </>
  );
}

/** a star rating as text and icons, read-only */
export function RatingStars({ rating }: { rating: number }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={`${rating} out of 5 stars`}
      sx={{ display: 'inline-flex', gap: 0.25, color: 'warning.400' }}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} size={16} aria-hidden fill={n <= rating ? 'currentColor' : 'none'} />
      ))}
    </Box>
  );
}
