import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiCall, postDuplicatePair } from './support/api';
import { browserSkipReason, openSignedIn, screenshot } from './support/browser';
import { addUser, useTwoUserWorld } from './support/server';

const candidateStream = (id: number) => `candidate-${id}`;

describe.skipIf(browserSkipReason !== null)('duplicates, merge with undo, and the retention review', () => {
  const w = useTwoUserWorld();

  const open = (user: { email: string; password: string }, path: string) => openSignedIn(w.browser, w.app.url, user, path);

  it('finds a duplicate, merges it with a value chosen per field, shows both notes on the survivor, and undoes the merge', async () => {
    const tag = randomUUID().slice(0, 6);
    const a = await open(w.ann, '/candidates');
    const [first, second] = await postDuplicatePair(
      a.page,
      { firstName: 'Grace', lastName: `Hopper${tag}` },
      { email: `grace.${tag}@navy.example`, currentTitle: 'Rear Admiral', phone: '+1 202 555 0142', skills: ['COBOL'] },
      { email: `ghopper.${tag}@univac.example`, currentTitle: 'Senior Mathematician', phone: '(202) 555-0142', skills: ['Compilers'] },
    );
    await apiCall(a.page, 'POST', `/api/candidates/${first.id}/notes`, { content: `Note on the first ${tag}` });
    await apiCall(a.page, 'POST', `/api/candidates/${second.id}/notes`, { content: `Note on the second ${tag}` });

    // the hint on the candidate page
    await a.page.goto(`/candidates/${first.id}`);
    const hint = a.page.getByTestId('duplicate-hint');
    await hint.getByText('Possible duplicate of').waitFor();
    expect(await hint.textContent()).toContain('Same phone');

    // the list, reachable from the sidebar
    await a.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Duplicates' }).click();
    await a.page.getByRole('heading', { name: 'Possible duplicates', level: 1 }).waitFor();
    await a.page.getByRole('button', { name: `Merge Grace Hopper${tag} #${first.id} and #${second.id}` }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Merge duplicate candidates' });
    await dialog.getByRole('radiogroup', { name: 'Current title' }).waitFor();
    await dialog.getByRole('radiogroup', { name: 'Current title' }).getByLabel('Senior Mathematician').check();
    await screenshot(a.page, 'merge-dialog');
    await dialog.getByRole('button', { name: 'Merge' }).click();
    const toast = a.page.getByTestId('toast-viewport').locator('li').filter({ hasText: 'Candidates merged' });
    await toast.waitFor();

    // the survivor shows the chosen value and both records' notes; the absorbed record points to it
    await a.page.goto(`/candidates/${first.id}`);
    await a.page.getByText(`was merged into this record`).waitFor();
    expect((await apiCall<{ currentTitle: string }>(a.page, 'GET', `/api/candidates/${first.id}`)).currentTitle).toBe(
      'Senior Mathematician',
    );
    await a.page.getByRole('tab', { name: 'Notes' }).click();
    await a.page.getByText(`Note on the second ${tag}`).waitFor();
    await a.page.getByText(`Note on the first ${tag}`).waitFor();
    await a.page.goto(`/candidates/${second.id}`);
    await a.page.getByText('This record was merged into').waitFor();
    await a.page.getByRole('link', { name: `candidate #${first.id}` }).waitFor();

    // Undo: both records are back as they were
    await a.page.getByRole('button', { name: 'Undo merge' }).click();
    await a.page.getByText('Merge undone').first().waitFor();
    await a.page.getByText('This record was merged into').waitFor({ state: 'detached' });
    expect((await apiCall<{ currentTitle: string }>(a.page, 'GET', `/api/candidates/${first.id}`)).currentTitle).toBe('Rear Admiral');
    const types = (await w.app.eventStore.readStream(candidateStream(second.id))).map((e) => e.type);
    expect(types.slice(-2)).toEqual(['CandidatesMerged', 'CandidatesUnmerged']);
    await a.context.close();
  });

  it('lists a candidate idle past the policy for admins; Keep for another N months takes it off; Erase asks for a reason', async () => {
    const admin = await addUser(w.app, 'admin', 'Ada', 'Admin');
    const tag = randomUUID().slice(0, 6);
    const id = 800_000 + Math.floor(Math.random() * 90_000);
    const old = new Date(Date.now() - 500 * 86_400_000).toISOString();
    const event = {
      type: 'CandidateRegistered',
      data: {
        candidateId: id,
        firstName: 'Idle',
        lastName: `Person${tag}`,
        email: `idle.${tag}@example.com`,
        phone: null,
        mobilePhone: null,
        currentTitle: 'CFO',
        currentCompany: null,
        location: null,
        linkedinUrl: null,
        skills: [],
        experience: null,
        salaryExpectation: null,
        summary: null,
        status: 'active',
        resumeFileName: null,
        resumeText: null,
        resumeUploadedAt: null,
      },
    };
    await w.app.eventStore.append(
      candidateStream(id),
      [
        {
          id: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: {
            actor: { id: 'system', name: 'System' },
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: old,
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );

    const a = await open(admin, '/');
    await a.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Retention' }).click();
    await a.page.getByRole('heading', { name: 'Retention review', level: 1 }).waitFor();
    await a.page.getByLabel('Review candidates with no activity for (months)').fill('12');
    await a.page.getByRole('button', { name: 'Save policy' }).click();
    await a.page.getByText('Retention policy saved').first().waitFor();
    const row = a.page.getByRole('row').filter({ hasText: `Person${tag}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Not recorded');
    await row.getByRole('checkbox', { name: `Select Idle Person${tag}` }).check();
    await screenshot(a.page, 'retention-review');

    // Erase… asks for a reason before anything is erased
    await a.page.getByRole('button', { name: 'Erase…' }).click();
    const erase = a.page.getByRole('dialog', { name: 'Erase 1 candidate' });
    await erase.getByRole('button', { name: 'Erase' }).click();
    await erase.getByText('Required').waitFor();
    await erase.getByRole('button', { name: 'Cancel' }).click();
    await erase.waitFor({ state: 'detached' });

    await a.page.getByRole('button', { name: /Keep for another 6 months/ }).click();
    await row.waitFor({ state: 'detached' });
    const types = (await w.app.eventStore.readStream(candidateStream(id))).map((e) => e.type);
    expect(types).toEqual(['CandidateRegistered', 'CandidateRetentionExtended']);
    await a.context.close();
  });
});
