import { useState } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Textarea from '@mui/joy/Textarea';
import { ConsentBodySchema, ConsentStateSchema, LawfulBasisSchema, type ConsentState, type LawfulBasis } from '@ats/contracts';
import { FormDialog } from '@/components/form-dialog';
import { serverMessage } from '@/lib/api-client';
import { useRecordConsent } from '../api/consent';
import { BASIS_LABELS, CONSENT_STATE_LABELS } from '../utils/labels';

type Draft = { basis: LawfulBasis; state: ConsentState; source: string; date: string; note: string };

/** The candidate's lawful basis and consent: the Privacy card's edit dialog. */
export function ConsentDialog({
  candidateId,
  initial,
  onClose,
}: {
  candidateId: number;
  initial: Omit<Draft, 'date'> | null;
  onClose: () => void;
}) {
  const record = useRecordConsent(candidateId);
  const [draft, setDraft] = useState<Draft>({
    basis: initial?.basis ?? 'consent',
    state: initial?.state ?? 'pending',
    source: initial?.source ?? '',
    note: initial?.note ?? '',
    date: new Date().toISOString().slice(0, 10),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = ConsentBodySchema.safeParse({
      basis: draft.basis,
      state: draft.state,
      source: draft.source,
      recordedAt: draft.date ? `${draft.date}T00:00:00.000Z` : '',
      note: draft.note || null,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    record.mutate(parsed.data, { onSuccess: onClose });
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      title="Consent and lawful basis"
      id="consent"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      pending={record.isPending}
      submitLabel="Save"
      pendingLabel="Saving..."
      width={520}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {record.isError && <Alert color="danger">{serverMessage(record.error) ?? record.error.message}</Alert>}
        <FormControl>
          <FormLabel id="consent-basis-label">Lawful basis</FormLabel>
          <Select aria-labelledby="consent-basis-label" value={draft.basis} onChange={(_, v) => v && setDraft((d) => ({ ...d, basis: v }))}>
            {LawfulBasisSchema.options.map((b) => (
              <Option key={b} value={b}>
                {BASIS_LABELS[b]}
              </Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormLabel id="consent-state-label">Consent</FormLabel>
          <Select aria-labelledby="consent-state-label" value={draft.state} onChange={(_, v) => v && setDraft((d) => ({ ...d, state: v }))}>
            {ConsentStateSchema.options.map((s) => (
              <Option key={s} value={s}>
                {CONSENT_STATE_LABELS[s]}
              </Option>
            ))}
          </Select>
        </FormControl>
        <FormControl error={Boolean(errors.source)} required>
          <FormLabel>Source</FormLabel>
          <Input
            value={draft.source}
            placeholder="e.g. e-mail reply, signed terms"
            onChange={(e) => setDraft((d) => ({ ...d, source: e.target.value }))}
          />
          {errors.source && <FormHelperText>{errors.source}</FormHelperText>}
        </FormControl>
        <FormControl error={Boolean(errors.recordedAt)} required>
          <FormLabel>Date</FormLabel>
          <Input type="date" value={draft.date} onChange={(e) => setDraft((d) => ({ ...d, date: e.target.value }))} />
          {errors.recordedAt && <FormHelperText>{errors.recordedAt}</FormHelperText>}
        </FormControl>
        <FormControl>
          <FormLabel>Note</FormLabel>
          <Textarea minRows={2} value={draft.note} onChange={(e) => setDraft((d) => ({ ...d, note: e.target.value }))} />
        </FormControl>
      </Box>
    </FormDialog>
  );
}
