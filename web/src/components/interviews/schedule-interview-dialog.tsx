import { useState } from 'react';
import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { limits } from '@ats/contracts';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { FormSelect } from '@/components/form-select';
import { toast } from '@/components/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { serverMessage } from '@/lib/api-client';
import { useJobChoices } from '@/lib/choices';
import { showServerFieldErrors } from '@/lib/form-errors';
import { fromLocalInput, nextFullHour, toLocalInput, userTimeZone, zoneLabel } from '@/lib/interview-time';
import { useInterviewConflicts, useScheduleInterview, useSendInterviewInvitation } from './api';
import { ConflictWarning } from './conflict-warning';
import { DurationSchema, WhenSchema, conflictParams } from './interview-rules';
import { INTERVIEW_TYPE_CHOICES } from './labels';
import { InterviewCandidatePicker, InterviewersPicker, type PickedCandidate } from './pickers';

const InterviewerValueSchema = z.object({ userId: z.string().nullable(), name: z.string() });

const ScheduleFormSchema = z.object({
  candidate: z
    .object({ id: z.number(), name: z.string() })
    .nullable()
    .refine((c) => c !== null, 'Candidate is required'),
  jobId: z.string(),
  type: z.enum(['phone', 'video', 'in-person', 'panel', 'technical']),
  when: WhenSchema,
  duration: DurationSchema,
  interviewers: z.array(InterviewerValueSchema),
  location: z.string(),
  videoLink: z.string(),
  notes: z.string(),
  sendInvitation: z.boolean(),
});
type ScheduleFormValues = z.input<typeof ScheduleFormSchema>;
type ScheduleFormOutput = z.output<typeof ScheduleFormSchema>;

export interface ScheduleInterviewDialogProps {
  open: boolean;
  onClose: () => void;
  /** given by the place it opens from (a candidate's page, a card); otherwise picked */
  candidate?: PickedCandidate | undefined;
  /** given by the place it opens from (a job's page, a card); otherwise picked (or none) */
  job?: { id: number; title: string } | undefined;
  /** whether the calendar invitation can be offered */
  canInvite?: boolean;
}

/** Mount while open: each opening starts from a fresh form. */
export function ScheduleInterviewDialog(props: ScheduleInterviewDialogProps) {
  return props.open ? <ScheduleInterviewForm {...props} /> : null;
}

