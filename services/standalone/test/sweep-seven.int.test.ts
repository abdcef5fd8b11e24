import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarFeedSchema } from '@ats/contracts';
import { Client, signedIn, startTestApp } from './support/test-app';
import type { Standalone } from '../src/server';

// Defects found by the seventh attacker sweep (2026-12-07), one case each.

let app: Standalone;
let admin: Client;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin', 'Root');
});
afterAll(async () => {
  await app?.close();
});

const userIdOf = async (client: Client) => (await client.get('/api/auth/user')).json.id as string;

describe('sweep seven: a deactivated account’s calendar-feed link ends for good, like its sessions', () => {
  it('the link is 404 while the account is off and stays 404 after it is switched on again; the person gets a new one', async () => {
    const leaver = await signedIn(app, 'recruiter', 'Leaver');
    const id = await userIdOf(leaver);
    const before = CalendarFeedSchema.parse((await leaver.get('/api/calendar/feed')).json);
    const anon = new Client(app.url);
    const path = before.url.slice(app.url.length);
    expect((await anon.get(path)).status).toBe(200);

    const off = await admin.patch(`/api/users/${id}`, { active: false });
    expect(off.status).toBe(200);
    const events = await app.eventStore.readAll({ after: off.json.position - 2, limit: 5 });
    expect(events.map((e) => e.type)).toEqual(['UserDeactivated', 'CalendarFeedTokenRotated']);
    expect((await admin.get(`/api/users?minPosition=${off.json.position}`)).status).toBe(200);
    expect((await anon.get(path)).status).toBe(404);

    const on = await admin.patch(`/api/users/${id}`, { active: true });
    expect(on.status).toBe(200);
    expect((await admin.get(`/api/users?minPosition=${on.json.position}`)).status).toBe(200);
    // was 200 again: the old link, perhaps still in a calendar on a personal phone, came back
    const gone = await anon.get(path);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toContain('application/problem+json');

    const back = await new Client(app.url).login(leaver.user.email, leaver.user.password);
    const fresh = CalendarFeedSchema.parse((await back.get('/api/calendar/feed')).json);
    expect(fresh.url).not.toBe(before.url);
    expect((await anon.get(fresh.url.slice(app.url.length))).status).toBe(200);
  });

  it('a role change of an active account keeps its link', async () => {
    const mover = await signedIn(app, 'recruiter', 'Mover');
    const id = await userIdOf(mover);
    const before = CalendarFeedSchema.parse((await mover.get('/api/calendar/feed')).json);
    const changed = await admin.patch(`/api/users/${id}`, { role: 'manager' });
    expect(changed.status).toBe(200);
    expect((await admin.get(`/api/users?minPosition=${changed.json.position}`)).status).toBe(200);
    expect((await new Client(app.url).get(before.url.slice(app.url.length))).status).toBe(200);
  });
});
