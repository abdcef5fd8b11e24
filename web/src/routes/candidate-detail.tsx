import { createRoute } from '@tanstack/react-router';
import { IdParamSchema, messages } from '@ats/contracts';
import { ArrowLeft, UserRound } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';
import { ButtonLink } from '@/components/router-links';
import { EmptyState } from '@/components/empty-state';
import { rootRoute } from './__root';

export const candidateDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/candidates/$id',
  component: CandidateDetailScreen,
});

const backButton = (
  <ButtonLink to="/candidates" variant="outlined" color="neutral" startDecorator={<ArrowLeft size={16} />}>
    Back to Candidates
  </ButtonLink>
);

function CandidateDetailScreen() {
  const params = candidateDetailRoute.useParams();
  // SPEC §2.7: the id must be numeric; anything else is not a lookup but a message.
  const parsed = IdParamSchema.safeParse(params);
  if (!parsed.success) {
    return <EmptyState icon={<UserRound size={28} />} title={messages.invalidCandidateId} headingLevel="h1" action={backButton} />;
  }
  return (
    <ComingSoon
      title="Candidate Profile"
      icon={<UserRound size={28} />}
      heading="The candidate profile arrives soon"
      description={`Profile, notes, communications and attached jobs for candidate #${parsed.data.id} are coming in the next release.`}
      action={backButton}
    />
  );
}
