import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from './support/api';
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
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await ann.getByText('Email not delivered — saved to outbox').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // the client page lists it under E-mails
    const clientEmails = ann.getByRole('list', { name: 'E-mails to contacts' });
    await clientEmails.getByRole('link', { name: 'Candidate Submittal: quokka finance lead' }).waitFor();
    await screenshot(ann, 'communications-client-emails');

    // Ben's hub shows it at the top without a reload
    await expect
      .poll(() => benList.getByRole('listitem').first().innerText(), { timeout: 10_000 })
      .toContain('Candidate Submittal: quokka finance lead');

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
    await message.getByText('Ann Lee').waitFor();
    expect(new URL(ann.url()).searchParams.get('open')).not.toBeNull();
    await screenshot(ann, 'communications-message');
    await message.getByRole('button', { name: 'Close' }).click();
    await message.waitFor({ state: 'hidden' });

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
});
