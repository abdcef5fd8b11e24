import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { browserSkipReason, launchBrowser, newContext, signIn } from './support/browser';
import { addUser, startServer } from './support/server';

/**
 * Issue 12's proof: a new recruiter's realistic day, from an empty agency, every step through the
 * UI (no API call by hand): client + contact, job, three candidates, attach from three places,
 * move to Placed, mark Filled, e-mail, AI analysis, and the day's lines in the activity feed.
 */
describe.skipIf(browserSkipReason !== null)("the recruiter's realistic day, end to end in the browser", () => {
  let app: Standalone;
  let browser: Browser;
  let user: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    app = await startServer();
    browser = await launchBrowser();
    user = await addUser(app, 'recruiter', 'Rita', 'Moreno');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** The sidebar entry, as a person clicks it. */
  const nav = (page: Page, label: string) => page.getByRole('link', { name: label, exact: true }).first().click();

  const metric = async (page: Page, name: string) => {
    const box = page.locator(`[data-metric="${name}"]`);
    await expect.poll(async () => /\d/.test((await box.textContent()) ?? '')).toBe(true);
    return Number((await box.textContent())!.replace(/\D/g, ''));
  };

  async function addCandidate(page: Page, first: string, last: string, title: string) {
    await page.getByRole('button', { name: 'Add Candidate' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First Name').fill(first);
    await dialog.getByLabel('Last Name').fill(last);
    await dialog.getByLabel('Email').fill(`${first}.${last}@example.com`.toLowerCase());
    await dialog.getByLabel('Current Job Title').fill(title);
    await dialog.getByLabel('Skills').fill('Finance, M&A');
    await dialog.getByRole('button', { name: 'Add Candidate' }).last().click();
    await page.getByText('Candidate added successfully').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
  }

  async function pick(page: Page, label: string, typed: string, name: string) {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: label }).fill(typed);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('listbox').waitFor({ state: 'detached' });
  }

  it('client, contact, job, three candidates, attach, Placed and Filled, e-mail, AI analysis, the feed', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);

    // 1. a client, opened, with a contact person
    await nav(page, 'Clients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const clientDialog = page.getByRole('dialog', { name: 'Add New Client' });
    await clientDialog.getByLabel('Company Name').fill('Helvetia Industrial Group');
    await clientDialog.getByLabel('Industry').fill('Manufacturing');
    await clientDialog.getByRole('button', { name: 'Add Client' }).click();
    await page.getByText('The new client has been successfully created.').waitFor();
    await clientDialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Helvetia Industrial Group' }).click();
    await page.getByRole('heading', { name: 'Helvetia Industrial Group', level: 1 }).waitFor();
    await page.getByText('No contacts yet').waitFor();
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const contactDialog = page.getByRole('dialog', { name: 'Add Contact Person' });
    await contactDialog.getByLabel('Full Name').fill('Lena Vogt');
    await contactDialog.getByLabel('Position/Title').fill('Chief People Officer');
    await contactDialog.getByLabel('Email').fill('lena.vogt@helvetia.example');
    await contactDialog.getByRole('button', { name: 'Add Contact' }).click();
    await page.getByText('Contact added').waitFor();
    await page.getByText('Contact Persons (1)').waitFor();

    // 2. a job order for the client, one opening
    await nav(page, 'Job Orders');
    await page.getByRole('heading', { name: 'Job Orders', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add Job Order' }).first().click();
    const jobDialog = page.getByRole('dialog', { name: 'Add New Job Order' });
    await jobDialog.getByLabel('Job Title').fill('Chief Financial Officer');
    await jobDialog.getByLabel('Location').fill('Zurich');
    await jobDialog.getByRole('combobox', { name: /Client/ }).click();
    await page.getByRole('option', { name: 'Helvetia Industrial Group', exact: true }).click();
    await jobDialog.getByLabel('Openings').fill('1');
    await jobDialog.getByLabel('Salary Min ($k)').fill('250');
    await jobDialog.getByLabel('Salary Max ($k)').fill('320');
    await jobDialog.getByRole('button', { name: 'Create Job Order' }).click();
    await page.getByText('Job created', { exact: true }).waitFor();
    await jobDialog.waitFor({ state: 'hidden' });
    const jobCard = page.locator('[data-testid^="job-card-"]', { hasText: 'Chief Financial Officer' });
    await jobCard.getByText('0 of 1 opening filled').waitFor();
    const jobName = 'Chief Financial Officer (Helvetia Industrial Group)';

    // 3. three candidates
    await nav(page, 'Candidates');
    await page.getByRole('heading', { name: 'Candidates', level: 1 }).waitFor();
    await addCandidate(page, 'Anna', 'Keller', 'Finance Director');
    await addCandidate(page, 'Marco', 'Rossi', 'Group CFO');
    await addCandidate(page, 'Sofia', 'Brandt', 'VP Finance');
    for (const name of ['Anna Keller', 'Marco Rossi', 'Sofia Brandt'])
      await page.locator('[data-testid^="candidate-card-"]', { hasText: name }).waitFor();

    // 4a. from the candidate card
    await page.getByRole('button', { name: 'Add to job: Anna Keller' }).click();
    await page.getByRole('dialog', { name: 'Add to job' }).waitFor();
    await pick(page, 'Jobs', 'Chief Financial', 'Chief Financial Officer');
    await page.getByRole('dialog').getByRole('button', { name: 'Add to job' }).click();
    await page.getByText(`Anna Keller added to ${jobName}`).waitFor();

    // 4b. from the candidate detail's Attached Jobs tab
    await page.locator('[data-testid^="candidate-card-"]', { hasText: 'Marco Rossi' }).getByRole('link', { name: 'Marco Rossi' }).click();
    await page.getByRole('heading', { name: 'Marco Rossi', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Attached Jobs' }).click();
    await page.getByText('No attached jobs yet').waitFor();
    await page.getByRole('button', { name: 'Add to job' }).click();
    await pick(page, 'Jobs', 'Chief Financial', 'Chief Financial Officer');
    await page.getByRole('dialog').getByRole('button', { name: 'Add to job' }).click();
    await page.getByText(`Marco Rossi added to ${jobName}`).waitFor();
    await page.getByTestId('attached-job').filter({ hasText: 'Chief Financial Officer' }).waitFor();

    // 4c. from the job page (opened from the job card's title)
    await nav(page, 'Job Orders');
    await page.locator('[data-testid^="job-link-"]', { hasText: 'Chief Financial Officer' }).click();
    await page.waitForURL(/\/jobs\/\d+$/);
    const jobPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: 'Chief Financial Officer' }).waitFor();
    await page.getByTestId('job-actions').getByRole('button', { name: 'Add candidates' }).click();
    await page.getByRole('dialog', { name: 'Add candidates' }).waitFor();
    await pick(page, 'Candidates', 'Sofia', 'Sofia Brandt');
    await page.getByRole('dialog').getByRole('button', { name: 'Add candidate' }).click();
    await page.getByText(`Sofia Brandt added to ${jobName}`).waitFor();
    await expect.poll(() => page.getByTestId('job-candidate').count()).toBe(3);

    // 5. Active Candidates before, then Marco through to Placed on the job page's board (keyboard)
    await nav(page, 'Dashboard');
    const activeBefore = await metric(page, 'Active Candidates');
    expect(activeBefore).toBe(3);
    await page.goto(jobPath);
    const card = page.getByTestId('pipeline-column-applied').locator('[data-testid^="application-card-"]', { hasText: 'Marco Rossi' });
    await card.waitFor();
    const cardId = (await card.getAttribute('data-testid'))!;
    // with the keyboard, one column at a time: pick up, one to the right, drop (a stage each)
    for (const stage of ['phone_screen', 'interview', 'final_interview', 'offer', 'placed']) {
      const moving = page.getByTestId(cardId);
      await moving.focus();
      // dnd-kit measures the columns on the frame after pick-up; a person is never faster than that
      await page.keyboard.press('Space');
      await page.waitForTimeout(150);
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(150);
      await page.keyboard.press('Space');
      // Placed asks for the agreed salary first: she confirms the figure agreed with the client
      if (stage === 'placed') {
        const placing = page.getByRole('dialog', { name: 'Place Marco Rossi?' });
        await placing.getByLabel('Agreed salary ($k)').fill('320');
        await placing.getByRole('button', { name: 'Confirm placement' }).click();
      }
      await page.getByTestId(`pipeline-column-${stage}`).getByTestId(cardId).waitFor({ timeout: 5000 });
    }
    await page.getByTestId('pipeline-column-placed').getByTestId(cardId).waitFor({ timeout: 5000 });
    const offer = page.getByRole('alertdialog', { name: 'Mark job order Filled?' });
    await offer.getByText('All openings of Chief Financial Officer are filled — mark it Filled?').waitFor();
    await offer.getByRole('button', { name: 'Mark Filled' }).click();
    await page.getByText('Chief Financial Officer is marked Filled.').waitFor();
    await page.getByTestId('job-chips').getByText('Filled', { exact: true }).waitFor();

    // the candidate's status badge says Placed; Active Candidates went down by one
    await nav(page, 'Candidates');
    const marco = page.locator('[data-testid^="candidate-card-"]', { hasText: 'Marco Rossi' });
    await marco.getByText('Placed', { exact: true }).waitFor();
    await nav(page, 'Dashboard');
    await expect.poll(() => metric(page, 'Active Candidates')).toBe(activeBefore - 1);

    // 6. e-mail Anna from her card: the preview shows the whole message; sent; under Communications
    await nav(page, 'Candidates');
    const anna = page.locator('[data-testid^="candidate-card-"]', { hasText: 'Anna Keller' });
    await anna.getByRole('button', { name: 'Email', exact: true }).click();
    const mail = page.getByRole('dialog');
    await mail.getByRole('heading', { name: 'Send Email to Anna Keller' }).waitFor();
    await mail.getByLabel('Additional Notes (Optional)').fill('Could we speak on Friday about a CFO role in Zurich?');
    await expect
      .poll(() => mail.getByTestId('email-preview-body').textContent())
      .toBe(
        'Hi Anna,\n\nI am reaching out about an executive opportunity that fits your background.\n\n' +
          'Could we speak on Friday about a CFO role in Zurich?\n\nBest regards,\nRita Moreno',
      );
    expect(await mail.getByTestId('email-preview-subject').textContent()).toBe('Subject: Executive Opportunity');
    await mail.getByRole('button', { name: 'Send Email' }).click();
    // no e-mail provider in tests: the message is kept in the outbox, and the toast says so
    await page
      .getByTestId('toast-viewport')
      .getByText(/Email sent successfully|Email not delivered — saved to outbox/)
      .first()
      .waitFor();
    await mail.waitFor({ state: 'detached' });
    await anna.getByRole('link', { name: 'Anna Keller' }).click();
    await page.getByRole('tab', { name: 'Communications' }).click();
    await page.getByText('Executive Opportunity', { exact: true }).waitFor();

    // 7. AI analysis of Sofia, with the built-in engine
    await nav(page, 'Candidates');
    const sofia = page.locator('[data-testid^="candidate-card-"]', { hasText: 'Sofia Brandt' });
    await sofia.getByRole('button', { name: 'AI Analysis' }).click();
    const ai = page.getByRole('dialog');
    await ai.getByRole('heading', { name: 'AI Profile Analysis - Sofia Brandt' }).waitFor();
    await ai.getByRole('button', { name: 'Start AI Analysis' }).click();
    await ai.getByTestId('profile-result').waitFor({ timeout: 15_000 });
    await ai.getByText('Profile Score').waitFor();
    await ai.getByText(/^\d+\/100$/).waitFor();
    await page.keyboard.press('Escape');

    // 8. the dashboard's feed: the day's lines, with the actor
    await nav(page, 'Dashboard');
    const feed = page.getByTestId('activity-item');
    await feed.first().waitFor();
    const lines = async () => (await feed.allTextContents()).join('\n');
    await expect.poll(lines).toMatch('Marco Rossi was placed as Chief Financial Officer at Helvetia Industrial Group by Rita Moreno');
    await expect.poll(lines).toMatch('Chief Financial Officer is now Filled');
    await expect.poll(lines).toMatch('Sofia Brandt was attached to Chief Financial Officer by Rita Moreno');
    // the whole day on the feed screen (View All): the adds too
    await page.getByRole('link', { name: 'View All', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    const all = page.getByRole('list', { name: 'Activity feed' }).getByTestId('activity-item');
    await all.first().waitFor();
    const day = async () => (await all.allTextContents()).join('\n');
    for (const line of [
      'Anna Keller was attached to Chief Financial Officer by Rita Moreno',
      'Marco Rossi was attached to Chief Financial Officer by Rita Moreno',
      'New job order: Chief Financial Officer at Helvetia Industrial Group',
    ])
      await expect.poll(day).toContain(line);
    await expect.poll(day).toMatch(/Anna Keller.*added|added.*Anna Keller|New candidate.*Anna Keller/i);
    await context.close();
  });
});
