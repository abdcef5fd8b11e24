import {
  DEFAULT_RETENTION_MONTHS,
  type CandidateMatch,
  type CandidateMerges,
  type CandidatePrivacy,
  type DuplicateCandidate,
  type DuplicatePair,
  type DuplicateReason,
  type RetentionReview,
  UNMERGE_WINDOW_DAYS,
} from '@ats/contracts';
import {
  CANDIDATE_PRIVACY,
  MATCH_KEYS,
  PRIVACY_SETTINGS,
  RECORD_EVENTS,
  type CandidatePrivacyDoc,
  type MatchKeysDoc,
  type PrivacySettingsDoc,
  type RecordEventDoc,
} from '@ats/projector';
import type { DocumentStore, Where } from '@ats/storage';
import type { CandidateDoc } from './candidates';
import { readModel } from './query-support';

const KEY_FIELDS: Array<[keyof MatchKeysDoc, DuplicateReason]> = [
  ['emailKey', 'email'],
  ['phoneKey', 'phone'],
  ['mobileKey', 'phone'],
  ['nameCompanyKey', 'name_company'],
  ['linkedinKey', 'linkedin'],
];
const SUMMARY_FIELDS = ['firstName', 'lastName', 'email', 'currentTitle', 'currentCompany', 'createdAt'] as const;
/** the review shows at most this many candidates at once (oldest activity first) */
const REVIEW_LIMIT = 500;
const DUPLICATE_PAIRS_LIMIT = 500;

const summary = (d: Pick<MatchKeysDoc, (typeof SUMMARY_FIELDS)[number]> & { id: string | number }): DuplicateCandidate => ({
  id: Number(d.id),
  firstName: d.firstName,
  lastName: d.lastName,
  email: d.email,
  currentTitle: d.currentTitle,
  currentCompany: d.currentCompany,
  createdAt: d.createdAt,
});

/** The moment before which no activity puts a candidate on the review list: `months` before `now`. */
export function retentionCutoff(now: Date, months: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff.toISOString();
}

/** Pairs of records sharing a key, each pair once with every reason it shares (hash grouping: linear, not pairwise). */
export function pairsByKey(docs: readonly MatchKeysDoc[], limit = DUPLICATE_PAIRS_LIMIT): DuplicatePair[] {
  const groups = new Map<string, MatchKeysDoc[]>();
  for (const d of docs) {
    for (const [field, reason] of KEY_FIELDS) {
      const value = d[field];
      if (typeof value !== 'string' || !value) continue;
      const key = `${reason}:${value}`;
      const group = groups.get(key);
      if (!group) groups.set(key, [d]);
      else if (!group.includes(d)) group.push(d);
    }
  }
  const pairs = new Map<string, DuplicatePair>();
  for (const [key, group] of groups) {
    if (group.length < 2) continue;
    const reason = key.slice(0, key.indexOf(':')) as DuplicateReason;
    const sorted = [...group].sort((x, y) => Number(x.id) - Number(y.id));
    for (let i = 0; i < sorted.length; i++)
      for (let j = i + 1; j < sorted.length; j++) {
        const id = `${sorted[i]!.id}-${sorted[j]!.id}`;
        const pair = pairs.get(id) ?? { a: summary(sorted[i]!), b: summary(sorted[j]!), reasons: [] };
        if (!pair.reasons.includes(reason)) pair.reasons.push(reason);
        pairs.set(id, pair);
      }
  }
  return [...pairs.values()].sort((x, y) => y.b.id - x.b.id).slice(0, limit);
}

