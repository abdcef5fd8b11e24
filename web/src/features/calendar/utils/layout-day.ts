/** An interview placed in a day column of the week view. */
export interface DayItem {
  id: number;
  start: number;
  end: number;
}

export interface PlacedItem {
  id: number;
  /** 0-based lane and the number of lanes of its overlapping group */
  lane: number;
  lanes: number;
}

/**
 * Side-by-side lanes for overlapping interviews of one day: each goes in the first lane free at
 * its start; a group of transitively overlapping interviews shares one lane count.
 */
export function layoutDay(items: readonly DayItem[]): Map<number, PlacedItem> {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end || a.id - b.id);
  const placed = new Map<number, PlacedItem>();
  let group: PlacedItem[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -Infinity;
  const closeGroup = () => {
    for (const p of group) p.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    if (item.start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = Math.max(item.end, item.start + 1);
    groupEnd = Math.max(groupEnd, item.end);
    const p = { id: item.id, lane, lanes: 1 };
    group.push(p);
    placed.set(item.id, p);
  }
  closeGroup();
  return placed;
}
