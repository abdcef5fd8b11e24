import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, isNavItemActive, navItemsFor } from './nav-items';

const active = (pathname: string) => NAV_ITEMS.filter((item) => isNavItemActive(pathname, item)).map((item) => item.label);

describe('sidebar highlighting', () => {
  it('lists the nine entries in order', () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'Dashboard',
      'Candidates',
      'Clients',
      'Job Orders',
      'Pipeline',
      'Calendar',
      'Communications',
      'Analytics',
      'Integrations',
    ]);
  });
  it('highlights exactly the current entry', () => {
    expect(active('/')).toEqual(['Dashboard']);
    expect(active('/candidates/12')).toEqual(['Candidates']);
    expect(active('/jobs')).toEqual(['Job Orders']);
    expect(active('/jobs/pipeline')).toEqual(['Pipeline']);
    expect(active('/clients/')).toEqual(['Clients']);
    expect(active('/nowhere')).toEqual([]);
  });
  it('adds Team for admins only', () => {
    expect(navItemsFor('admin').map((item) => item.label)).toContain('Team');
    expect(navItemsFor('recruiter').map((item) => item.label)).not.toContain('Team');
    expect(navItemsFor(undefined)).toHaveLength(9);
  });
});
