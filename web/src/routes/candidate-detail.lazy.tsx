import { useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import { UserRound } from 'lucide-react';
import { messages } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { useCanEdit } from '@/features/auth';
import { DocumentTitle } from '@/components/document-title';
import { CandidateDetailPage, backToCandidates } from '@/features/candidates/components/detail/candidate-detail-page';
import { FollowToggle } from '@/features/notifications';
import { useCurrentUser } from '@/features/auth';
import { useCandidate } from '@/features/candidates/api/get-candidate';
// the components, not the feature's index: it also brings the privacy screens and their forms (B8)
import { CandidateMergeNotices } from '@/features/privacy/components/candidate-merge-notices';
import { ErasedNotice } from '@/features/privacy/components/erased-notice';
import { PrivacyCard } from '@/features/privacy/components/privacy-card';
import { PrivacyMenu } from '@/features/privacy/components/privacy-menu';
import { parseId } from '@/lib/search-params';

const route = getRouteApi('/candidates/$id');

export function CandidateDetailScreen() {
  const params = route.useParams();
  const { asOf } = route.useSearch();
  const navigate = route.useNavigate();
  const canEdit = useCanEdit();
  const [erasedAt, setErasedAt] = useState<string | null>(null);
  // SPEC §2.7: the id must be numeric; anything else is not a lookup but a message.
  const id = parseId(params.id);
  if (id === undefined) {
    return (
      <>
        <DocumentTitle parts={[messages.invalidCandidateId, 'Candidates']} />
        <Box sx={{ mb: 2 }}>{backToCandidates}</Box>
        <Card variant="outlined">
          <EmptyState icon={<UserRound size={28} />} title={messages.invalidCandidateId} headingLevel="h1" />
        </Card>
      </>
    );
  }
  if (erasedAt) {
    return (
      <>
        <DocumentTitle parts={['Personal data erased', 'Candidates']} />
        <Box sx={{ mb: 2 }}>{backToCandidates}</Box>
        <ErasedNotice what="candidate" erasedAt={erasedAt} />
      </>
    );
  }
  return (
    <CandidateDetailPage
      key={id}
      id={id}
      canEdit={canEdit}
      headerAction={
        <>
          <FollowToggle kind="candidate" id={id} />
          <AdminPrivacyMenu id={id} onErased={setErasedAt} />
        </>
      }
      notices={<CandidateMergeNotices id={id} canEdit={canEdit} />}
      profileCards={<CandidatePrivacyCard id={id} canEdit={canEdit} />}
      asOf={asOf}
      onAsOfChange={(next) => void navigate({ search: (prev) => ({ ...prev, asOf: next }) })}
    />
  );
}

/** the Privacy card; none on an anonymised record (no person is known any more, so no consent to hold) */
function CandidatePrivacyCard({ id, canEdit }: { id: number; canEdit: boolean }) {
  const { data: candidate } = useCandidate(id);
  if (!candidate || candidate.anonymised) return null;
  return <PrivacyCard candidateId={id} canEdit={canEdit} />;
}

/** admins only: subject access and erasure, in the record's menu */
function AdminPrivacyMenu({ id, onErased }: { id: number; onErased: (erasedAt: string) => void }) {
  const { data: user } = useCurrentUser();
  const { data: candidate } = useCandidate(id);
  if (user?.role !== 'admin' || !candidate) return null;
  return (
    <PrivacyMenu
      kind="candidate"
      id={id}
      name={`${candidate.firstName} ${candidate.lastName}`.trim()}
      onErased={(result) => onErased(result.erasedAt)}
    />
  );
}
