export { currentUserQueryOptions, getCurrentUser, useCurrentUser } from './api/get-current-user';
export { useCanEdit } from './hooks/use-can-edit';
export { canEdit } from './utils/permissions';
export { fullName, roleLabel } from './utils/user-display';
