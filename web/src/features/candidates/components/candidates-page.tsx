import { useMemo, useState, type ReactNode } from 'react';
import Badge from '@mui/joy/Badge';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import { useAtom, useAtomValue } from 'jotai';
import { Plus, SlidersHorizontal, UserPlus, Users } from 'lucide-react';
import { limits, type Candidate } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { SearchInput } from '@/components/search-input';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useRealtimeRoom } from '@/lib/realtime';
import { useCandidates } from '../api/get-candidates';
import { useDeleteCandidate } from '../api/delete-candidate';
import { candidateFiltersAtom, candidateFiltersOpenAtom } from '../state/candidate-filters';
import { filterCandidates, hasActiveFilters } from '../utils/filter-candidates';
import { AddCandidateDialog } from './add-candidate-dialog';
import { CandidateCard, CandidateCardSkeleton, type CandidateCardAction } from './candidate-card';
import { CandidateFiltersPanel } from './candidate-filters-panel';

const ACTION_LABELS: Record<CandidateCardAction, string> = {
  email: 'Email',
  'ai-analysis': 'AI Analysis',
  'ai-toolkit': 'AI Toolkit',
  resume: 'Resume',
};

interface CandidatesPageProps {
  search: string;
  onSearchChange: (search: string) => void;
}

/** SPEC §2.6: the candidate list, live through the `candidates` room. */
export function CandidatesPage({ search, onSearchChange }: CandidatesPageProps) {
  useRealtimeRoom('candidates');
  const { data, isPending, isError, error } = useCandidates({ search });
  const filters = useAtomValue(candidateFiltersAtom);
  const [filtersOpen, setFiltersOpen] = useAtom(candidateFiltersOpenAtom);
  const [adding, setAdding] = useState(false);
  const deleteCandidate = useDeleteCandidate();

  const candidates = useMemo(() => filterCandidates(data ?? [], filters), [data, filters]);
  const filtering = hasActiveFilters(filters);

  const onAction = (action: CandidateCardAction) =>
    toast({ title: 'Coming soon', description: `${ACTION_LABELS[action]} will be available in an upcoming release.` });

  const onDelete = (candidate: Candidate) =>
    deleteCandidate.mutate(candidate.id, {
      onSuccess: () => toast({ title: 'Candidate deleted' }),
      onError: () =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to delete candidate. Please try again.',
        }),
    });

  return (
    <>
      <PageHeader
        title="Candidates"
        subtitle="Executive talent you are tracking, live for your whole team."
        actions={
          <Button startDecorator={<Plus size={18} />} onClick={() => setAdding(true)}>
            Add Candidate
          </Button>
        }
      />
      <Box sx={{ display: 'flex', gap: 1.5, mb: 2.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <SearchInput
          value={search}
          onChange={onSearchChange}
          placeholder="Search candidates..."
          label="Search candidates"
          sx={{ flex: 1, minWidth: 220 }}
        />
        <Badge invisible={!filtering} color="primary" size="sm" badgeInset="4px">
          <Button
            variant={filtersOpen ? 'soft' : 'outlined'}
            color={filtersOpen ? 'primary' : 'neutral'}
            startDecorator={<SlidersHorizontal size={18} />}
            aria-expanded={filtersOpen}
            aria-controls="candidate-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            Filters
          </Button>
        </Badge>
      </Box>
      {filtersOpen && <CandidateFiltersPanel count={candidates.length} />}

      {isPending ? (
        <CardGrid aria-busy="true" aria-label="Loading candidates">
          {Array.from({ length: limits.listSkeletons }, (_, index) => (
            <CandidateCardSkeleton key={index} />
          ))}
        </CardGrid>
      ) : isError ? (
        <Card variant="soft" color="danger">
          <EmptyState title="Could not load candidates" description={serverMessage(error) ?? error.message} />
        </Card>
      ) : candidates.length === 0 ? (
        <Card variant="outlined">
          <EmptyState
            icon={<Users size={28} />}
            title="No candidates found"
            description={search || filtering ? 'Try adjusting your search terms' : 'Start by adding your first candidate'}
            action={
              !search && !filtering ? (
                <Button startDecorator={<UserPlus size={18} />} onClick={() => setAdding(true)}>
                  Add Candidate
                </Button>
              ) : undefined
            }
          />
        </Card>
      ) : (
        <CardGrid aria-label="Candidates">
          {candidates.map((candidate) => (
            <CandidateCard
              key={candidate.id}
              candidate={candidate}
              onAction={onAction}
              onDelete={onDelete}
              deleting={deleteCandidate.isPending && deleteCandidate.variables === candidate.id}
            />
          ))}
        </CardGrid>
      )}
      <AddCandidateDialog open={adding} onClose={() => setAdding(false)} />
    </>
  );
}

function CardGrid({ children, ...rest }: { children: ReactNode; 'aria-label': string; 'aria-busy'?: 'true' }) {
  return (
    <Box
      component="section"
      {...rest}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        alignItems: 'stretch',
      }}
    >
      {children}
    </Box>
  );
}
