import type { CurrentUser } from '@ats/contracts';

const ROLE_LABELS: Record<string, string> = {
  admin: 'Administrator',
  manager: 'Hiring Manager',
  recruiter: 'Recruiter',
  auditor: 'Auditor',
};

/** SPEC §2.2/§6: a human label for the role; 'Senior Recruiter' when no role is present. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return 'Senior Recruiter';
  return ROLE_LABELS[role] ?? role.charAt(0).toUpperCase() + role.slice(1);
}

export function fullName(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
}
