import { describe, expect, it } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import { shareItemsById } from './share-items-by-id';

interface Card {
  id: number;
  name: string;
  tags: string[];
}
type Pages = InfiniteData<{ items: Card[]; hasMore: boolean }, unknown>;

const card = (id: number, name = `n${id}`): Card => ({ id, name, tags: ['a'] });
const pages = (...lists: Card[][]): Pages => ({
  pages: lists.map((items) => ({ items, hasMore: true })),
  pageParams: lists.map((_, i) => i * 3),
});
// what a refetch returns: equal content, new objects
const fresh = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('shareItemsById', () => {
  it('keeps every unchanged card object when one near the top is gone', () => {
    const before = pages([card(5), card(4), card(3)], [card(2), card(1)]);
    const after = shareItemsById(before, fresh(pages([card(4), card(3), card(2)], [card(1)])));
    expect(after.pages[0]!.items[0]).toBe(before.pages[0]!.items[1]);
    expect(after.pages[0]!.items[2]).toBe(before.pages[1]!.items[0]);
    expect(after.pages[1]!.items[0]).toBe(before.pages[1]!.items[1]);
  });
  it('takes the new object of a card whose content changed', () => {
    const before = pages([card(2), card(1)]);
    const after = shareItemsById(before, fresh(pages([card(2, 'renamed'), card(1)])));
    expect(after.pages[0]!.items[0]!.name).toBe('renamed');
    expect(after.pages[0]!.items[1]).toBe(before.pages[0]!.items[1]);
  });
  it('returns the previous data when nothing changed', () => {
    const before = pages([card(2), card(1)], [card(0)]);
    expect(shareItemsById(before, fresh(before))).toBe(before);
  });
  it('keeps an unchanged page and replaces a changed one', () => {
    const before = pages([card(4), card(3)], [card(2), card(1)]);
    const after = shareItemsById(before, fresh(pages([card(4), card(3)], [card(2)])));
    expect(after.pages[0]).toBe(before.pages[0]);
    expect(after.pages[1]).not.toBe(before.pages[1]);
    expect(after.pages[1]!.items.map((c) => c.id)).toEqual([2]);
  });
  it('takes the new data when there was none', () => {
    const next = pages([card(1)]);
    expect(shareItemsById(undefined, next)).toBe(next);
  });
});
