import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, postDuplicatePair } from './support/api';
import { browserSkipReason, openSignedIn, screenshot } from './support/browser';
import { addUser, useTwoUserWorld } from './support/server';

const candidateStream = (id: number) => `candidate-${id}`;

/** a candidate registered long ago (idle past any retention policy), appended straight to the log */
async function idleCandidate(w: ReturnType<typeof useTwoUserWorld>, tag: string): Promise<number> {
  const id = 800_000 + Math.floor(Math.random() * 90_000);
  const old = new Date(Date.now() - 500 * 86_400_000).toISOString();
  await w.app.eventStore.append(
    candidateStream(id),
    [
      {
        id: randomUUID(),
        type: 'CandidateRegistered',
        data: {
          candidateId: id,
          firstName: 'Idle',
          lastName: `Anon${tag}`,
          email: `idle.anon.${tag}@example.com`,
          phone: '+44 20 7946 0123',
          mobilePhone: null,
          currentTitle: 'CFO',
          currentCompany: null,
          location: null,
          linkedinUrl: null,
          skills: ['Treasury'],
          experience: null,
          salaryExpectation: 240,
          summary: null,
          status: 'active',
          resumeFileName: null,
          resumeText: null,
          resumeUploadedAt: null,
        },
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
  return id;
}

/**
 * The enabled controls in the page's main region that could change something: everything but the
 * tabs, read-only fields and the header's view controls (as-of, Follow, the record menu).
 */
async function enabledControls(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>('button, input, select, textarea, [role=checkbox], [role=combobox], [role=switch]')]
      .filter((el) => !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true')
      .filter((el) => !(el instanceof HTMLInputElement && el.readOnly) && el.getAttribute('role') !== 'tab')
      .filter((el) => el.getBoundingClientRect().width > 0)
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName)
      .filter((name) => !/^(View as of…|Follow|Following|More actions for .*)$/.test(name)),
  );
}

describe.skipIf(browserSkipReason !== null)('privacy leftovers: anonymise from the retention review, the merge e-mail choice', () => {
  const w = useTwoUserWorld();

  const open = (user: { email: string; password: string }, path: string) => openSignedIn(w.browser, w.app.url, user, path);

  it('anonymises a candidate from the retention review after a confirmation: listed as "Anonymised candidate", recorded in the log', async () => {
    const admin = await addUser(w.app, 'admin', 'Ava', 'Admin');
    const tag = randomUUID().slice(0, 6);
    const id = await idleCandidate(w, tag);
    const a = await open(admin, '/');
    await a.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Retention' }).click();
    await a.page.getByRole('heading', { name: 'Retention review', level: 1 }).waitFor();
    await a.page.getByLabel('Review candidates with no activity for (months)').fill('12');
    await a.page.getByRole('button', { name: 'Save policy' }).click();
    await a.page.getByText('Retention policy saved').first().waitFor();
    const row = a.page.getByRole('row').filter({ hasText: `Anon${tag}` });
    await row.getByRole('checkbox', { name: `Select Idle Anon${tag}` }).check();

    await a.page.getByRole('button', { name: 'Anonymise…' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Anonymise 1 candidate' });
    await dialog.getByText('The record stays as "Anonymised candidate"').waitFor();
    // nothing happens without a reason
    await dialog.getByRole('button', { name: 'Anonymise' }).click();
    await dialog.getByText('Required').waitFor();
    await dialog.getByLabel('Reason').fill('Retention limit reached');
    await screenshot(a.page, 'anonymise-dialog');
    await dialog.getByRole('button', { name: 'Anonymise' }).click();
    await dialog.getByRole('status').filter({ hasText: '1 of 1 done' }).waitFor();
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([`Idle Anon${tag} anonymised`]);
    await dialog.getByText('Close', { exact: true }).click();
    await row.waitFor({ state: 'detached' });

    // the record stays, without a name
    await a.page.goto(`/candidates/${id}`);
    await a.page.getByTestId('anonymised-notice').waitFor();
    // nothing more can be recorded about the person: no edit, no note
    expect(await a.page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await a.page.getByRole('heading', { name: 'Anonymised candidate' }).first().waitFor();
    // nor consent: no Privacy card (no person is known any more), so no consent button
    await a.page.getByRole('heading', { name: 'Skills' }).first().waitFor();
    expect(await a.page.getByRole('heading', { name: 'Privacy', exact: true }).count()).toBe(0);
    expect(await a.page.getByRole('button', { name: /Record consent|Edit consent/ }).count()).toBe(0);
    // in the list (found by a skill it kept), under no name
    await a.page.goto('/candidates?search=Treasury');
    await a.page.getByText('Anonymised candidate').first().waitFor();
    expect(await a.page.getByText(`Anon${tag}`).count()).toBe(0);
    const record = await apiCall<{
      firstName: string;
      lastName: string;
      email: string;
      skills: string[];
      salaryExpectation: number | null;
    }>(a.page, 'GET', `/api/candidates/${id}`);
    expect(record).toMatchObject({
      firstName: 'Anonymised',
      lastName: 'candidate',
      email: '',
      skills: ['Treasury'],
      salaryExpectation: null,
    });
    const events = await w.app.eventStore.readStream(candidateStream(id));
    expect(events.at(-1)).toMatchObject({ type: 'CandidateAnonymised', data: { candidateId: id, reason: 'Retention limit reached' } });
    await a.context.close();
  });

  it('an anonymised record is read-only: its task shows a disabled checkbox and no editor button, no interview can be scheduled', async () => {
    const admin = await addUser(w.app, 'admin', 'Abe', 'Admin');
    const tag = randomUUID().slice(0, 6);
    const a = await open(admin, '/');
    const { id } = await apiCall<{ id: number }>(a.page, 'POST', '/api/candidates', {
      firstName: 'Ro',
      lastName: `Only${tag}`,
      email: `ro.${tag}@example.com`,
      currentTitle: 'CFO',
      salaryExpectation: 240,
    });
    // a task and an interview about the person, made before the anonymisation
    await apiCall(a.page, 'POST', '/api/tasks', { title: `Call back ${tag}`, relatedTo: { kind: 'candidate', id } });
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await apiCall(a.page, 'POST', '/api/interviews', { candidateId: id, scheduledAt: soon, type: 'video' });
    const done = await apiCall<{ position?: number }>(a.page, 'POST', `/api/candidates/${id}/anonymise`, {
      reason: 'Retention limit reached',
    });
    expect(done).toMatchObject({ id });
    await a.page.goto(`/candidates/${id}`);
    await a.page.getByTestId('anonymised-notice').waitFor();
    // every control left is read-only: the task's checkbox is disabled and its title is text, not the
    // editor's button; its title was about the person, sealed with their key, and reads [erased] now
    const task = a.page.getByTestId('task-row').filter({ hasText: '[erased]' });
    await task.waitFor();
    expect(await a.page.getByText(`Call back ${tag}`).count()).toBe(0);
    expect(await task.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await task.getByRole('button').count()).toBe(0);
    expect(await enabledControls(a.page)).toEqual([]);
    // no interview can be scheduled or acted on
    await a.page.getByRole('tab', { name: 'Interviews' }).click();
    await a.page.getByRole('list', { name: 'Interviews' }).waitFor();
    expect(await a.page.getByRole('button', { name: 'Schedule interview' }).count()).toBe(0);
    expect(await a.page.getByRole('button', { name: /^Actions for the interview/ }).count()).toBe(0);
    expect(await enabledControls(a.page)).toEqual([]);
    await a.page.getByRole('tab', { name: 'Profile' }).click();
    const record = await apiCall<{ salaryExpectation: number | null }>(a.page, 'GET', `/api/candidates/${id}`);
    expect(record.salaryExpectation).toBeNull();
    await a.context.close();
  });

  it("lets the user keep the other record's e-mail in the merge dialog, shows its interview and task on the survivor, and Undo restores both", async () => {
    const tag = randomUUID().slice(0, 6);
    const a = await open(w.ann, '/candidates');
    const [first, second] = await postDuplicatePair(
      a.page,
      { firstName: 'Mary', lastName: `Somerville${tag}` },
      { email: `mary.${tag}@old.example`, currentTitle: 'Astronomer', phone: '+44 20 7946 0303', skills: ['Astronomy'] },
      { email: `mary.${tag}@new.example`, currentTitle: 'Astronomer', phone: '020 7946 0303', skills: ['Physics'] },
    );
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await apiCall(a.page, 'POST', '/api/interviews', { candidateId: second.id, scheduledAt: soon, type: 'video' });
    await apiCall(a.page, 'POST', '/api/tasks', { title: `Send the offer pack ${tag}`, relatedTo: { kind: 'candidate', id: second.id } });

    await a.page.goto(`/candidates/${first.id}`);
    await a.page.getByTestId('duplicate-hint').getByText('Possible duplicate of').waitFor();
    await a.page.getByTestId('duplicate-hint').getByRole('button', { name: 'Review and merge…' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Merge duplicate candidates' });
    const email = dialog.getByRole('radiogroup', { name: 'E-mail' });
    await email.waitFor();
    // the survivor's address is the default
    expect(await email.getByLabel(`mary.${tag}@old.example`).isChecked()).toBe(true);
    await email.getByLabel(`mary.${tag}@new.example`).check();
    await screenshot(a.page, 'merge-email-choice');
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await a.page.getByTestId('toast-viewport').locator('li').filter({ hasText: 'Candidates merged' }).waitFor();

    await a.page.goto(`/candidates/${first.id}`);
    await a.page.getByText('was merged into this record').waitFor();
    await a.page.getByText(`mary.${tag}@new.example`).first().waitFor();
    await a.page.getByText(`Send the offer pack ${tag}`).first().waitFor();
    await a.page.getByRole('tab', { name: 'Interviews' }).click();
    await a.page
      .getByRole('list', { name: 'Interviews' })
      .getByText(/^Video/)
      .first()
      .waitFor();
    const events = await w.app.eventStore.readStream(candidateStream(first.id));
    expect(events.at(-1)).toMatchObject({ type: 'CandidatesMerged', data: { changes: { email: `mary.${tag}@new.example` } } });

    await a.page.getByRole('button', { name: 'Undo merge' }).click();
    await a.page.getByText('Merge undone').first().waitFor();
    await a.page.getByText('was merged into this record').waitFor({ state: 'detached' });
    expect((await apiCall<{ email: string }>(a.page, 'GET', `/api/candidates/${first.id}`)).email).toBe(`mary.${tag}@old.example`);
    await a.page.getByRole('tab', { name: 'Profile' }).click();
    await a.page.getByText(`Send the offer pack ${tag}`).waitFor({ state: 'detached' });
    await a.context.close();
  });
});
