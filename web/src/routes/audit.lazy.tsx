import { useMemo } from 'react';
import Box from '@mui/joy/Box';
import { getRouteApi } from '@tanstack/react-router';
import { RoleOnly } from '@/components/role-only';
import { useCurrentUser } from '@/features/auth';
import { AuditPage } from '@/features/audit/components/audit-page';
import { useJobs } from '@/features/jobs/api/get-jobs';
import { jobName } from '@/lib/attach';
import { ProjectionHealthPanel } from '@/features/projections/components/projection-health-panel';
import type { AuditSearch } from '@/features/audit/utils/audit-search';
import { useDocumentTitle } from '@/hooks/use-document-title';

const route = getRouteApi('/audit');

export function AuditScreen() {
  const { data: user } = useCurrentUser();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  useDocumentTitle('Audit');
  const { data: jobs } = useJobs();
  const jobOptions = useMemo(() => (jobs ?? []).map((job) => ({ id: job.id, label: jobName(job) })), [jobs]);
  if (!user) return null;
  if (user.role !== 'admin' && user.role !== 'auditor') {
    return (
      <RoleOnly
        who="Administrators and auditors"
        description="The audit workspace shows the whole event log; ask an administrator for access."
      />
    );
  }
  return (
    <>
      <AuditPage search={search} jobs={jobOptions} onSearchChange={(next: AuditSearch) => void navigate({ search: next, replace: true })} />
      {/* projection health: admins only */}
      {user.role === 'admin' && (
        <Box sx={{ mt: 2 }}>
          <ProjectionHealthPanel />
        </Box>
      )}
    </>
  );
}
