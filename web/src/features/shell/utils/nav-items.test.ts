import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, isNavItemActive, navItemsFor } from './nav-items';

const active = (pathname: string) => NAV_ITEMS.filter((item) => isNavItemActive(pathname, item)).map((item) => item.label);

describe('sidebar highlighting', () => {
  it('lists the nine SPEC entries in order, with Tasks after Calendar and AI Assistant below Analytics', () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'Dashboard',
      'Candidates',
      'Clients',
      'Job Orders',
      'Pipeline',
      'Calendar',
      'Tasks',
      'Communications',
      'Analytics',
      'AI Assistant',
      'Integrations',
    ]);
  });
  it('highlights exactly the current entry', () => {
    expect(active('/')).toEqual(['Dashboard']);
    expect(active('/candidates/12')).toEqual(['Candidates']);
    expect(active('/jobs')).toEqual(['Job Orders']);
    expect(active('/jobs/pipeline')).toEqual(['Pipeline']);
    expect(active('/clients/')).toEqual(['Clients']);
    expect(active('/ai')).toEqual(['AI Assistant']);
    expect(active('/tasks')).toEqual(['Tasks']);
    expect(active('/nowhere')).toEqual([]);
  });
  it('adds Team for admins only', () => {
    expect(navItemsFor('admin').map((item) => item.label)).toContain('Team');
    expect(navItemsFor('recruiter').map((item) => item.label)).not.toContain('Team');
    expect(navItemsFor('admin').map((item) => item.label)).toContain('Backups');
    expect(navItemsFor('manager').map((item) => item.label)).not.toContain('Backups');
    expect(navItemsFor(undefined)).toHaveLength(11);
  });
  it('adds Audit for admins and auditors only', () => {
    expect(navItemsFor('admin').map((item) => item.label)).toContain('Audit');
    expect(navItemsFor('auditor').map((item) => item.label)).toEqual([...NAV_ITEMS.map((item) => item.label), 'Audit']);
    expect(navItemsFor('manager').map((item) => item.label)).not.toContain('Audit');
    expect(navItemsFor('recruiter').map((item) => item.label)).not.toContain('Audit');
  });
  it('adds Duplicates for those who edit and Retention for admins only', () => {
    expect(
      navItemsFor('admin')
        .map((item) => item.label)
        .slice(-2),
    ).toEqual(['Duplicates', 'Retention']);
    expect(navItemsFor('recruiter').map((item) => item.label)).toContain('Duplicates');
    expect(navItemsFor('recruiter').map((item) => item.label)).not.toContain('Retention');
    expect(navItemsFor('auditor').map((item) => item.label)).not.toContain('Duplicates');
  });
});
