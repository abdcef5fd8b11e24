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

/**
 * WCAG 1.4.11, which axe does not check: the edge of every visible text field and select
 * against what is behind it. Returns the fields under `minimum` (3:1) with their ratio.
 */
export async function weakFieldEdges(page: Page, minimum = 3): Promise<string[]> {
  return page.evaluate((min) => {
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) =>
      [r!, g!, b!]
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const backdrop = (el: Element | null): number[] => {
      for (let node = el; node; node = node.parentElement) {
        const [r, g, b, a = 1] = rgb(getComputedStyle(node).backgroundColor);
        if (a > 0.5) return [r!, g!, b!];
      }
      return [255, 255, 255];
    };
    const weak: string[] = [];
    for (const field of document.querySelectorAll<HTMLElement>('.MuiInput-root, .MuiTextarea-root, .MuiSelect-root')) {
      const style = getComputedStyle(field);
      if (field.offsetParent === null || style.borderTopStyle === 'none' || parseFloat(style.borderTopWidth) === 0) continue;
      // a disabled control is exempt (1.4.11 "inactive"), and only outlined fields draw an edge
      if (!field.className.includes('variantOutlined') || field.classList.contains('Mui-disabled')) continue;
      const [l1, l2] = [luminance(rgb(style.borderTopColor)), luminance(backdrop(field.parentElement))].sort((a, b) => b - a);
      const ratio = (l1! + 0.05) / (l2! + 0.05);
      if (ratio < min)
        weak.push(
          `${field.querySelector('input, textarea, button')?.getAttribute('name') ?? field.className.slice(0, 40)}: ${ratio.toFixed(2)}:1 (${style.borderTopColor})`,
        );
    }
    return weak;
  }, minimum);
}