/** Duplicates, merges, consent and retention over their read models. */
export function createDataProtectionQueries(documents: DocumentStore) {
  const keys = () => documents.collection<MatchKeysDoc>(MATCH_KEYS);
  const privacy = () => documents.collection<CandidatePrivacyDoc>(CANDIDATE_PRIVACY);
  const settings = () => documents.collection<PrivacySettingsDoc>(PRIVACY_SETTINGS);
  const recordEvents = () => documents.collection<RecordEventDoc>(RECORD_EVENTS);
  const candidates = readModel<CandidateDoc>(documents, 'candidates');

  async function retentionMonths(): Promise<number> {
    return (await settings().get('retention'))?.months ?? DEFAULT_RETENTION_MONTHS;
  }

  return {
    /** one indexed equality read per key the candidate has */
    async candidateDuplicates(id: number): Promise<CandidateMatch[]> {
      const self = await keys().get(id);
      if (!self || !self.active) return [];
      const phones = [self.phoneKey, self.mobileKey].filter((p): p is string => p !== null);
      const reads: Array<[Where, DuplicateReason]> = [[{ emailKey: self.emailKey }, 'email']];
      if (phones.length) reads.push([{ phoneKey: { $in: phones } }, 'phone'], [{ mobileKey: { $in: phones } }, 'phone']);
      if (self.nameCompanyKey) reads.push([{ nameCompanyKey: self.nameCompanyKey }, 'name_company']);
      if (self.linkedinKey) reads.push([{ linkedinKey: self.linkedinKey }, 'linkedin']);
      const found = await Promise.all(reads.map(([where]) => keys().find({ where: { ...where, active: true }, limit: 50 })));
      const matches = new Map<number, CandidateMatch>();
      found.forEach((docs, i) => {
        const reason = reads[i]![1];
        for (const d of docs) {
          if (Number(d.id) === id) continue;
          const m = matches.get(Number(d.id)) ?? { candidate: summary(d), reasons: [] };
          if (!m.reasons.includes(reason)) m.reasons.push(reason);
          matches.set(Number(d.id), m);
        }
      });
      return [...matches.values()];
    },
    async listDuplicates(): Promise<DuplicatePair[]> {
      const docs = await keys().find({ where: { active: true }, fields: [...SUMMARY_FIELDS, ...KEY_FIELDS.map(([f]) => f)] });
      return pairsByKey(docs);
    },
    async candidateMerges(id: number, now: Date): Promise<CandidateMerges | null> {
      const doc = await candidates().get(id);
      if (!doc) return null;
      const absorbedIds = doc.mergedFrom ?? [];
      if (absorbedIds.length === 0) return { mergedInto: doc.mergedInto ?? null, absorbed: [] };
      const [merges, absorbedDocs] = await Promise.all([
        recordEvents().find({ where: { candidateId: id, type: 'CandidatesMerged' }, sort: [['position', 'desc']], limit: 200 }),
        candidates().getMany(absorbedIds, { fields: ['firstName', 'lastName'] }),
      ]);
      const names = new Map(absorbedDocs.map((c) => [Number(c.id), `${c.firstName} ${c.lastName}`]));
      const windowMs = UNMERGE_WINDOW_DAYS * 86_400_000;
      const absorbed = absorbedIds.flatMap((absorbedId) => {
        const merge = merges.find((m) => m.data.absorbedId === absorbedId);
        const mergedAt = typeof merge?.data.mergedAt === 'string' ? merge.data.mergedAt : null;
        if (!mergedAt) return [];
        const undoUntil = new Date(Date.parse(mergedAt) + windowMs).toISOString();
        return Date.parse(undoUntil) > now.getTime()
          ? [{ id: absorbedId, name: names.get(absorbedId) ?? `#${absorbedId}`, mergedAt, undoUntil }]
          : [];
      });
      return { mergedInto: doc.mergedInto ?? null, absorbed };
    },
    async candidatePrivacy(id: number): Promise<CandidatePrivacy | null> {
      const doc = await privacy().get(id);
      if (!doc || !doc.active) return null;
      return { candidateId: id, consent: doc.consent, lastActivityAt: doc.lastActivityAt, retainedUntil: doc.retainedUntil };
    },
    retentionPolicy: async () => ({ months: await retentionMonths() }),
    /** candidates past the limit: no activity since the cutoff and not kept beyond now (two indexed range reads) */
    async retentionReview(now: Date): Promise<RetentionReview> {
      const months = await retentionMonths();
      const cutoff = retentionCutoff(now, months);
      const old = { active: true, lastActivityAt: { $lt: cutoff } } as const;
      const sort: Array<[string, 'asc' | 'desc']> = [['lastActivityAt', 'asc']];
      const [neverKept, keptUntilPast] = await Promise.all([
        privacy().find({ where: { ...old, retainedUntil: null }, sort, limit: REVIEW_LIMIT }),
        privacy().find({ where: { ...old, retainedUntil: { $lt: now.toISOString() } }, sort, limit: REVIEW_LIMIT }),
      ]);
      const due = [...neverKept, ...keptUntilPast].sort((a, b) => a.lastActivityAt.localeCompare(b.lastActivityAt)).slice(0, REVIEW_LIMIT);
      const docs = new Map((await keys().getMany(due.map((d) => d.id))).map((k) => [Number(k.id), k]));
      const list = due.flatMap((p) => {
        const k = docs.get(Number(p.id));
        return k && k.active ? [{ ...summary(k), lastActivityAt: p.lastActivityAt, consent: p.consent }] : [];
      });
      return { months, cutoff, candidates: list };
    },
  };
}
export type DataProtectionQueries = ReturnType<typeof createDataProtectionQueries>;
