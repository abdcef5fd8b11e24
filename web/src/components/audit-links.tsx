import { createContext, useContext } from 'react';
import { ScrollText } from 'lucide-react';
import { ButtonLink, RouterLink } from '@/components/router-links';

/**
 * Whether the screens link into the audit workspace (History's "event #N", a job's "Audit log"):
 * true for the roles that may open it (admins and auditors), provided by the signed-in layout.
 */
export const AuditLinks = createContext(false);

/** History's "event #N": the event in the audit log for those who may open it, plain text otherwise. */
export function AuditEventLink({ position }: { position: number }) {
  if (!useContext(AuditLinks)) return <>event #{position}</>;
  return (
    <RouterLink to="/audit" search={{ event: position }} level="body-xs" aria-label={`Event #${position} in the audit log`}>
      event #{position}
    </RouterLink>
  );
}

/** A job order's events in the audit log (its board's moves, placements and interviews too). */
export function AuditJobLink({ jobId }: { jobId: number }) {
  if (!useContext(AuditLinks)) return null;
  return (
    <ButtonLink to="/audit" search={{ job: jobId }} size="sm" variant="outlined" color="neutral" startDecorator={<ScrollText size={16} />}>
      Audit log
    </ButtonLink>
  );
}
