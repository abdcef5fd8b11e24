import type { AnalyticsCandidateDoc } from '@ats/projector';
import { describe, expect, it } from 'vitest';
import { ActiveCandidatesCopy, activeSpans } from './active-candidates';
import { candidateActiveAt } from './history';

const iso = (day: number, hour = 0) => new Date(Date.UTC(2026, 0, day, hour)).toISOString();

/** a deterministic pseudo-random history: statuses (in order), deletions and restorations */
function randomCandidate(id: number, seed: number): AnalyticsCandidateDoc {
  let x = seed;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  const createdDay = 1 + next(10);
  let day = createdDay;
  const statuses = [{ status: ['active', 'passive', 'placed'][next(3)]!, at: iso(day) }];
  const deletions: AnalyticsCandidateDoc['deletions'] = [];
  for (let k = next(6); k > 0; k--) {
    day += next(4); // same day twice: two changes at the same instant
    if (next(3) === 0) {
      const to = next(2) === 0 ? null : iso(day + 1 + next(3));
      deletions.push({ from: iso(day, 12), to });
    } else statuses.push({ status: ['active', 'passive', 'placed', 'active'][next(4)]!, at: iso(day) });
  }
  return { id, createdAt: iso(createdDay), statuses, deletions };
}

describe('active candidates in memory', () => {
  it('a candidate is active exactly when candidateActiveAt says so, at every instant around its changes', () => {
    // a status recorded before the candidate's creation instant (imported history) counts from creation
    const early = { id: 1, createdAt: iso(5), statuses: [{ status: 'active', at: iso(2) }], deletions: [] };
    for (let seed = 0; seed <= 400; seed++) {
      const doc = seed === 0 ? early : randomCandidate(seed, seed);
      const spans = activeSpans(doc);
      expect(spans).not.toBeNull();
      const inSpans = (t: number) => {
        for (let i = 0; i < spans!.length; i += 2) if (spans![i]! < t && t <= spans![i + 1]!) return true;
        return false;
      };
      const instants = [
        ...doc.statuses.map((s) => s.at),
        ...doc.deletions.flatMap((d) => (d.to ? [d.from, d.to] : [d.from])),
        doc.createdAt,
      ].flatMap((at) => [Date.parse(at) - 1, Date.parse(at), Date.parse(at) + 1]);
      for (const t of [...instants, Date.parse(iso(40))])
        expect(inSpans(t), `seed ${seed} at ${new Date(t).toISOString()}`).toBe(candidateActiveAt(doc, new Date(t).toISOString()));
    }
  });

  it('counts, updates and removes candidates; an out-of-order history is still counted exactly', () => {
    const copy = new ActiveCandidatesCopy();
    const docs = Array.from({ length: 300 }, (_, i) => randomCandidate(i + 1, i * 7 + 3));
    // statuses out of order (a clock that went back): kept as the document, asked directly
    docs.push({
      id: 5000,
      createdAt: iso(1),
      statuses: [
        { status: 'active', at: iso(5) },
        { status: 'passive', at: iso(3) },
      ],
      deletions: [],
    });
    for (const doc of docs) copy.put(doc);
    const expected = (t: string, list: AnalyticsCandidateDoc[]) => list.filter((d) => candidateActiveAt(d, t)).length;
    for (let day = 1; day <= 40; day += 3) expect(copy.countAt(iso(day, 6))).toBe(expected(iso(day, 6), docs));
    // a changed candidate replaces its spans; a removed one no longer counts
    const changed = { ...docs[0]!, statuses: [{ status: 'active', at: docs[0]!.createdAt }], deletions: [] };
    copy.put(changed);
    copy.remove(docs[1]!.id);
    copy.remove(5000);
    const now = [changed, ...docs.slice(2, 300)];
    for (let day = 1; day <= 40; day += 3) expect(copy.countAt(iso(day, 6))).toBe(expected(iso(day, 6), now));
    expect(copy.countAt(iso(40))).toBeGreaterThan(0);
  });
});