function ScheduleInterviewForm({ onClose, candidate, job, canInvite = true }: ScheduleInterviewDialogProps) {
  const schedule = useScheduleInterview();
  const invite = useSendInterviewInvitation();
  const [timeZone] = useState(userTimeZone);
  const jobs = useJobChoices(job === undefined);
  const jobOptions = (jobs.data ?? []).map((j) => ({
    value: String(j.id),
    label: j.client ? `${j.title} · ${j.client.companyName}` : j.title,
  }));
  const { control, handleSubmit, setError } = useForm<ScheduleFormValues, unknown, ScheduleFormOutput>({
    resolver: zodResolver(ScheduleFormSchema),
    defaultValues: {
      candidate: candidate ?? null,
      jobId: job ? String(job.id) : '',
      type: 'phone',
      when: toLocalInput(nextFullHour()),
      duration: String(limits.interviewDefaultMinutes),
      interviewers: [],
      location: '',
      videoLink: '',
      notes: '',
      sendInvitation: false,
    },
    mode: 'onTouched',
  });
  const [when, duration, picked, interviewers] = useWatch({ control, name: ['when', 'duration', 'candidate', 'interviewers'] });
  const asked = conflictParams({ when, duration, candidateId: picked?.id, interviewers });
  const debounced = useDebouncedValue(asked, 300);
  const conflicts = useInterviewConflicts(
    debounced && (debounced.candidateId !== undefined || debounced.interviewerIds || debounced.interviewerNames) ? debounced : null,
  );
  const whenIso = fromLocalInput(when);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await schedule.mutateAsync({
        candidateId: values.candidate!.id,
        jobId: values.jobId ? Number(values.jobId) : null,
        type: values.type,
        scheduledAt: fromLocalInput(values.when)!,
        duration: values.duration,
        interviewers: values.interviewers,
        location: values.location,
        videoLink: values.videoLink,
        notes: values.notes,
        timeZone,
      });
      const who = values.candidate!.name;
      if (values.sendInvitation && result.id !== undefined) {
        try {
          const sent = await invite.mutateAsync(result.id);
          toast({
            title: 'Interview scheduled',
            description: sent.delivered
              ? `${who} was sent an invitation with a calendar file.`
              : `The invitation to ${who} is in the outbox (e-mail is not connected).`,
          });
        } catch (error) {
          toast({
            variant: 'destructive',
            title: 'Interview scheduled, invitation not sent',
            description: serverMessage(error) ?? 'The invitation could not be sent. Try again from the interview.',
          });
        }
      } else {
        toast({ title: 'Interview scheduled', description: `Interview with ${who} is on the schedule.` });
      }
      onClose();
    } catch (error) {
      if (
        showServerFieldErrors(
          error,
          setError,
          ['candidate', 'jobId', 'type', 'when', 'duration', 'interviewers', 'location', 'videoLink', 'notes'],
          { scheduledAt: 'when', candidateId: 'candidate' },
        )
      )
        return;
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to schedule the interview. Please try again.',
      });
    }
  });

  return (
    <FormDialog
      open
      onClose={onClose}
      id="schedule-interview"
      title={candidate ? `Schedule interview with ${candidate.name}` : 'Schedule interview'}
      onSubmit={onSubmit}
      pending={schedule.isPending || invite.isPending}
      submitLabel="Schedule Interview"
      pendingLabel="Scheduling..."
      width={680}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {!candidate && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Controller
              control={control}
              name="candidate"
              render={({ field, fieldState }) => (
                <InterviewCandidatePicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
              )}
            />
          </Box>
        )}
        {job ? (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Typography level="body-sm" textColor="text.secondary">
              For <strong>{job.title}</strong>
            </Typography>
          </Box>
        ) : (
          <FormSelect control={control} name="jobId" label="Job" options={jobOptions} emptyLabel="No job" placeholder="No job" />
        )}
        <FormSelect control={control} name="type" label="Type" options={INTERVIEW_TYPE_CHOICES} />
        <Controller
          control={control}
          name="when"
          render={({ field, fieldState }) => (
            <FormControl required error={Boolean(fieldState.error)}>
              <FormLabel>Date and time</FormLabel>
              <Input
                type="datetime-local"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref, step: 300, 'aria-invalid': fieldState.invalid || undefined } }}
              />
              <FormHelperText data-testid="interview-time-zone">
                {fieldState.error?.message ?? zoneLabel(timeZone, whenIso ? new Date(whenIso) : new Date())}
              </FormHelperText>
            </FormControl>
          )}
        />
        <FormField control={control} name="duration" label="Duration (minutes)" inputMode="numeric" required />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Controller
            control={control}
            name="interviewers"
            render={({ field, fieldState }) => (
              <InterviewersPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
        </Box>
        {whenIso && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <ConflictWarning conflicts={conflicts.data?.conflicts ?? []} askedAt={whenIso} />
          </Box>
        )}
        <FormField control={control} name="location" label="Location" placeholder="Office, address or phone number" />
        <FormField control={control} name="videoLink" label="Video link" inputMode="url" placeholder="https://meet.example.com/..." />
        <FormField control={control} name="notes" label="Notes" minRows={3} sx={{ gridColumn: '1 / -1' }} />
        {canInvite && (
          <Controller
            control={control}
            name="sendInvitation"
            render={({ field }) => (
              <Checkbox
                sx={{ gridColumn: '1 / -1' }}
                label="Send the candidate an invitation with a calendar file"
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
              />
            )}
          />
        )}
      </Box>
    </FormDialog>
  );
}
