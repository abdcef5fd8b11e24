import { useCurrentUser } from '../api/get-current-user';
import { canEdit } from '../utils/permissions';

/**
 * False for an auditor: screens hide (or disable) what would only be refused. Screens render
 * inside the signed-in shell, so the user is already known there and nothing flickers.
 */
export function useCanEdit(): boolean {
  const { data: user } = useCurrentUser();
  return canEdit(user);
}
