import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Standalone } from '@ats/standalone';
import { apiCall } from './support/api';
import { PHONE, browserSkipReason, launchBrowser, newContext, screenshot, signIn } from './support/browser';
import { addUser, loadDemo, startServer } from './support/server';

describe.skipIf(browserSkipReason !== null)('clients and job orders', () => {
  let app: Standalone;
  let browser: Browser;
  let user: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    app = await startServer();
    browser = await launchBrowser();
    user = await addUser(app, 'recruiter', 'Riley', 'Quinn');
    await loadDemo(app, user);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('adds, searches, opens and deletes a client, with contact persons', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/clients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await page.locator('[data-testid^="client-card-"]:not([data-testid="client-card-skeleton"])').first().waitFor();
    await screenshot(page, 'clients-desktop');

    const search = page.getByRole('searchbox', { name: 'Search clients' });
    expect(await search.getAttribute('placeholder')).toBe('Search clients...');
    await search.fill('zzz-nothing');
    await page.getByText('No clients found').waitFor();
    await search.fill('');

    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Client' });
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await dialog.getByText('Company name is required').waitFor();
    await dialog.getByLabel('Company Name').fill('Northwind Aerospace');
    await dialog.getByLabel('Industry').fill('Aerospace');
    await dialog.getByLabel('Website').fill('northwind.example');
    await dialog.getByRole('combobox', { name: /Priority/ }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await dialog.getByLabel('Description').fill('Satellite launch services. Expanding the executive team ahead of an IPO in two years.');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await page.getByText('The new client has been successfully created.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await search.fill('Northwind');
    const card = page.locator('[data-testid^="client-card-"]', { hasText: 'Northwind Aerospace' });
    await card.waitFor();
    expect(await card.getByRole('link', { name: 'northwind.example' }).getAttribute('href')).toBe('https://northwind.example');
    await card.getByText('High').waitFor();
    await card.getByRole('link', { name: 'Northwind Aerospace' }).click();

    await page.getByRole('heading', { name: 'Northwind Aerospace', level: 1 }).waitFor();
    await page.getByText('HIGH Priority').waitFor();
    await page.getByText('No contacts yet').waitFor();
    await page.getByText('Contact Persons (0)').waitFor();
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const contactDialog = page.getByRole('dialog', { name: 'Add Contact Person' });
    for (const label of ['Full Name', 'Position/Title', 'Email', 'Phone Number', 'Notes']) await contactDialog.getByLabel(label).waitFor();
    await contactDialog.getByRole('button', { name: 'Add Contact' }).click();
    await contactDialog.getByText('Name is required').waitFor();
    await contactDialog.getByLabel('Full Name').fill('Maya Chen');
    await contactDialog.getByLabel('Email').fill('not-an-email');
    await contactDialog.getByRole('button', { name: 'Add Contact' }).click();
    await contactDialog.getByText('Invalid email').waitFor();
    await contactDialog.getByLabel('Email').fill('maya.chen@northwind.example');
    await contactDialog.getByLabel('Position/Title').fill('Chief People Officer');
    await contactDialog.getByLabel('Phone Number').fill('+1 310 555 0199');
    await contactDialog.getByRole('checkbox', { name: 'Primary Contact' }).check();
    await contactDialog.getByRole('button', { name: 'Add Contact' }).click();
    await page.getByText('Contact added').waitFor();
    await contactDialog.waitFor({ state: 'hidden' });
    await page.getByText('Contact Persons (1)').waitFor();
    const contact = page.locator('[data-testid^="contact-"]', { hasText: 'Maya Chen' });
    await contact.getByText('Primary').waitFor();
    expect(await contact.getByRole('link', { name: 'maya.chen@northwind.example' }).getAttribute('href')).toBe(
      'mailto:maya.chen@northwind.example',
    );
    expect(await contact.getByRole('link', { name: '+1 310 555 0199' }).getAttribute('href')).toBe('tel:+1 310 555 0199');
    await screenshot(page, 'client-detail-desktop');

    await contact.getByRole('button', { name: 'Delete contact Maya Chen' }).click();
    await page.getByRole('alertdialog', { name: 'Delete contact Maya Chen?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Contact deleted').waitFor();
    await page.getByText('No contacts yet').waitFor();

    await page.getByRole('button', { name: 'Delete Client' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Client deleted').waitFor();
    await page.waitForURL((url) => url.pathname === '/clients');
    await page.goto('/clients/987654');
    await page.getByRole('heading', { name: 'Client not found' }).waitFor();
    await context.close();
  });

  it('adds a job order for a client, searches and deletes it', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/jobs');
    await page.getByRole('heading', { name: 'Job Orders', level: 1 }).waitFor();
    await page.locator('[data-testid^="job-card-"]:not([data-testid="job-card-skeleton"])').first().waitFor();
    await page
      .getByText(/^\d+ days open$/)
      .first()
      .waitFor();
    await screenshot(page, 'jobs-desktop');

    const search = page.getByRole('searchbox', { name: 'Search jobs' });
    expect(await search.getAttribute('placeholder')).toBe('Search jobs...');
    await search.fill('zzz-nothing');
    await page.getByText('No job orders found').waitFor();
    await search.fill('');

    const [client] = await apiCall<{ companyName: string }[]>(page, 'GET', '/api/clients');
    await page.getByRole('button', { name: 'Add Job Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Job Order' });
    await dialog.getByLabel('Job Title').fill('Head of Investor Relations');
    await dialog.getByLabel('Department').fill('Finance');
    await dialog.getByLabel('Location').fill('Boston, MA');
    await dialog.getByRole('combobox', { name: /Client/ }).click();
    await page.getByRole('option', { name: client!.companyName, exact: true }).click();
    await dialog.getByRole('combobox', { name: /Priority/ }).click();
    await page.getByRole('option', { name: 'Urgent' }).click();
    await dialog.getByLabel('Salary Min ($k)').fill('abc');
    await dialog.getByRole('button', { name: 'Create Job Order' }).click();
    await dialog.getByText('Invalid input').waitFor();
    await dialog.getByLabel('Salary Min ($k)').fill('210');
    await dialog.getByLabel('Salary Max ($k)').fill('260');
    await dialog.getByRole('button', { name: 'Create Job Order' }).click();
    await page.getByText('Job created', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await search.fill('Investor Relations');
    const card = page.locator('[data-testid^="job-card-"]', { hasText: 'Head of Investor Relations' });
    await card.waitFor();
    await card.getByText(client!.companyName).waitFor();
    await card.getByText('$210k - $260k').waitFor();
    await card.getByText('0 days open').waitFor();
    await card.getByText('Open', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Delete Head of Investor Relations' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Head of Investor Relations?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Job deleted').waitFor();
    await card.waitFor({ state: 'detached' });
    await page.getByText('No job orders found').waitFor();
    await context.close();
  });

  it('is usable on a phone', async () => {
    const context = await newContext(browser, app.url, PHONE);
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto('/clients');
    await page.locator('[data-testid^="client-card-"]').first().waitFor();
    await screenshot(page, 'clients-phone');
    const [client] = await apiCall<{ id: number }[]>(page, 'GET', '/api/clients');
    await page.goto(`/clients/${client!.id}`);
    await page.getByText('Company Information').waitFor();
    await screenshot(page, 'client-detail-phone');
    await page.goto('/jobs');
    await page.locator('[data-testid^="job-card-"]').first().waitFor();
    await screenshot(page, 'jobs-phone');
    await page.getByRole('button', { name: 'Add Job Order' }).click();
    await page.getByRole('dialog', { name: 'Add New Job Order' }).waitFor();
    await screenshot(page, 'add-job-phone');
    await context.close();
  });
});
