export { currentUserQueryOptions, getCurrentUser, useCurrentUser } from './api/get-current-user';
export { fullName, roleLabel } from './utils/user-display';
