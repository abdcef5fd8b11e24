import { describe, expect, it } from 'vitest';
import { capGroups, rank, scoreMatch, searchWords } from './search-ranking';

describe('global search matching and ranking', () => {
  it('splits the query into folded, lower-case words (at most 8)', () => {
    expect(searchWords('  José   MÜLLER ')).toEqual(['jose', 'muller']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('   ')).toEqual([]);
  });

  it('needs every word to match some field, case- and accent-insensitively', () => {
    expect(scoreMatch(['jose'], { primary: ['José Müller'] })).not.toBeNull();
    expect(scoreMatch(['müller'], { primary: ['Jose Muller'] })).toBeNull(); // words are folded by searchWords, not here
    expect(scoreMatch(searchWords('müller'), { primary: ['Jose Muller'] })).not.toBeNull();
    expect(scoreMatch(['ada', 'navy'], { primary: ['Ada Lovelace'], secondary: ['ada@example.com'] })).toBeNull();
    expect(scoreMatch(['ada', 'example'], { primary: ['Ada Lovelace'], secondary: ['ada@example.com'] })).not.toBeNull();
    expect(scoreMatch([], { primary: ['Ada'] })).toBeNull();
  });

  it('takes regex and LIKE syntax literally', () => {
    expect(scoreMatch(['.*'], { primary: ['Ada Lovelace'] })).toBeNull();
    expect(scoreMatch(['c++'], { primary: ['Ada'], secondary: ['C++'] })).not.toBeNull();
    expect(scoreMatch(['100%'], { primary: ['100% Growth Ltd'] })).not.toBeNull();
    expect(scoreMatch(['(a+)+$'], { primary: ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'] })).toBeNull();
  });

  it('ranks exact over prefix over word prefix over substring, name over other fields', () => {
    const s = (q: string, primary: string, secondary: string[] = []) => scoreMatch(searchWords(q), { primary: [primary], secondary })!;
    expect(s('ada', 'Ada')).toBeGreaterThan(s('ada', 'Adam Smith'));
    expect(s('ada', 'Adam Smith')).toBeGreaterThan(s('ada', 'Grace Ada'));
    expect(s('ada', 'Grace Ada')).toBeGreaterThan(s('ada', 'Canada Dry'));
    expect(s('ada', 'Canada Dry')).toBeGreaterThan(s('ada', 'Zed', ['Canada']));
    expect(s('ada lovelace', 'Ada Lovelace')).toBeGreaterThan(s('ada lovelace', 'Lovelace Ada'));
  });

  it('orders by score, then title, and caps', () => {
    const items = [
      { item: 'b', score: 10, title: 'B' },
      { item: 'a', score: 10, title: 'A' },
      { item: 'c', score: 50, title: 'C' },
    ];
    expect(rank(items, 5)).toEqual(['c', 'a', 'b']);
    expect(rank(items, 2)).toEqual(['c', 'a']);
    expect(rank(items, 0)).toEqual([]);
  });

  it('cuts groups to a total, every non-empty group keeping its best first', () => {
    expect(capGroups([[1, 2, 3], [4], [], [5, 6]], 4)).toEqual([[1, 2], [4], [], [5]]);
    expect(capGroups([[1, 2, 3], [4]], 10)).toEqual([[1, 2, 3], [4]]);
    expect(
      capGroups(
        [
          [1, 2],
          [3, 4],
        ],
        1,
      ),
    ).toEqual([[1], []]);
  });
});
