import { describe, expect, it } from 'vitest';
import { TasksSearchSchema, toTaskQuery } from './task-filters';

describe('the Tasks screen’s URL', () => {
  it('defaults to my open tasks, and ignores bad values', () => {
    const search = TasksSearchSchema.parse({ tab: 'everyone', due: 'yesterday', priority: 'high' });
    expect(toTaskQuery(search)).toEqual({ scope: 'mine', status: 'open', priority: 'high' });
  });
  it('applies the assignee only to All tasks', () => {
    expect(toTaskQuery({ tab: 'mine', assignee: 'u1' }).assignee).toBeUndefined();
    expect(toTaskQuery({ tab: 'all', assignee: 'u1', due: 'overdue', related: 'job' })).toMatchObject({
      scope: 'all',
      assignee: 'u1',
      due: 'overdue',
      related: 'job',
    });
  });
});
