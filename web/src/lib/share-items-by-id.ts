import { replaceEqualDeep, type InfiniteData } from '@tanstack/react-query';

interface ItemPage<T> {
  items: T[];
}

/**
 * Structural sharing for a paged list of cards: keeps the previous object of every card whose
 * content did not change, matched by id rather than by position. TanStack's default matches by
 * index, so removing one card near the top (a drag, a delete) gave every card below it a new
 * object, and every memoised card re-rendered.
 */
export function shareItemsById<T extends { id: number }, P extends ItemPage<T>>(
  previous: InfiniteData<P, unknown> | undefined,
  next: InfiniteData<P, unknown>,
): InfiniteData<P, unknown> {
  if (!previous || previous === next) return next;
  const known = new Map<number, T>();
  for (const page of previous.pages) for (const item of page.items) known.set(item.id, item);
  let changed = previous.pages.length !== next.pages.length;
  const pages = next.pages.map((page, index) => {
    const items = page.items.map((item) => {
      const old = known.get(item.id);
      return old !== undefined && replaceEqualDeep(old, item) === old ? old : item;
    });
    const before = previous.pages[index];
    const samePage =
      before !== undefined &&
      before.items.length === items.length &&
      items.every((item, i) => item === before.items[i]) &&
      sameOtherFields(before, page);
    if (samePage) return before;
    changed = true;
    return { ...page, items };
  });
  const pageParams = replaceEqualDeep(previous.pageParams, next.pageParams);
  if (!changed && pageParams === previous.pageParams) return previous;
  return { ...next, pages, pageParams };
}

/** The page's fields other than its items (e.g. `hasMore`) are plain values. */
function sameOtherFields(a: object, b: object): boolean {
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  return keys.every((key) => key === 'items' || Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** `shareItemsById` as a query's `structuralSharing` option (which TanStack types as unknown). */
export function structuralSharingById(previous: unknown, next: unknown): unknown {
  return shareItemsById(
    previous as InfiniteData<ItemPage<{ id: number }>, unknown> | undefined,
    next as InfiniteData<ItemPage<{ id: number }>, unknown>,
  );
}
