import { useMemo, useState } from 'react';
import Autocomplete from '@mui/joy/Autocomplete';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import { useQuery } from '@tanstack/react-query';
import { contracts, type Candidate, type Client, type ClientContact } from '@ats/contracts';
import { SendContactEmailDialog, SendEmailDialog } from '@/components/lazy-dialogs';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { callContract } from '@/lib/api-client';
import { useCandidateChoices } from '@/lib/choices';
import { queryKeys } from '@/lib/query-keys';

const listbox = { listbox: { sx: { zIndex: 'calc(var(--joy-zIndex-modal) + 1)', maxHeight: 320 } } };
const fullName = (c: Pick<Candidate, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim();

type Chosen = { kind: 'candidate'; candidate: Candidate } | { kind: 'contact'; contact: ClientContact; client: Client };

/** "New email" in the hub: pick a candidate or a client's contact person, then the compose dialog for them. */
export function NewEmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [kind, setKind] = useState<'candidate' | 'contact'>('candidate');
  const [candidate, setCandidate] = useState<Candidate | null>(null);
  const [candidateInput, setCandidateInput] = useState('');
  const [client, setClient] = useState<Client | null>(null);
  const [contactId, setContactId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);

  const typed = candidate && candidateInput === fullName(candidate) ? '' : candidateInput.trim();
  const candidateSearch = useDebouncedValue(typed, 250);
  const candidates = useCandidateChoices(candidateSearch, open && kind === 'candidate');
  const candidateOptions = useMemo(() => {
    const list = candidates.data ?? [];
    return candidate && !list.some((c) => c.id === candidate.id) ? [candidate, ...list] : list;
  }, [candidates.data, candidate]);
  const clients = useQuery({
    queryKey: queryKeys.clients.list({}),
    queryFn: ({ signal }) => callContract(contracts.listClients, { signal }),
    enabled: open && kind === 'contact',
  });
  const clientDetail = useQuery({
    queryKey: queryKeys.clients.detail(client?.id ?? 0),
    queryFn: ({ signal }) => callContract(contracts.getClient, { params: { id: client!.id }, signal }),
    enabled: open && client !== null,
  });
  const contacts = clientDetail.data?.contacts ?? [];
  const contact = contacts.find((c) => c.id === contactId) ?? null;

  const reset = () => {
    setCandidate(null);
    setCandidateInput('');
    setClient(null);
    setContactId(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const canContinue = kind === 'candidate' ? candidate !== null : contact !== null && Boolean(contact.email);
  const onContinue = () => {
    if (kind === 'candidate' && candidate) setChosen({ kind: 'candidate', candidate });
    else if (kind === 'contact' && contact && client) setChosen({ kind: 'contact', contact, client });
    close();
  };

  return (
    <>
      <Modal open={open} onClose={close}>
        <ModalDialog aria-labelledby="new-email-title" sx={{ width: 'min(520px, calc(100vw - 24px))' }}>
          <ModalClose aria-label="Close" />
          <DialogTitle id="new-email-title">New email</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2, overflow: 'visible' }}>
            <FormControl>
              <FormLabel id="new-email-kind-label">Send to</FormLabel>
              <RadioGroup
                orientation="horizontal"
                aria-labelledby="new-email-kind-label"
                value={kind}
                onChange={(e) => setKind(e.target.value as 'candidate' | 'contact')}
              >
                <Radio value="candidate" label="A candidate" />
                <Radio value="contact" label="A client contact" />
              </RadioGroup>
            </FormControl>
            {kind === 'candidate' ? (
              <FormControl>
                <FormLabel>Candidate</FormLabel>
                <Autocomplete<Candidate>
                  placeholder="Type to search candidates"
                  options={candidateOptions}
                  value={candidate}
                  onChange={(_, picked) => setCandidate(picked)}
                  inputValue={candidateInput}
                  onInputChange={(_, text) => setCandidateInput(text)}
                  getOptionLabel={(c) => `${fullName(c)} <${c.email}>`}
                  getOptionKey={(c) => c.id}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  filterOptions={(list) => list}
                  loading={candidates.isFetching}
                  noOptionsText={candidates.isFetching ? 'Searching…' : 'No candidates found'}
                  slotProps={listbox}
                />
              </FormControl>
            ) : (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <FormControl>
                  <FormLabel>Client</FormLabel>
                  <Autocomplete<Client>
                    placeholder="Type to find a client"
                    options={clients.data ?? []}
                    value={client}
                    onChange={(_, picked) => {
                      setClient(picked);
                      setContactId(null);
                    }}
                    getOptionLabel={(c) => c.companyName}
                    getOptionKey={(c) => c.id}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    loading={clients.isFetching}
                    noOptionsText="No clients found"
                    slotProps={listbox}
                  />
                </FormControl>
                <FormControl disabled={!client}>
                  <FormLabel>Contact</FormLabel>
                  <Autocomplete<ClientContact>
                    placeholder={client ? 'Choose a contact person' : 'Choose a client first'}
                    options={contacts}
                    value={contact}
                    onChange={(_, picked) => setContactId(picked?.id ?? null)}
                    getOptionLabel={(c) => (c.email ? `${c.name} <${c.email}>` : `${c.name} (no e-mail address)`)}
                    getOptionKey={(c) => c.id}
                    getOptionDisabled={(c) => !c.email}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    loading={clientDetail.isFetching}
                    noOptionsText="No contacts yet"
                    slotProps={listbox}
                  />
                  {contact && !contact.email && <FormHelperText>This contact has no e-mail address.</FormHelperText>}
                </FormControl>
              </Box>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onContinue} disabled={!canContinue}>
              Continue
            </Button>
            <Button variant="plain" color="neutral" onClick={close}>
              Cancel
            </Button>
          </DialogActions>
        </ModalDialog>
      </Modal>
      <SendEmailDialog
        open={chosen?.kind === 'candidate'}
        onClose={() => setChosen(null)}
        candidate={chosen?.kind === 'candidate' ? chosen.candidate : undefined}
        defaultTemplate="candidate_outreach"
      />
      {chosen?.kind === 'contact' && chosen.contact.email && (
        <SendContactEmailDialog
          open
          onClose={() => setChosen(null)}
          contact={{ id: chosen.contact.id, name: chosen.contact.name, email: chosen.contact.email, clientName: chosen.client.companyName }}
        />
      )}
    </>
  );
}
