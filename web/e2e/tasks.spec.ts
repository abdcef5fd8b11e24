import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from './support/api';
import { browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { addUser, useTwoUserWorld } from './support/server';

const dayOffset = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe.skipIf(browserSkipReason !== null)('tasks', () => {
  const w = useTwoUserWorld();

  async function open(user: { email: string; password: string }, path: string) {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto(path);
    return { context, page };
  }
  const row = (page: Page, title: string) => page.getByTestId('task-row').filter({ hasText: title });

  it('creates a task from a candidate page, completes, reassigns, deletes and undoes it; the other user sees it live', async () => {
    const title = `Call back ${randomUUID().slice(0, 6)}`;
    // Ben watches every task
    const b = await open(w.ben, '/tasks?tab=all');
    await b.page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
    await b.page.getByRole('list', { name: 'All tasks' }).waitFor();

    const a = await open(w.ann, '/');
    const [candidate] = await apiCall<Array<{ id: number; firstName: string; lastName: string }>>(a.page, 'GET', '/api/candidates?limit=1');
    const name = `${candidate!.firstName} ${candidate!.lastName}`;
    await a.page.goto(`/candidates/${candidate!.id}`);
    const section = a.page.getByTestId('record-tasks');
    await section.getByRole('button', { name: 'Add task' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'New Task' });
    await dialog.waitFor();
    await dialog.getByTestId('task-related').getByText(`Candidate: ${name}`).waitFor();
    // a title is required
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Due date').fill(dayOffset(-3));
    await dialog.getByRole('combobox', { name: /Priority/ }).click();
    await a.page.getByRole('option', { name: 'High' }).click();
    await screenshot(a.page, 'task-dialog');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(a.page, title).waitFor();

    // Ben's list shows it live, about the candidate, assigned to Ann
    const bRow = row(b.page, title);
    await bRow.waitFor({ timeout: 5000 });
    await bRow.getByText('Assigned to Ann Lee').waitFor();
    await bRow.getByRole('link', { name }).waitFor();

    // on Ann's dashboard and in My tasks, overdue in red
    await a.page.goto('/');
    await a.page.getByTestId('task-item').filter({ hasText: title }).waitFor();
    await a.page.goto('/tasks');
    const mine = row(a.page, title);
    const due = mine.getByTestId('task-due');
    await due.getByText(/^Overdue · due \w{3} \d{1,2} \w{3}$/).waitFor();
    const color = await due.evaluate((el) => getComputedStyle(el).color);
    expect(color).toMatch(/rgb\((\d+), (\d+), (\d+)\)/);
    const [r, g] = color.match(/\d+/g)!.map(Number);
    expect(r!).toBeGreaterThan(g! + 60); // red
    await screenshot(a.page, 'tasks-my-tasks');

    // complete: it leaves the open list, and is struck through among the completed
    await mine.getByRole('checkbox', { name: `Complete ${title}` }).click();
    await mine.waitFor({ state: 'detached' });
    await a.page.goto('/tasks?status=completed');
    const done = row(a.page, title);
    await done.waitFor();
    expect(await done.getByRole('button', { name: title, exact: true }).evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe(
      'line-through',
    );
    await done.getByRole('checkbox', { name: `Reopen ${title}` }).click();
    await done.waitFor({ state: 'detached' });

    // reassign to Ben: it leaves Ann's list; Ben sees it as his
    await a.page.goto('/tasks');
    await row(a.page, title)
      .getByRole('button', { name: `Reassign ${title}` })
      .click();
    const reassign = a.page.getByRole('dialog', { name: 'Reassign Task' });
    await reassign.getByRole('combobox').click();
    await a.page.getByRole('option', { name: 'Ben Stone' }).click();
    await reassign.getByRole('button', { name: 'Reassign' }).click();
    await row(a.page, title).waitFor({ state: 'detached' });
    await bRow.getByText('Assigned to Ben Stone').waitFor({ timeout: 5000 });
    const bell = await apiCall<{ items: Array<{ title: string }> }>(b.page, 'GET', '/api/notifications');
    expect(bell.items.map((n) => n.title)).toContain(`Ann Lee assigned you: ${title}`);

    // delete with a confirmation; Undo brings the same task back, for Ben too
    await a.page.goto('/tasks?tab=all');
    await row(a.page, title)
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    const confirm = a.page.getByRole('alertdialog', { name: `Delete ${title}?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const toast = a.page.getByTestId('toast-viewport').locator('li').filter({ hasText: 'Task deleted' });
    await toast.waitFor();
    await row(a.page, title).waitFor({ state: 'detached' });
    await bRow.waitFor({ state: 'detached', timeout: 5000 });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await a.page.getByText('Task restored').waitFor();
    await row(a.page, title).waitFor();
    await bRow.getByText('Assigned to Ben Stone').waitFor({ timeout: 5000 });

    const [task] = await apiCall<{ items: Array<{ id: number; title: string }> }>(
      a.page,
      'GET',
      `/api/tasks?scope=all&q=${encodeURIComponent(title)}`,
    ).then((p) => p.items);
    expect((await w.app.eventStore.readStream(`task-${task!.id}`)).map((e) => e.type)).toEqual([
      'TaskCreated',
      'TaskStatusChanged',
      'TaskStatusChanged',
      'TaskReassigned',
      'TaskDeleted',
      'TaskRestored',
    ]);
    await a.context.close();
    await b.context.close();
  });
  it('edits a task in the shared dialog; the auditor reads the Tasks screen without a control that changes anything', async () => {
    const a = await open(w.ann, '/tasks');
    const title = `Brief the panel ${randomUUID().slice(0, 6)}`;
    const created = await apiCall<{ id: number }>(a.page, 'POST', '/api/tasks', { title, priority: 'low', dueDate: dayOffset(0) });
    const mine = row(a.page, title);
    // created without an assignee, it is on All tasks, not on My tasks
    await a.page.getByRole('tab', { name: 'All tasks' }).click();
    await a.page.waitForURL((url) => url.searchParams.get('tab') === 'all');
    await mine.getByText('Due today').waitFor();
    await mine.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Edit Task' });
    await dialog.getByLabel('Title').fill(`${title} (moved)`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(a.page, `${title} (moved)`).waitFor();
    // the filters live in the URL
    await a.page.goto('/tasks?tab=all&priority=low&due=today');
    await row(a.page, `${title} (moved)`).waitFor();
    await a.page.goto('/tasks?tab=all&priority=high');
    await a.page.getByRole('list', { name: 'All tasks' }).or(a.page.getByText('No tasks match these filters')).first().waitFor();
    expect(await row(a.page, `${title} (moved)`).count()).toBe(0);
    expect((await w.app.eventStore.readStream(`task-${created.id}`)).map((e) => e.type)).toEqual(['TaskCreated', 'TaskDetailsChanged']);

    const audrey = await addUser(w.app, 'auditor', 'Audrey', 'Hale');
    const au = await open(audrey, '/tasks?tab=all');
    const seen = row(au.page, `${title} (moved)`);
    await seen.waitFor();
    expect(await au.page.getByRole('button', { name: 'New task' }).count()).toBe(0);
    expect(await seen.getByRole('button', { name: /^(Edit|Reassign|Delete) / }).count()).toBe(0);
    // the title is text for a read-only user, not the button that opens the editor
    expect(await seen.getByRole('button').count()).toBe(0);
    expect(await seen.getByRole('checkbox').isDisabled()).toBe(true);
    await a.context.close();
    await au.context.close();
  });
});
