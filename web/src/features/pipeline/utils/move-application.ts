import type { InfiniteData } from '@tanstack/react-query';
import type { Application, ApplicationStage, PipelineSummary } from '@ats/contracts';

/** One fetched page of a column; `hasMore` says whether the server had a full page. */
export interface ApplicationPage {
  items: Application[];
  hasMore: boolean;
}
export type ColumnPages = InfiniteData<ApplicationPage, unknown>;

/** A column's order, as the server sorts it: newest application first, then the higher id. */
export function compareApplications(a: Application, b: Application): number {
  const byDate = Date.parse(b.appliedAt) - Date.parse(a.appliedAt);
  if (byDate !== 0 && !Number.isNaN(byDate)) return byDate;
  return b.id - a.id;
}

/**
 * The column's cards in order. A card can arrive twice when the list shifted between two page
 * fetches (someone moved a card meanwhile); it is shown once.
 */
export function loadedApplications(data: ColumnPages | undefined): Application[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: Application[] = [];
  for (const page of data.pages) {
    for (const application of page.items) {
      if (seen.has(application.id)) continue;
      seen.add(application.id);
      out.push(application);
    }
  }
  return out;
}

/**
 * Where the next page starts: after every card the column holds now, so a card moved out of (or
 * into) the loaded part is neither skipped nor fetched twice; none when the server had no more.
 */
export function nextPageOffset(pages: readonly ApplicationPage[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last?.hasMore) return undefined;
  return pages.reduce((sum, page) => sum + page.items.length, 0);
}

/** Pure: the column without one card, and that card (null and the same data when absent). */
export function removeFromPages(data: ColumnPages, id: number): { data: ColumnPages; removed: Application | null } {
  for (let p = 0; p < data.pages.length; p++) {
    const page = data.pages[p]!;
    const index = page.items.findIndex((application) => application.id === id);
    if (index === -1) continue;
    const pages = [...data.pages];
    pages[p] = { ...page, items: [...page.items.slice(0, index), ...page.items.slice(index + 1)] };
    return { data: { ...data, pages }, removed: page.items[index]! };
  }
  return { data, removed: null };
}

/**
 * Pure: the column with the card at its place in the server's order among the loaded cards. A
 * card that sorts after everything loaded goes at the end, so the moved card stays in sight
 * until the refetch puts it where it belongs.
 */
export function insertIntoPages(data: ColumnPages, application: Application): ColumnPages {
  const { data: without } = removeFromPages(data, application.id);
  if (without.pages.length === 0) return { ...without, pages: [{ items: [application], hasMore: false }], pageParams: [0] };
  for (let p = 0; p < without.pages.length; p++) {
    const page = without.pages[p]!;
    const index = page.items.findIndex((item) => compareApplications(application, item) < 0);
    if (index === -1) continue;
    const pages = [...without.pages];
    pages[p] = { ...page, items: [...page.items.slice(0, index), application, ...page.items.slice(index)] };
    return { ...without, pages };
  }
  const last = without.pages.length - 1;
  const pages = [...without.pages];
  pages[last] = { ...pages[last]!, items: [...pages[last]!.items, application] };
  return { ...without, pages };
}

/** Pure: the summary bar after one card moved from one stage to another. */
export function moveInSummary(summary: PipelineSummary, from: ApplicationStage, to: ApplicationStage): PipelineSummary {
  if (from === to) return summary;
  const stages = { ...summary.stages };
  stages[from] = Math.max(0, (stages[from] ?? 0) - 1);
  stages[to] = (stages[to] ?? 0) + 1;
  return { ...summary, stages };
}
