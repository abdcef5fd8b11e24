import type { CurrentUser } from '@ats/contracts';

/**
 * Whether a user may issue commands: everyone signed in except an auditor, who reads only (the
 * server answers 403 to an auditor's every command). Nobody while the user is unknown.
 */
export function canEdit(user: Pick<CurrentUser, 'role'> | null | undefined): boolean {
  return user != null && user.role !== 'auditor';
}
