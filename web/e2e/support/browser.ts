import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Why the browser suites cannot run here, or null when they can. */
export const browserSkipReason = existsSync(CHROMIUM) ? null : `Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`;
if (browserSkipReason) console.warn(`[skip] browser tests: ${browserSkipReason}`);

export const SCREENSHOTS = join(import.meta.dirname, '..', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  options: { bypassCSP?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport,
    reducedMotion: 'reduce',
    isMobile: viewport === PHONE,
    hasTouch: viewport === PHONE,
    ...options,
  });
}

/** Signs in through the real sign-in page, as a user would. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/api/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: options.fullPage ?? false });
}

/** A fresh context signed in as `user`, at `path`. */
export async function openSignedIn(browser: Browser, baseURL: string, user: { email: string; password: string }, path: string) {
  const context = await newContext(browser, baseURL);
  const page = await context.newPage();
  await signIn(page, user.email, user.password);
  await page.goto(path);
  return { context, page };
}
