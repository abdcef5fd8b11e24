/** SPEC §2.2: the sidebar entries, in order, plus the AI-Powered Recruiting screen (§2.5) below Analytics. */
export const NAV_ITEMS = [
  { label: 'Dashboard', to: '/', exact: true },
  { label: 'Candidates', to: '/candidates', exact: false },
  { label: 'Clients', to: '/clients', exact: false },
  { label: 'Job Orders', to: '/jobs', exact: true },
  { label: 'Pipeline', to: '/jobs/pipeline', exact: false },
  { label: 'Calendar', to: '/calendar', exact: false },
  { label: 'Tasks', to: '/tasks', exact: false },
  { label: 'Communications', to: '/communications', exact: false },
  { label: 'Analytics', to: '/analytics', exact: false },
  { label: 'AI Assistant', to: '/ai', exact: false },
  { label: 'Integrations', to: '/integrations', exact: false },
] as const;

/** Entries only administrators see (not part of the SPEC's nine). */
export const ADMIN_NAV_ITEMS = [
  { label: 'Team', to: '/team', exact: false },
  { label: 'Backups', to: '/backups', exact: false },
] as const;

/** The audit workspace: admins and auditors (issue 14). */
export const AUDIT_NAV_ITEMS = [{ label: 'Audit', to: '/audit', exact: false }] as const;

/** Data protection (issue 16): possible duplicates for everyone who edits, the retention review for admins. */
export const DUPLICATES_NAV_ITEMS = [{ label: 'Duplicates', to: '/privacy/duplicates', exact: false }] as const;
export const RETENTION_NAV_ITEMS = [{ label: 'Retention', to: '/privacy/retention', exact: false }] as const;

export type NavItem =
  | (typeof NAV_ITEMS)[number]
  | (typeof ADMIN_NAV_ITEMS)[number]
  | (typeof AUDIT_NAV_ITEMS)[number]
  | (typeof DUPLICATES_NAV_ITEMS)[number]
  | (typeof RETENTION_NAV_ITEMS)[number];
export type NavPath = NavItem['to'];

/** The sidebar entries for a role: the ten, plus Team and Backups for admins and Audit for admins and auditors. */
export function navItemsFor(role: string | null | undefined): readonly NavItem[] {
  const audit = role === 'admin' || role === 'auditor' ? AUDIT_NAV_ITEMS : [];
  const editor = role === 'admin' || role === 'manager' || role === 'recruiter';
  const privacy = role === 'admin' ? [...DUPLICATES_NAV_ITEMS, ...RETENTION_NAV_ITEMS] : editor ? DUPLICATES_NAV_ITEMS : [];
  return role === 'admin' ? [...NAV_ITEMS, ...ADMIN_NAV_ITEMS, ...audit, ...privacy] : [...NAV_ITEMS, ...audit, ...privacy];
}

/** Whether a sidebar entry is the current one. `/jobs` is exact so Pipeline does not light it. */
export function isNavItemActive(pathname: string, item: Pick<NavItem, 'to' | 'exact'>): boolean {
  const path = pathname.length > 1 ? trimTrailingSlashes(pathname) : pathname;
  if (item.exact) return path === item.to;
  return path === item.to || path.startsWith(`${item.to}/`);
}

// A loop, not /\/+$/: that regex retries from every slash of a long run (quadratic on '////…x').
function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}
