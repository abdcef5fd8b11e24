import { Suspense, lazy, useState, type ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import { Pencil } from 'lucide-react';
import { SOURCE_LABELS, type Candidate } from '@ats/contracts';
import { formatSalaryK } from '@/lib/format';
import { PersonalInfoFrame } from './personal-info-frame';

// B8: the edit form (react-hook-form and the zod schema) loads on Edit, so a candidate's page
// does not load the forms' code before its first paint
const PersonalInfoEditor = lazy(() => import('./personal-info-editor').then((m) => ({ default: m.PersonalInfoEditor })));

/**
 * SPEC §2.7 personal information. Edit switches the values to input fields
 * (`personal-info-editor.tsx`), starting from the record as it was at the click.
 */
export function PersonalInfoCard({ candidate, canEdit }: { candidate: Candidate; canEdit: boolean }) {
  const [editingFrom, setEditingFrom] = useState<Candidate | null>(null);
  const view = (loading: boolean) => (
    <PersonalInfoFrame
      actions={
        canEdit && (
          <Button
            size="sm"
            variant="outlined"
            color="neutral"
            startDecorator={<Pencil size={16} />}
            loading={loading}
            onClick={() => setEditingFrom(candidate)}
          >
            Edit
          </Button>
        )
      }
    >
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
    </PersonalInfoFrame>
  );
  if (!editingFrom) return view(false);
  return (
    <Suspense fallback={view(true)}>
      <PersonalInfoEditor candidate={candidate} startedFrom={editingFrom} canEdit={canEdit} onDone={() => setEditingFrom(null)} />
    </Suspense>
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
