/** One page of a list held in full: its rows, "from–to of total" and whether there are pages either side. */
export function pageOf<T>(items: readonly T[], page: number, size: number) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  const start = current * size;
  const rows = items.slice(start, start + size);
  return {
    rows,
    page: current,
    pages,
    total: items.length,
    from: rows.length ? start + 1 : 0,
    to: start + rows.length,
    hasPrevious: current > 0,
    hasNext: current < pages - 1,
  };
}
