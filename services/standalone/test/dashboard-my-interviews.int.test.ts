import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardFirstScreenSchema, DashboardInterviewSchema, contracts } from '@ats/contracts';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp, type Client } from './support/test-app';

// The dashboard's Today's Interviews are the signed-in user's (JOURNEYS: the recruiter's day,
// step 2): the interviews she sits on as a team interviewer or scheduled herself (the organiser),
// as the calendar's "Mine" and her subscription feed count them; `scope=team` is everyone's. On
// the real read models and the query side's shared page cache: never one user's list to another.

let app: Standalone;
let ann: Client;
let ben: Client;
let dan: Client;
const ids: Record<string, string> = {};
let position = 0;
let candidateId = 0;

beforeAll(async () => {
  app = await startTestApp();
  ann = await signedIn(app, 'recruiter', 'Ann');
  ben = await signedIn(app, 'recruiter', 'Ben');
  dan = await signedIn(app, 'manager', 'Dan');
  for (const [name, client] of [
    ['ann', ann],
    ['ben', ben],
    ['dan', dan],
  ] as const)
    ids[name] = (await client.get('/api/auth/user')).json.id as string;
  const cand = await ann.post('/api/candidates', candidateBody({ firstName: 'Grace', lastName: 'Hopper' }));
  expect(cand.status).toBe(201);
  candidateId = cand.json.id as number;
});
afterAll(async () => {
  await app?.close();
});

const names: Record<number, string> = {};
/** an interview today (UTC), `minutes` after midnight, scheduled by `by` with these team interviewers */
async function interview(by: Client, label: string, minutes: number, interviewers: Array<{ userId: string | null; name: string }>) {
  const midnight = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z').getTime();
  const res = await by.post('/api/interviews', {
    candidateId,
    scheduledAt: new Date(midnight + minutes * 60_000).toISOString(),
    duration: 15,
    interviewers,
    notes: label,
  });
  expect(res.status).toBe(201);
  position = Math.max(position, res.json.position as number);
  names[res.json.id as number] = label;
  return res.json.id as number;
}
async function today(client: Client, scope?: 'team' | 'mine'): Promise<string[]> {
  const res = await client.get(`/api/dashboard/todays-interviews?tz=UTC${scope ? `&scope=${scope}` : ''}&minPosition=${position}`);
  expect(res.status).toBe(200);
  return (res.json as unknown[]).map((i) => DashboardInterviewSchema.parse(i)).flatMap((i) => (names[i.id] ? [names[i.id]!] : []));
}

describe("the dashboard's Today's Interviews: the signed-in user's, or the team's on request", () => {
  it('lists hers (a team interviewer on it, or she scheduled it), earliest first; scope=team lists everyone', async () => {
    await interview(dan, 'Ann interviews, Dan organises', 60, [{ userId: ids.ann!, name: 'Ann' }]);
    await interview(ann, 'Ann organises, Ben interviews', 120, [{ userId: ids.ben!, name: 'Ben' }]);
    await interview(dan, 'Dan alone', 30, [{ userId: ids.dan!, name: 'Dan' }]);
    await interview(ben, 'Ben with an outsider', 90, [{ userId: null, name: 'Client panel' }]);
    const cancelled = await interview(ann, 'Ann, cancelled', 150, [{ userId: ids.ann!, name: 'Ann' }]);
    const c = await ann.post(`/api/interviews/${cancelled}/cancel`, { reason: 'Ill' });
    position = Math.max(position, c.json.position as number);

    expect(await today(ann)).toEqual(['Ann interviews, Dan organises', 'Ann organises, Ben interviews']);
    expect(await today(ann, 'mine')).toEqual(['Ann interviews, Dan organises', 'Ann organises, Ben interviews']);
    expect(await today(ben)).toEqual(['Ben with an outsider', 'Ann organises, Ben interviews']);
    expect(await today(dan)).toEqual(['Dan alone', 'Ann interviews, Dan organises']);
    const team = ['Dan alone', 'Ann interviews, Dan organises', 'Ben with an outsider', 'Ann organises, Ben interviews'];
    expect(await today(dan, 'team')).toEqual(team);
    expect(await today(ann, 'team')).toEqual(team);
  });

  it("never answers one user's list to another from the cache, in the first-screen read either; a bad scope is a 400", async () => {
    const url = `/api/dashboard/todays-interviews?tz=UTC&minPosition=${position}`;
    const [annFirst, benFirst, annAgain] = [await ann.get(url), await ben.get(url), await ann.get(url)];
    expect(annAgain.json).toEqual(annFirst.json);
    expect(benFirst.json).not.toEqual(annFirst.json);
    const firstScreen = async (client: Client) => {
      const res = await client.get(`${contracts.dashboardFirstScreen.path}?tz=UTC&limit=8&minPosition=${position}`);
      expect(res.status).toBe(200);
      return DashboardFirstScreenSchema.parse(res.json).todaysInterviews.map((i) => names[i.id]);
    };
    expect(await firstScreen(ben)).toEqual(['Ben with an outsider', 'Ann organises, Ben interviews']);
    expect(await firstScreen(ann)).toEqual(['Ann interviews, Dan organises', 'Ann organises, Ben interviews']);

    const bad = await ann.get('/api/dashboard/todays-interviews?tz=UTC&scope=everyone');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('scope');
  });
});
