import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, injected into the page under test. */
export const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

/** The rules the app must pass (WCAG 2.1 A and AA). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeFinding {
  rule: string;
  impact: string | null;
  help: string;
  /** a few offending nodes: selector and axe's summary (colours and ratio for contrast) */
  nodes: string[];
}

export interface AxeReport {
  /** WCAG 2.1 A/AA violations: each one fails the check */
  violations: AxeFinding[];
  /** best-practice findings: printed, not failed */
  bestPractice: AxeFinding[];
}

interface RawResult {
  id: string;
  impact: string | null;
  help: string;
  tags: string[];
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** Runs axe-core over the whole document as it is now (an open dialog included). */
export async function runAxe(page: Page): Promise<AxeReport> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const raw = await page.evaluate(
    async (tags) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: RawResult[] }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.map(({ id, impact, help, tags: ruleTags, nodes }) => ({
        id,
        impact,
        help,
        tags: ruleTags,
        nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
      }));
    },
    [...WCAG_TAGS, 'best-practice'],
  );
  const finding = (result: RawResult): AxeFinding => ({
    rule: result.id,
    impact: result.impact,
    help: result.help,
    nodes: result.nodes
      .slice(0, 5)
      .map(
        (node) =>
          `${JSON.stringify(node.target)} ${node.html.slice(0, 160)}\n      ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`,
      ),
  });
  const isWcag = (result: RawResult) => result.tags.some((tag) => (WCAG_TAGS as readonly string[]).includes(tag));
  return { violations: raw.filter(isWcag).map(finding), bestPractice: raw.filter((result) => !isWcag(result)).map(finding) };
}
