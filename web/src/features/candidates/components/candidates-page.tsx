import { useCallback, useMemo, useState } from 'react';
import Badge from '@mui/joy/Badge';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import CircularProgress from '@mui/joy/CircularProgress';
import { useAtom, useAtomValue } from 'jotai';
import { Plus, SlidersHorizontal, UserPlus, Users } from 'lucide-react';
import { limits, type Candidate } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { VisuallyHidden } from '@/components/visually-hidden';
import { PageHeader } from '@/components/page-header';
import { SearchInput } from '@/components/search-input';
import {
  AiAnalysisDialog,
  AiToolkitDialog,
  AttachJobsDialog,
  LazyAddCandidateDialog,
  SendEmailDialog,
  UploadResumeDialog,
} from '@/components/lazy-dialogs';
import { serverMessage } from '@/lib/api-client';
import { useRealtimeRoom } from '@/lib/realtime';
import { useCandidateCount } from '../api/count-candidates';
import { useCandidates } from '../api/get-candidates';
import { useCandidateDeletion } from '../hooks/use-candidate-deletion';
import { candidateFiltersAtom, candidateFiltersOpenAtom } from '../state/candidate-filters';
import { hasActiveFilters, toCandidateListParams } from '../utils/filter-candidates';
import { FIRST_PAINT_GRID_CARDS, useAfterFirstPaint } from '@/hooks/use-after-first-paint';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useLoadMoreSentinel } from '@/hooks/use-load-more-sentinel';
import { CandidateCard, CandidateCardSkeleton, type CandidateCardAction } from './candidate-card';
import { CandidateFiltersPanel } from './candidate-filters-panel';
import { CardGrid } from '@/components/card-grid';
import { ExportCsvButton, ImportCsvButton } from '@/components/data-io';

interface CandidatesPageProps {
  search: string;
  onSearchChange: (search: string) => void;
  /** false for a read-only user: no Add Candidate and no card actions */
  canEdit: boolean;
}

/** SPEC §2.6: the candidate list, live through the `candidates` room. */
export function CandidatesPage({ search, onSearchChange, canEdit }: CandidatesPageProps) {
  useRealtimeRoom('candidates');
  const filters = useAtomValue(candidateFiltersAtom);
  // the filter panel is applied by the server; typing in it is debounced like the search box
  const debouncedFilters = useDebouncedValue(filters, 300);
  const params = useMemo(() => toCandidateListParams(search, debouncedFilters), [search, debouncedFilters]);
  const { data, isPending, isError, error, hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage } = useCandidates(params);
  const [filtersOpen, setFiltersOpen] = useAtom(candidateFiltersOpenAtom);
  const filtering = hasActiveFilters(filters);
  // also asked while a search or filter narrows the list: the result count is announced
  const count = useCandidateCount(params, filtersOpen || Boolean(search) || filtering);
  const settledCount = count.isPlaceholderData ? undefined : count.data?.count;
  const [adding, setAdding] = useState(false);
  const deletion = useCandidateDeletion();

  const loaded = useMemo(() => uniqueCandidates(data?.pages), [data]);
  // B8: the first render with cards shows the few a screen holds, the rest right after its paint
  const allShown = useAfterFirstPaint(loaded.length > FIRST_PAINT_GRID_CARDS);
  const candidates = useMemo(() => (allShown ? loaded : loaded.slice(0, FIRST_PAINT_GRID_CARDS)), [allShown, loaded]);
  // the sentinel waits for them: below the first few cards it would ask for the next page at once
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isPlaceholderData && allShown;
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const sentinelRef = useLoadMoreSentinel(loadMore, { enabled: canLoadMore, rootMargin: '0px 0px 600px 0px' });

  const [dialog, setDialog] = useState<{ action: CandidateCardAction; candidate: Candidate } | null>(null);
  const onAction = useCallback((action: CandidateCardAction, candidate: Candidate) => setDialog({ action, candidate }), []);
  const closeDialog = () => setDialog(null);

  return (
    <>
      <PageHeader
        title="Candidates"
        subtitle="Executive talent you are tracking, live for your whole team."
        actions={
          <>
            {/* the export takes the list's search and filters as the server applies them */}
            <ExportCsvButton list="candidates" filters={{ ...params }} />
            {canEdit && <ImportCsvButton kind="candidates" />}
            {canEdit && (
              <Button startDecorator={<Plus size={18} />} onClick={() => setAdding(true)}>
                Add Candidate
              </Button>
            )}
          </>
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
      {filtersOpen && <CandidateFiltersPanel count={count.data?.count} />}
      {/* With the panel closed nothing on screen says how many matched: tell screen readers
          (the open panel's own count line is a live region already). */}
      <VisuallyHidden>
        <span role="status" data-testid="candidate-result-count">
          {!filtersOpen && (search || filtering) && settledCount !== undefined ? `${settledCount} candidates found` : ''}
        </span>
      </VisuallyHidden>

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
            description={
              search || filtering
                ? 'Try adjusting your search terms'
                : canEdit
                  ? 'Start by adding your first candidate'
                  : 'No candidates have been added yet'
            }
            action={
              canEdit && !search && !filtering ? (
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
              onAction={canEdit ? onAction : undefined}
              onDelete={canEdit ? deletion.askDelete : undefined}
              deleting={deletion.deletingId === candidate.id}
            />
          ))}
        </CardGrid>
      )}
      {!isPending && !isError && hasNextPage && (
        <Box ref={sentinelRef} sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1.5, mt: 3 }}>
          {isFetchingNextPage ? (
            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CircularProgress size="sm" variant="plain" aria-hidden />
              Loading more candidates…
            </Box>
          ) : (
            <Button variant="outlined" color="neutral" onClick={loadMore} disabled={!canLoadMore}>
              Load more
            </Button>
          )}
        </Box>
      )}
      {canEdit && <LazyAddCandidateDialog open={adding} onClose={() => setAdding(false)} />}
      {canEdit && deletion.dialog}
      {canEdit && dialog && (
        <>
          <SendEmailDialog
            open={dialog.action === 'email'}
            onClose={closeDialog}
            candidate={dialog.candidate}
            defaultTemplate="candidate_outreach"
          />
          <AiAnalysisDialog open={dialog.action === 'ai-analysis'} onClose={closeDialog} candidate={dialog.candidate} />
          <AiToolkitDialog open={dialog.action === 'ai-toolkit'} onClose={closeDialog} candidate={dialog.candidate} />
          <UploadResumeDialog open={dialog.action === 'resume'} onClose={closeDialog} candidate={dialog.candidate} />
          <AttachJobsDialog
            open={dialog.action === 'attach'}
            onClose={closeDialog}
            candidate={{ id: dialog.candidate.id, name: `${dialog.candidate.firstName} ${dialog.candidate.lastName}`.trim() }}
          />
        </>
      )}
    </>
  );
}

/** The loaded pages as one list; a card fetched twice (the list shifted between pages) shows once. */
function uniqueCandidates(pages: readonly { items: Candidate[] }[] | undefined): Candidate[] {
  const seen = new Set<number>();
  const out: Candidate[] = [];
  for (const page of pages ?? []) {
    for (const candidate of page.items) {
      if (seen.has(candidate.id)) continue;
      seen.add(candidate.id);
      out.push(candidate);
    }
  }
  return out;
}
