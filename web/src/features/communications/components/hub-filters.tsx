import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import ChipDelete from '@mui/joy/ChipDelete';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import { EMAIL_TEMPLATE_INFO, EMAIL_TEMPLATE_NAMES, RECIPIENT_KINDS, type RecipientKind } from '@ats/contracts';
import { SearchInput } from '@/components/search-input';
import { useCommunicationSenders } from '../api/get-communications';
import { isFiltered, type HubSearch } from '../utils/hub-filters';

const ALL = 'all';

export const RECIPIENT_KIND_LABELS: Record<RecipientKind, string> = {
  candidate: 'Candidates',
  contact: 'Client contacts',
  other: 'Other addresses',
};

function FilterSelect({
  id,
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <FormControl sx={{ minWidth: 0 }}>
      <FormLabel id={`${id}-label`}>{label}</FormLabel>
      <Select<string>
        sx={{ minWidth: 0 }}
        value={value ?? ALL}
        onChange={(_, next) => onChange(next && next !== ALL ? next : undefined)}
        slotProps={{ button: { id: `${id}-button`, 'aria-labelledby': `${id}-label ${id}-button` } }}
      >
        <Option value={ALL}>{allLabel}</Option>
        {options.map((o) => (
          <Option key={o.value} value={o.value}>
            {o.label}
          </Option>
        ))}
        {value && !options.some((o) => o.value === value) && <Option value={value}>{value}</Option>}
      </Select>
    </FormControl>
  );
}

/** Search words and filters of the hub; each change is a new URL search (the open message closes). */
export function HubFilters({ search, onChange }: { search: HubSearch; onChange: (next: HubSearch) => void }) {
  const senders = useCommunicationSenders();
  const set = (patch: Partial<HubSearch>) => onChange({ ...search, open: undefined, ...patch });
  return (
    <Box role="group" aria-label="Filter e-mails" sx={{ display: 'grid', gap: 1.5 }}>
      {search.recipient !== undefined && (
        <Box>
          <Chip
            variant="soft"
            color="primary"
            endDecorator={<ChipDelete aria-label="Show every recipient" onDelete={() => set({ recipient: undefined })} />}
          >
            Only e-mails to one {search.recipientKind === 'contact' ? 'contact' : 'candidate'}
          </Chip>
        </Box>
      )}
      {search.client !== undefined && (
        <Box>
          <Chip
            variant="soft"
            color="primary"
            endDecorator={<ChipDelete aria-label="Show every client" onDelete={() => set({ client: undefined })} />}
          >
            Only e-mails to one client&apos;s contacts
          </Chip>
        </Box>
      )}
      <SearchInput
        value={search.q ?? ''}
        onChange={(q) => set({ q: q || undefined })}
        placeholder="Search subject, message or recipient..."
        label="Search e-mails"
      />
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          alignItems: 'end',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr)) auto' },
        }}
      >
        <FilterSelect
          id="hub-template"
          label="Template"
          value={search.template}
          allLabel="All templates"
          options={EMAIL_TEMPLATE_NAMES.map((t) => ({ value: t, label: EMAIL_TEMPLATE_INFO[t].label }))}
          onChange={(v) => set({ template: v as HubSearch['template'] })}
        />
        <FilterSelect
          id="hub-sender"
          label="Sender"
          value={search.sender}
          allLabel="All senders"
          options={(senders.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(v) => set({ sender: v })}
        />
        <FilterSelect
          id="hub-recipient-kind"
          label="Recipient"
          value={search.recipientKind}
          allLabel="All recipients"
          options={RECIPIENT_KINDS.map((k) => ({ value: k, label: RECIPIENT_KIND_LABELS[k] }))}
          onChange={(v) => set({ recipientKind: v as HubSearch['recipientKind'], recipient: undefined })}
        />
        <FilterSelect
          id="hub-delivered"
          label="Delivery"
          value={search.delivered}
          allLabel="All e-mails"
          options={[
            { value: 'true', label: 'Delivered' },
            { value: 'false', label: 'Kept in the outbox' },
          ]}
          onChange={(v) => set({ delivered: v as HubSearch['delivered'] })}
        />
        <FormControl sx={{ minWidth: 0 }}>
          <FormLabel>From</FormLabel>
          <Input type="date" value={search.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
        </FormControl>
        <FormControl sx={{ minWidth: 0 }}>
          <FormLabel>To</FormLabel>
          <Input type="date" value={search.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
        </FormControl>
        <Button
          variant="plain"
          color="neutral"
          disabled={!isFiltered(search)}
          onClick={() => onChange({ tab: search.tab })}
          sx={{ gridColumn: { xs: '1 / -1', lg: 'auto' }, justifySelf: { xs: 'start', lg: 'auto' } }}
        >
          Clear filters
        </Button>
      </Box>
    </Box>
  );
}
