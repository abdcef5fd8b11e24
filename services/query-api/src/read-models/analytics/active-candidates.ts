import type { AnalyticsCandidateDoc } from '@ats/projector';
import type { Doc, DocumentStore } from '@ats/storage';
import { READ_MODELS } from '../names';
import { candidateActiveAt } from './history';
import { createLiveCopy, type LiveIndexOptions } from './live-index';

type CandidateDoc = AnalyticsCandidateDoc & Doc;

/**
 * When a candidate counts as active, as spans of instants: `(from, to]` in epoch ms, the exact
 * set of instants t for which `candidateActiveAt(doc, t)` holds (created before t, its last status
 * before t is `active`, and no deletion with `from < t <= to`). Null when the document's history is
 * out of order (the copy then keeps the document and asks `candidateActiveAt` itself).
 */
export function activeSpans(doc: AnalyticsCandidateDoc): number[] | null {
  const at = doc.statuses.map((s) => Date.parse(s.at));
  for (let i = 1; i < at.length; i++) if (!(at[i]! >= at[i - 1]!)) return null;
  const created = Date.parse(doc.createdAt);
  if (Number.isNaN(created)) return null;
  // the status spans: status i holds for t in (at[i], at[i + 1]]
  let spans: number[] = [];
  doc.statuses.forEach((s, i) => {
    if (s.status !== 'active') return;
    const from = Math.max(at[i]!, created);
    const to = i + 1 < at.length ? at[i + 1]! : Infinity;
    if (from < to) spans.push(from, to);
  });
  // minus the deletions, each (from, to] (to null: still deleted)
  for (const d of doc.deletions) {
    const cutFrom = Date.parse(d.from);
    const cutTo = d.to === null ? Infinity : Date.parse(d.to);
    if (Number.isNaN(cutFrom) || Number.isNaN(cutTo)) return null;
    if (!(cutFrom < cutTo)) continue;
    const next: number[] = [];
    for (let i = 0; i < spans.length; i += 2) {
      const from = spans[i]!;
      const to = spans[i + 1]!;
      // the part before the cut: (from, min(to, cutFrom)]; the part after it: (max(from, cutTo), to]
      if (from < Math.min(to, cutFrom)) next.push(from, Math.min(to, cutFrom));
      if (Math.max(from, cutTo) < to) next.push(Math.max(from, cutTo), to);
    }
    spans = next;
  }
  return spans;
}

/**
 * The dashboard's Active Candidates at any instant (now, and the same moment last month), from an
 * in-memory copy of `analytics_candidates` reduced to each candidate's active spans: 16 bytes per
 * candidate in two typed columns for the usual single span, a map for the few with more. Reading
 * every candidate's document per request took 1.3–1.5 s at 250,000 candidates; a count over the
 * columns takes about a millisecond.
 */
export class ActiveCandidatesCopy {
  /** per candidate id: the single span (NaN = none, or kept in `multi` / `irregular`) */
  private from = new Float64Array(1024).fill(Number.NaN);
  private to = new Float64Array(1024).fill(Number.NaN);
  private readonly multi = new Map<number, number[]>();
  private readonly irregular = new Map<number, AnalyticsCandidateDoc>();
  /** ids that are not small non-negative integers (none from our projector; kept exactly anyway) */
  private readonly other = new Map<string, number[] | AnalyticsCandidateDoc>();

  private slot(id: number): number | null {
    return Number.isInteger(id) && id >= 0 && id <= 50_000_000 ? id : null;
  }

  private grow(id: number): void {
    if (id < this.from.length) return;
    const size = Math.max(id + 1, this.from.length * 2);
    const from = new Float64Array(size).fill(Number.NaN);
    const to = new Float64Array(size).fill(Number.NaN);
    from.set(this.from);
    to.set(this.to);
    this.from = from;
    this.to = to;
  }

  put(doc: CandidateDoc): void {
    this.remove(doc.id);
    const spans = activeSpans(doc);
    const slot = this.slot(Number(doc.id));
    if (slot === null) {
      this.other.set(String(doc.id), spans ?? doc);
      return;
    }
    if (spans === null) this.irregular.set(slot, doc);
    else if (spans.length === 2) {
      this.grow(slot);
      this.from[slot] = spans[0]!;
      this.to[slot] = spans[1]!;
    } else if (spans.length > 2) this.multi.set(slot, spans);
  }

  remove(id: CandidateDoc['id']): void {
    const slot = this.slot(Number(id));
    if (slot === null) {
      this.other.delete(String(id));
      return;
    }
    if (slot < this.from.length) {
      this.from[slot] = Number.NaN;
      this.to[slot] = Number.NaN;
    }
    this.multi.delete(slot);
    this.irregular.delete(slot);
  }

  /** how many candidates were active at `instant` (ISO), as `candidateActiveAt` counts them */
  countAt(instant: string): number {
    const t = Date.parse(instant);
    let n = 0;
    const { from, to } = this;
    // NaN compares false: empty slots never count
    for (let i = 0; i < from.length; i++) if (from[i]! < t && t <= to[i]!) n++;
    const inSpans = (spans: number[]) => {
      for (let i = 0; i < spans.length; i += 2) if (spans[i]! < t && t <= spans[i + 1]!) return true;
      return false;
    };
    for (const spans of this.multi.values()) if (inSpans(spans)) n++;
    for (const doc of this.irregular.values()) if (candidateActiveAt(doc, instant)) n++;
    for (const value of this.other.values()) if (Array.isArray(value) ? inSpans(value) : candidateActiveAt(value, instant)) n++;
    return n;
  }
}

/** `ActiveCandidatesCopy` kept current by the analytics_candidates change notices (`createLiveCopy`) */
export function createLiveActiveCandidates(documents: DocumentStore, options: LiveIndexOptions = {}) {
  return createLiveCopy<CandidateDoc, ActiveCandidatesCopy>(
    documents,
    READ_MODELS.analyticsCandidates,
    () => new ActiveCandidatesCopy(),
    Number,
    options,
  );
}
export type LiveActiveCandidates = ReturnType<typeof createLiveActiveCandidates>;
