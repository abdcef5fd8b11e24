import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from './support/api';
import { DESKTOP, PHONE, browserSkipReason, newContext, screenshot, signIn } from './support/browser';
import { useTwoUserWorld } from './support/server';

/**
 * Issue 12's screenshots: the changed screens (job page, candidate detail's Attached Jobs, pipeline,
 * dashboard, feed page, search palette, notifications, a confirm dialog, Edit Job) at three sizes in
 * light and dark, saved under web/e2e/screenshots/ (git-ignored) to be looked at.
 */
describe.skipIf(browserSkipReason !== null)('the changed screens at three sizes, light and dark', () => {
  const w = useTwoUserWorld();

  describe.each([
    ['1440x900', DESKTOP],
    ['1280x720', { width: 1280, height: 720 }],
    ['390x844', PHONE],
  ] as const)('at %s', (size, viewport) => {
    it.each(['light', 'dark'] as const)('%s', async (scheme) => {
      const context = await newContext(w.browser, w.app.url, viewport);
      await context.addInitScript((mode) => localStorage.setItem('joy-mode', mode), scheme);
      const page = await context.newPage();
      await signIn(page, w.ann.email, w.ann.password);
      const shot = (screen: string) => screenshot(page, `tour-${size}-${scheme}-${screen}`);
      const apps = await apiCall<{ jobId: number; candidateId: number }[]>(page, 'GET', '/api/applications?limit=1');
      const { jobId, candidateId } = apps[0]!;

      await page.getByTestId('activity-item').first().waitFor();
      await shot('dashboard');
      // the bell is on the dashboard's header (the shell gets it in another branch)
      await page
        .getByRole('button', { name: /^Notifications/ })
        .first()
        .click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await panel.waitFor();
      // the whole panel is inside the window (on a phone it was cut off on the left)
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await shot('notifications');
      await page.keyboard.press('Escape');

      await page.goto(`/jobs/${jobId}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByTestId('job-candidate').first().waitFor();
      await shot('job-page');
      const client = await page.getByTestId('job-details').getByRole('link').first().textContent();
      await page.getByTestId('job-actions').getByRole('button', { name: 'Edit Job' }).click();
      const edit = page.getByRole('dialog');
      await edit.waitFor();
      // the job's client is shown in the picker, not "No client" (the options arrive after the dialog)
      await expect.poll(() => edit.getByRole('combobox', { name: /Client/ }).textContent(), { timeout: 3000 }).toContain(client!);
      await shot('edit-job');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByTestId('job-actions').getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').waitFor();
      await shot('confirm-delete');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

      await page.goto(`/candidates/${candidateId}`);
      await page.getByRole('tab', { name: 'Attached Jobs' }).click();
      await page.getByTestId('attached-job').first().waitFor();
      // the e-mail keeps its line: the status and Follow wrap below instead of squeezing it
      const email = (await page.getByTestId('candidate-email').boundingBox())!;
      expect(email.height).toBeLessThan(32);
      // a job's title keeps its line: the chips and Remove wrap below it on a phone
      const title = (await page.getByTestId('attached-job').first().getByRole('link').first().boundingBox())!;
      expect(title.height).toBeLessThan(32);
      await shot('candidate-attached-jobs');

      await page.goto(`/jobs/pipeline?job=${jobId}`);
      await page.locator('[data-testid^="application-card-"]').first().waitFor();
      await shot('pipeline');

      await page.goto('/activity');
      await page.getByTestId('activity-item').first().waitFor();
      await shot('activity');

      await openPalette(page);
      await page.getByRole('combobox', { name: 'Search candidates, clients, jobs and contacts' }).fill('chief');
      await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().waitFor();
      await shot('search-palette');
      await page.keyboard.press('Escape');

      await context.close();
    });
  });
});

async function openPalette(page: Page) {
  const header = page.getByRole('searchbox', { name: 'Search candidates, clients, jobs' });
  if (await header.isVisible()) await header.click();
  else await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search candidates, clients, jobs and contacts' }).waitFor();
}
