/** The aggregates event types belong to, for the grouped type filter (first match wins). */
const GROUPS: [string, RegExp][] = [
  ['Candidates', /^Candidate/],
  ['Clients', /^Client/],
  ['Jobs', /^(Job|Linkedin)/],
  ['Applications', /^(Application|Placement|Interview)/],
  ['Notes and e-mails', /^(Note|Communication)/],
  ['Tasks', /^Task/],
  ['AI', /^Ai/],
  ['Users', /^User/],
  ['Notifications', /^(Record(Un)?[Ff]ollowed|Notification|AllNotifications)/],
  ['Audit', /^(AuditLog|Access|Record(Viewed|Read)|Resume(Downloaded)?)/],
];

export interface TypeGroup {
  label: string;
  types: string[];
}

/** Event types grouped by aggregate, groups in a fixed order, types alphabetical; the rest under "System". */
export function groupEventTypes(types: readonly string[]): TypeGroup[] {
  const groups = new Map<string, string[]>([...GROUPS.map(([label]) => [label, []] as [string, string[]]), ['System', []]]);
  for (const type of types) {
    const label = GROUPS.find(([, pattern]) => pattern.test(type))?.[0] ?? 'System';
    groups.get(label)!.push(type);
  }
  return [...groups].filter(([, list]) => list.length > 0).map(([label, list]) => ({ label, types: [...list].sort() }));
}

/** `CandidateStatusFollowedPlacement` → `Candidate status followed placement` (a loop: a regex over runs of capitals backtracks) */
export function humanizeType(type: string): string {
  const isUpper = (c: string | undefined) => c !== undefined && c >= 'A' && c <= 'Z';
  let out = '';
  for (let i = 0; i < type.length; i++) {
    const c = type[i]!;
    const prev = type[i - 1];
    const next = type[i + 1];
    if (i > 0 && isUpper(c) && (!isUpper(prev) || (next !== undefined && !isUpper(next)))) out += ' ';
    out += c;
  }
  return out.charAt(0) + out.slice(1).toLowerCase();
}

/** The list's count line: "1 event · live", "250+ events · live paused" (more on the next pages). */
export function eventCountLabel(count: number, more: boolean, paused: boolean): string {
  const noun = count === 1 && !more ? 'event' : 'events';
  return `${count.toLocaleString('en-US')}${more ? '+' : ''} ${noun} · ${paused ? 'live paused' : 'live'}`;
}
