import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from './support/api';
import { runAxe, weakFieldEdges } from './support/axe';
import { browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { useTwoUserWorld } from './support/server';

/**
 * The communications hub (issue 13): e-mail a client's contact from the client page, see it on
 * the client and — live — in a colleague's hub, find it by search, open it whole, and read the
 * template previews.
 */
describe.skipIf(browserSkipReason !== null)('communications hub', () => {
  const world = useTwoUserWorld();

  async function openClient(page: Page, name: string) {
    const clients = await apiCall<Array<{ id: number; companyName: string }>>(page, 'GET', '/api/clients');
    const client = clients.find((c) => c.companyName === name)!;
    await page.goto(`/clients/${client.id}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    return client.id;
  }

  it('e-mails a client contact from the client page; a colleague sees it live in the hub; found by search, opened, templates previewed', async () => {
    const annContext = await newContext(world.browser, world.app.url);
    const benContext = await newContext(world.browser, world.app.url);
    const ann = await annContext.newPage();
    const ben = await benContext.newPage();
    await signIn(ann, world.ann.email, world.ann.password);
    await signIn(ben, world.ben.email, world.ben.password);

    // Ben watches the hub: the demo e-mails are there, newest first
    await ben.goto('/communications');
    await ben.getByRole('heading', { name: 'Communications', level: 1 }).waitFor();
    const benList = ben.getByRole('list', { name: 'E-mails' });
    await benList.getByRole('listitem').first().waitFor();

    // Ann e-mails Helen Park at Northwind Capital from the client page
    const clientId = await openClient(ann, 'Northwind Capital');
    await ann.getByRole('button', { name: 'Send email to Helen Park' }).click();
    const dialog = ann.getByRole('dialog', { name: 'Send Email to Helen Park' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Template' }).click();
    await ann.getByRole('option', { name: 'Candidate Submittal' }).click();
    await expect.poll(() => dialog.getByLabel('Subject').inputValue()).toBe('Candidate Submittal');
    await dialog.getByLabel('Subject').fill('Candidate Submittal: quokka finance lead');
    await dialog.getByLabel('Additional Notes (Optional)').fill('Ada led two IPOs and a turnaround.');
    const preview = dialog.getByTestId('email-preview-body');
    await expect.poll(() => preview.innerText()).toContain('Hi Helen,');
    expect(await preview.innerText()).toContain('I would like to put forward a candidate for your consideration');
    expect(await preview.innerText()).toContain('Ada led two IPOs and a turnaround.');
    const sentAt = Date.now();
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await ann.getByText('Email not delivered — saved to outbox').waitFor();
    const acceptedMs = Date.now() - sentAt;
    await dialog.waitFor({ state: 'hidden' });

    // Ben's hub shows it at the top without a reload
    await expect
      .poll(() => benList.getByRole('listitem').first().innerText(), { timeout: 10_000 })
      .toContain('Candidate Submittal: quokka finance lead');
    // measured, not asserted (the machine is shared): the colleague's hub shows it this soon after Send
    console.log(`[communications] accepted after ${acceptedMs} ms; on the colleague's hub after ${Date.now() - sentAt} ms`);

    // the client page lists it under E-mails
    const clientEmails = ann.getByRole('list', { name: 'E-mails to contacts' });
    await clientEmails.getByRole('link', { name: 'Candidate Submittal: quokka finance lead' }).waitFor();
    await screenshot(ann, 'communications-client-emails');

    // Ann finds it in the hub by search and opens it
    await ann.goto('/communications');
    await ann.getByRole('searchbox', { name: 'Search e-mails' }).fill('quokka');
    await ann.waitForURL((url) => url.searchParams.get('q') === 'quokka');
    const annList = ann.getByRole('list', { name: 'E-mails' });
    await expect.poll(() => annList.getByRole('listitem').count()).toBe(1);
    await annList.getByRole('link', { name: 'Candidate Submittal: quokka finance lead' }).click();
    const message = ann.getByRole('dialog', { name: 'Candidate Submittal: quokka finance lead' });
    await message.waitFor();
    await expect.poll(() => message.getByTestId('email-body').innerText()).toContain('Hi Helen,');
    await message.getByText('Kept in the local outbox, not delivered.').waitFor();
    await message.getByRole('link', { name: 'Northwind Capital' }).waitFor();
    // sent by Ann (the From row), and signed by her at the end of the body
    await message
      .getByRole('definition')
      .filter({ hasText: /^Ann Lee$/ })
      .waitFor();
    expect(await message.getByTestId('email-body').innerText()).toMatch(/Best regards,\s+Ann Lee\s*$/);
    expect(new URL(ann.url()).searchParams.get('open')).not.toBeNull();
    await screenshot(ann, 'communications-message');
    // from the message to every e-mail to its recipient (a recipient filter in the URL)
    await message.getByRole('link', { name: 'All e-mails to Helen Park' }).click();
    await message.waitFor({ state: 'hidden' });
    await ann.waitForURL((url) => url.searchParams.get('recipientKind') === 'contact' && url.searchParams.has('recipient'));
    await ann.getByText('Only e-mails to one contact').waitFor();
    await expect
      .poll(() => annList.getByRole('listitem').allInnerTexts())
      .toEqual([
        expect.stringContaining('Candidate Submittal: quokka finance lead'),
        expect.stringContaining('To Helen Park (Northwind Capital)'),
      ]);

    // a filter in the URL: delivered only finds nothing (all demo mail is in the outbox)
    await ann.goto(`/communications?client=${clientId}&delivered=true`);
    await ann.getByText('No e-mails match these filters').waitFor();

    // the templates tab previews every template with sample data
    await ann.goto('/communications');
    await ann.getByRole('tab', { name: 'Templates' }).click();
    const submittal = ann.getByTestId('template-candidate_submittal');
    await submittal.waitFor();
    expect(await submittal.getByTestId('template-preview').innerText()).toMatch(/^Hi Jordan,\n\nI would like to put forward a candidate/);
    await ann.getByTestId('template-custom').waitFor();
    await screenshot(ann, 'communications-templates');

    await annContext.close();
    await benContext.close();
  });

  it('composes from the hub: New email to a client contact, then it tops the list', async () => {
    const context = await newContext(world.browser, world.app.url);
    const page = await context.newPage();
    await signIn(page, world.ben.email, world.ben.password);
    await page.goto('/communications');
    await page.getByRole('list', { name: 'E-mails' }).getByRole('listitem').first().waitFor();
    await page.getByRole('button', { name: 'New email' }).click();
    const picker = page.getByRole('dialog', { name: 'New email' });
    expect(await picker.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await picker.getByRole('radio', { name: 'A client contact' }).click();
    await picker.getByRole('combobox', { name: 'Client' }).fill('Northwind');
    await page.getByRole('option', { name: 'Northwind Capital' }).click();
    await picker.getByRole('combobox', { name: 'Contact' }).click();
    await page.getByRole('option', { name: /^Marcus Reed/ }).click();
    await picker.getByRole('button', { name: 'Continue' }).click();
    const compose = page.getByRole('dialog', { name: 'Send Email to Marcus Reed' });
    await compose.waitFor();
    await compose.getByLabel('Subject').fill('Search Update: wombat shortlist');
    await compose.getByLabel('Additional Notes (Optional)').fill('Three finalists this week.');
    await expect.poll(() => compose.getByTestId('email-preview-body').innerText()).toContain('Hi Marcus,');
    await compose.getByRole('button', { name: 'Send Email' }).click();
    await compose.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByRole('list', { name: 'E-mails' }).getByRole('listitem').first().innerText())
      .toContain('Search Update: wombat shortlist');
    await context.close();
  });

  it('disables Send email for a contact without an address, saying why', async () => {
    const context = await newContext(world.browser, world.app.url);
    const page = await context.newPage();
    await signIn(page, world.ann.email, world.ann.password);
    const clients = await apiCall<Array<{ id: number; companyName: string }>>(page, 'GET', '/api/clients');
    const atlas = clients.find((c) => c.companyName !== 'Northwind Capital')!;
    await apiCall(page, 'POST', `/api/clients/${atlas.id}/contacts`, { name: 'Nomail Person', isPrimary: false });
    await page.goto(`/clients/${atlas.id}`);
    const button = page.getByRole('button', { name: 'Send email to Nomail Person' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    await page
      .getByTestId(/^contact-/)
      .filter({ hasText: 'Nomail Person' })
      .getByText('No e-mail address')
      .waitFor();
    await context.close();
  });

  // the hub's screens and dialogs under axe-core (WCAG 2.1 A + AA), like a11y-axe.spec.ts does for the others
  for (const scheme of ['light', 'dark'] as const) {
    it(`passes axe on the hub, a message, the templates and both compose dialogs (${scheme})`, async () => {
      const context = await newContext(world.browser, world.app.url, undefined, { bypassCSP: true });
      await context.addInitScript((mode) => localStorage.setItem('joy-mode', mode), scheme);
      const page = await context.newPage();
      await signIn(page, world.ben.email, world.ben.password);
      const failures: string[] = [];
      const check = async (what: string) => {
        for (const edge of await weakFieldEdges(page)) failures.push(`${what}: field edge below 3:1: ${edge}`);
        let { violations } = await runAxe(page);
        if (violations.length > 0) {
          // a colour measured mid-repaint can read wrong once; a real violation is still there later
          await expect
            .poll(async () => (await runAxe(page)).violations.length, { timeout: 2_000 })
            .toBe(0)
            .catch(() => undefined);
          ({ violations } = await runAxe(page));
        }
        for (const v of violations) failures.push(`${what}: ${v.rule} (${v.impact}): ${v.help}\n    ${v.nodes.join('\n    ')}`);
      };
      const dialog = page.getByRole('dialog');
      const closeDialog = async () => {
        await page.keyboard.press('Escape');
        await dialog.first().waitFor({ state: 'detached' });
      };

      await page.goto('/communications?delivered=false');
      const list = page.getByRole('list', { name: 'E-mails' });
      await list.getByRole('listitem').first().waitFor();
      await check('hub');
      await list.getByRole('link').first().click();
      await page.getByTestId('email-body').waitFor();
      await check('message');
      await closeDialog();
      await page.getByRole('tab', { name: 'Templates' }).click();
      await page.getByTestId('template-custom').waitFor();
      await check('templates');
      await page.getByRole('button', { name: 'New email' }).click();
      await dialog.getByRole('radio', { name: 'A client contact' }).click();
      await dialog.getByRole('combobox', { name: 'Client' }).waitFor();
      await check('new email');
      await closeDialog();
      const clients = await apiCall<Array<{ id: number; companyName: string }>>(page, 'GET', '/api/clients');
      await page.goto(`/clients/${clients.find((c) => c.companyName === 'Northwind Capital')!.id}`);
      await page.getByRole('button', { name: 'Send email to Marcus Reed' }).click();
      await dialog.getByTestId('email-preview-body').waitFor();
      await check('contact email dialog');
      await closeDialog();
      await context.close();
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
