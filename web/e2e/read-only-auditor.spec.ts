import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from './support/api';
import { browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { dragTo, inColumn } from './support/pipeline';
import { PASSWORD, addUser, useTwoUserWorld } from './support/server';

const AUDITOR = { email: `audrey.${randomUUID().slice(0, 6)}@agency.example`, password: PASSWORD };
const RESUME_TEXT = 'Grace Hopper\nRear Admiral, US Navy\nLed the COBOL effort and the first compiler.';

/** A card grid's buttons: none at all for a read-only user (the cards keep their links). */
const gridButtons = (page: Page, grid: string) => page.getByRole('region', { name: grid, exact: true }).getByRole('button');

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });

const cards = (page: Page, prefix: string) => page.locator(`[data-testid^="${prefix}-card-"]:not([data-testid="${prefix}-card-skeleton"])`);

describe.skipIf(browserSkipReason !== null)('read-only access for an auditor', () => {
  const w = useTwoUserWorld();
  let graceId: number;

  beforeAll(async () => {
    // an admin creates the auditor through the API, as the Team screen does
    const admin = await addUser(w.app, 'admin', 'Alex', 'Admin');
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, admin.email, admin.password);
    await apiCall(page, 'POST', '/api/users', {
      email: AUDITOR.email,
      firstName: 'Audrey',
      lastName: 'Auditor',
      role: 'auditor',
      password: PASSWORD,
    });
    // something to read that the demo agency lacks: a resume and a priority task
    ({ id: graceId } = await apiCall<{ id: number }>(page, 'POST', '/api/candidates', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: `grace.hopper.${randomUUID().slice(0, 6)}@example.com`,
      currentTitle: 'Chief Technology Officer',
      resumeFileName: 'grace-hopper.pdf',
      resumeText: RESUME_TEXT,
      resumeUploadedAt: new Date().toISOString(),
    }));
    // Ann's task: on her dashboard (the signed-in user's own tasks), on everyone's All tasks
    // (overdue for a month: first among the demo tasks she also has)
    await apiCall(page, 'POST', '/api/tasks', {
      title: 'Review the audit trail',
      priority: 'high',
      assignedTo: w.ann.userId,
      dueDate: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    });
    await w.app.projector.waitFor(await w.app.eventStore.headPosition(), 20_000);
    await context.close();
  });

  /** Signs the auditor in and records every command the page sends (anything but a GET to /api/). */
  async function auditorPage() {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, AUDITOR.email, AUDITOR.password);
    const commands: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && request.method() !== 'GET') commands.push(`${request.method()} ${url.pathname}`);
    });
    return { context, page, commands };
  }

  it('reads every list, detail and search without a control that would change anything', async () => {
    const { context, page, commands } = await auditorPage();

    // dashboard: no Add New, no New task; an auditor is given no tasks, so none of their own is due
    await page.getByText("Welcome back, Audrey. Here's your recruiting overview.").waitFor();
    await page.getByTestId('user-footer').first().getByText('Auditor', { exact: true }).waitFor();
    await page.getByText('No priority tasks').waitFor();
    expect(await button(page, 'Add New').count()).toBe(0);
    expect(await button(page, 'New task').count()).toBe(0);
    // the team's tasks: the box is disabled and says why
    await page.goto('/tasks');
    await page.getByRole('tab', { name: 'All tasks' }).click();
    const task = page.getByRole('checkbox', { name: 'Complete Review the audit trail' });
    await task.waitFor();
    expect(await task.isDisabled()).toBe(true);
    await page.locator('[data-read-only]', { has: task }).hover();
    await page.getByRole('tooltip', { name: 'Read-only access' }).waitFor();

    // candidates: the list, the search and the detail read; nothing writes
    await page.goto('/candidates');
    await page.getByRole('heading', { name: 'Candidates', level: 1 }).waitFor();
    await cards(page, 'candidate').first().waitFor();
    // the first page (its first cards render first, the rest right after that paint: B8)
    await expect.poll(() => cards(page, 'candidate').count()).toBe(30);
    expect(await button(page, 'Add Candidate').count()).toBe(0);
    expect(await gridButtons(page, 'Candidates').count()).toBe(0);
    for (const name of ['Email', 'AI Analysis', 'AI Toolkit', 'Resume', /^Delete /])
      expect(await button(page, name).count(), String(name)).toBe(0);
    await screenshot(page, 'candidates-auditor');
    await page.getByRole('searchbox', { name: 'Search candidates' }).fill('Ada Lovelace');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="candidate-card-"]').length === 1);
    await page.getByRole('searchbox', { name: 'Search candidates' }).fill('Grace Hopper');
    await page.getByTestId(`candidate-card-${graceId}`).getByText('grace-hopper.pdf').waitFor();
    await page.getByRole('link', { name: 'Grace Hopper' }).click();
    await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
    await page.getByText('Personal Information').waitFor();
    await button(page, 'View').click();
    const resume = page.getByRole('dialog', { name: 'grace-hopper.pdf' });
    await resume.getByText('Led the COBOL effort and the first compiler.').waitFor();
    await resume.getByRole('button', { name: 'Close' }).click();
    for (const name of ['Edit', 'Upload Resume', 'Replace Resume', 'Analyze']) expect(await button(page, name).count(), name).toBe(0);
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByText('No notes yet').waitFor();
    expect(await button(page, 'Add Note').count()).toBe(0);

    // clients: list, search and a client with its contacts; no Add, Delete or contact delete
    await page.goto('/clients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await cards(page, 'client').first().waitFor();
    expect(await button(page, 'Add Client').count()).toBe(0);
    expect(await gridButtons(page, 'Clients').count()).toBe(0);
    const clients = await apiCall<{ id: number; companyName: string }[]>(page, 'GET', '/api/clients');
    let client: { id: number; companyName: string; contacts: { name: string }[] } | undefined;
    for (const { id } of clients) {
      client = await apiCall(page, 'GET', `/api/clients/${id}`);
      if (client!.contacts.length > 0) break;
    }
    expect(client!.contacts.length).toBeGreaterThan(0);
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(client!.companyName);
    await page.getByTestId(`client-card-${client!.id}`).getByRole('link', { name: client!.companyName }).click();
    await page.getByRole('heading', { name: client!.companyName, level: 1 }).waitFor();
    await page.getByText(`Contact Persons (${client!.contacts.length})`).waitFor();
    await page.getByText(client!.contacts[0]!.name).first().waitFor();
    for (const name of ['Add Contact', 'Delete Client', /^Delete contact/]) expect(await button(page, name).count(), String(name)).toBe(0);
    await screenshot(page, 'client-detail-auditor');

    // job orders: list and search; no Add Job Order, Post, AI, Toolkit or Delete
    await page.goto('/jobs');
    await page.getByRole('heading', { name: 'Job Orders', level: 1 }).waitFor();
    await cards(page, 'job').first().waitFor();
    expect(await button(page, 'Add Job Order').count()).toBe(0);
    expect(await gridButtons(page, 'Job orders').count()).toBe(0);
    for (const name of ['Post', 'AI', 'Toolkit']) expect(await button(page, name).count(), name).toBe(0);
    await page.getByRole('link', { name: 'Pipeline', exact: true }).first().waitFor();
    const [job] = await apiCall<{ id: number; title: string }[]>(page, 'GET', '/api/jobs');
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill(job!.title);
    await page.getByTestId(`job-card-${job!.id}`).getByRole('heading', { name: job!.title }).waitFor();
    await screenshot(page, 'jobs-auditor');

    // the AI screen shows its figures; the buttons that would run (and record) an analysis are
    // gone from the header and disabled, with the reason, inside the tabs
    await page.goto('/ai');
    await page.getByRole('heading', { name: 'AI-Powered Recruiting' }).waitFor();
    expect(await page.getByTestId('ai-stat-card').count()).toBe(4);
    expect(await button(page, 'Get AI Recommendations').count()).toBe(0);
    await page.getByRole('tab', { name: 'Workflow' }).click();
    expect(await button(page, 'Get AI Recommendations').isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Market Intel' }).click();
    await page.getByRole('textbox', { name: 'Industry' }).fill('Fintech');
    await page.getByRole('textbox', { name: 'Job Function' }).fill('Engineering');
    const generate = button(page, 'Generate Market Report');
    expect(await generate.isDisabled()).toBe(true);
    await page.locator('[data-read-only]', { has: generate }).hover();
    await page.getByRole('tooltip', { name: 'Read-only access' }).waitFor();

    // the integrations check is a read, and works
    await page.goto('/integrations');
    const checked = page.waitForResponse((response) => response.url().endsWith('/api/email/test') && response.status() === 200);
    await button(page, 'Test Connection').click();
    await checked;

    expect(commands).toEqual([]);
    await context.close();
  });

  it('shows the pipeline live, but an auditor cannot move a card with the mouse or the keyboard', async () => {
    const { context, page, commands } = await auditorPage();
    await page.goto('/jobs/pipeline');
    await page.getByRole('heading', { name: 'Recruitment Pipeline' }).waitFor();
    await page.getByText('Read-only access: you see every move your team makes, as it happens.').waitFor();
    expect(await page.getByText('Drag candidates between stages.').count()).toBe(0);
    const id = (await w.app.queryApi.queries.listApplications({})).find((a) => a.stage === 'applied')!.id;
    const card = inColumn(page, 'applied', id);
    await card.waitFor();
    expect(await card.getAttribute('aria-roledescription')).toBeNull();
    expect(await card.getAttribute('tabindex')).toBeNull();
    const eventsBefore = (await w.app.eventStore.readStream(`application-${id}`)).length;

    await dragTo(page, `application-card-${id}`, 'pipeline-column-interview');
    // the keyboard: a click on the card body, then the pick-up, move and drop keys
    await card.getByText(/^Applied /).click();
    for (const key of ['Space', 'ArrowRight', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(500);
    expect(await inColumn(page, 'applied', id).count()).toBe(1);
    expect(await inColumn(page, 'interview', id).count()).toBe(0);
    expect(await page.getByText('Application updated').count()).toBe(0);
    expect((await w.app.eventStore.readStream(`application-${id}`)).length).toBe(eventsBefore);
    expect(commands).toEqual([]);

    // a recruiter's move still reaches the auditor's board, live
    const recruiter = await newContext(w.browser, w.app.url);
    const annPage = await recruiter.newPage();
    await signIn(annPage, w.ann.email, w.ann.password);
    await annPage.goto('/jobs/pipeline');
    await inColumn(annPage, 'applied', id).waitFor();
    await dragTo(annPage, `application-card-${id}`, 'pipeline-column-interview');
    await annPage.getByText('Application updated').first().waitFor();
    await inColumn(page, 'interview', id).waitFor({ timeout: 2000 });
    expect(await inColumn(page, 'applied', id).count()).toBe(0);
    await screenshot(page, 'pipeline-auditor');
    expect(commands).toEqual([]);
    await recruiter.close();
    await context.close();
  });

  it('still gives a recruiter every write control', async () => {
    const context = await newContext(w.browser, w.app.url);
    const page = await context.newPage();
    await signIn(page, w.ann.email, w.ann.password);
    await button(page, 'Add New').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Review the audit trail' }).isDisabled()).toBe(false);

    await page.goto('/candidates');
    await button(page, 'Add Candidate').waitFor();
    const candidate = page.getByTestId(`candidate-card-${graceId}`);
    await page.getByRole('searchbox', { name: 'Search candidates' }).fill('Grace Hopper');
    for (const name of ['Email', 'AI Analysis', 'AI Toolkit', 'Resume', 'Delete Grace Hopper'])
      await candidate.getByRole('button', { name, exact: true }).waitFor();

    await page.goto('/clients');
    await button(page, 'Add Client').waitFor();
    const clientCard = cards(page, 'client').first();
    await clientCard.getByRole('button', { name: /^Delete / }).waitFor();
    await clientCard.getByRole('link').first().click();
    await button(page, 'Delete Client').waitFor();
    await button(page, 'Add Contact').waitFor();
    await button(page, /^Delete contact/)
      .first()
      .waitFor();

    await page.goto('/jobs');
    await button(page, 'Add Job Order').waitFor();
    const jobCard = cards(page, 'job').first();
    for (const name of ['Post', 'AI', 'Toolkit']) await jobCard.getByRole('button', { name, exact: true }).waitFor();
    await jobCard.getByRole('button', { name: /^Delete / }).waitFor();

    await page.goto('/jobs/pipeline');
    await page.getByText('Drag candidates between stages. Changes appear for everyone instantly.').waitFor();
    const firstCard = page.locator('[data-testid^="application-card-"]:not([data-testid="application-card-skeleton"])').first();
    expect(await firstCard.getAttribute('aria-roledescription')).toBe('draggable application card');

    await page.goto('/ai');
    await page.getByRole('heading', { name: 'AI-Powered Recruiting' }).waitFor();
    expect(await button(page, 'Get AI Recommendations').isDisabled()).toBe(false);
    expect(await page.locator('[data-read-only]').count()).toBe(0);
    await context.close();
  });
});
