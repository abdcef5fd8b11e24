import { ROLES } from '@ats/contracts';

const LABELS: Record<string, string> = {
  admin: 'Administrator',
  manager: 'Hiring Manager',
  recruiter: 'Recruiter',
  auditor: 'Auditor (read-only)',
};

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: LABELS[role] ?? role }));
