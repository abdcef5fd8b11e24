import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { candidateBody, signedIn, startTestApp, type Client } from './support/test-app';
import type { Standalone } from '../src/server';

// Defects found by the sixth attacker / new-user sweep (2026-12-07), one case each.

let app: Standalone;
let admin: Client;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedIn(app, 'admin', 'Root');
});
afterAll(async () => {
  await app?.close();
});

describe('sweep six: a repeated query parameter is a 400 naming it, not one of its values taken silently', () => {
  it('refuses search, limit and minPosition given twice (on lists and an export); a single value still works', async () => {
    for (const [path, field] of [
      ['/api/jobs?search=a&search=b', 'query.search'],
      ['/api/candidates?limit=5&limit=500', 'query.limit'],
      ['/api/candidates?search=a&search=b', 'query.search'],
      ['/api/candidates?minPosition=1&minPosition=2', 'query.minPosition'],
      ['/api/exports/candidates?search=a&search=b', 'query.search'],
    ] as const) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-type'), path).toContain('application/problem+json');
      expect(res.json.code, path).toBe('validation_failed');
      expect(res.json.errors, path).toEqual([{ path: field, message: 'Give this parameter only once' }]);
    }
    expect((await admin.get('/api/candidates?limit=5')).status).toBe(200);
    expect((await admin.get('/api/candidates?minPosition=1')).status).toBe(200);
  });
});

describe('sweep six: a text of zero-width or bidi marks only counts as blank', () => {
  const invisible = ['\u200B', '\u200F\u200E', '\u2060\uFEFF', '\u00AD', '\u202E', '\u3164', ' \u200D '];

  it('refuses a candidate, a client and a task whose required text shows nothing, with the field', async () => {
    for (const blank of invisible) {
      const candidate = await admin.post('/api/candidates', candidateBody({ firstName: blank, lastName: blank, currentTitle: blank }));
      expect(candidate.status, JSON.stringify(blank)).toBe(400);
      expect(candidate.json.errors).toEqual(
        expect.arrayContaining([
          { path: 'firstName', message: 'First name is required' },
          { path: 'lastName', message: 'Last name is required' },
          { path: 'currentTitle', message: 'Job title is required' },
        ]),
      );
      const client = await admin.post('/api/clients', { companyName: blank });
      expect(client.status, JSON.stringify(blank)).toBe(400);
      expect(client.json.errors).toEqual([{ path: 'companyName', message: 'Company name is required' }]);
      const task = await admin.post('/api/tasks', { title: blank });
      expect(task.status, JSON.stringify(blank)).toBe(400);
      expect(task.json.errors).toEqual(expect.arrayContaining([{ path: 'title', message: 'Title is required' }]));
    }
  });

  it('keeps visible text with those marks in it (an emoji with a joiner, an RTL name with its mark), and an invisible optional field is left empty', async () => {
    const tag = Date.now().toString(36);
    const res = await admin.post(
      '/api/candidates',
      candidateBody({
        firstName: '👩\u200D💻',
        lastName: 'כהן\u200F',
        email: `zw.${tag}@example.com`,
        location: '\u200B',
        skills: ['\u200B', 'Go'],
      }),
    );
    expect(res.status).toBe(201);
    const read = await admin.get(`/api/candidates/${res.json.id}?minPosition=${res.json.position}`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ firstName: '👩\u200D💻', lastName: 'כהן\u200F', location: null, skills: ['Go'] });
  });

  it('an import row whose required cell shows nothing is a row error, as in the form', async () => {
    const tag = Date.now().toString(36);
    const csv = `First,Last,Title,Email\n\u200B,Lee,Dev,a.${tag}@example.com\nAnn,Lee,Dev,b.${tag}@example.com\n`;
    const upload = await admin.post('/api/imports', { kind: 'candidates', fileName: 'zw.csv', csv });
    expect(upload.status).toBe(201);
    const preview = await admin.post(`/api/imports/${upload.json.importId}/preview`, {
      mapping: { firstName: 'First', lastName: 'Last', currentTitle: 'Title', email: 'Email' },
    });
    expect(preview.status).toBe(200);
    const rows = preview.json.rows as Array<{ errors: Array<{ field: string; message: string }> }>;
    expect(rows[0]!.errors).toEqual([expect.objectContaining({ field: 'firstName', message: 'First name is required' })]);
    expect(rows[1]!.errors).toEqual([]);
  });
});

describe('sweep six: a socket event whose acknowledgement is not a function', () => {
  const ask = (socket: Socket, event: string, payload: unknown) =>
    new Promise<unknown>((resolve) => socket.emit(event, payload, (reply: unknown) => resolve(reply)));

  it('is answered as if it had none; the server stays up and the socket keeps working', async () => {
    const socket = connect(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { Cookie: admin.cookie },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      try {
        // before: `ack?.()` called the string / number and threw out of Socket.IO's dispatch (the process ended)
        socket.emit('join', 'no-such-room', 'not-a-function');
        socket.emit('join', 'pipeline', 42);
        socket.emit('leave', 'x', { ok: true });
        socket.emit('presence:join', { place: 'board' }, 'x');
        socket.emit('presence:update', { place: 'board', editing: 'x' }, [], 'y');
        socket.emit('presence:leave', 'board', null, 'z');
        // answered in order after those: the socket is still served
        expect(await ask(socket, 'join', 'no-such-room')).toEqual({ ok: false, error: 'unknown room' });
        expect(await ask(socket, 'join', 'pipeline')).toEqual({ ok: true });
        // an acknowledgement with extra arguments before it still gets its answer
        const reply = await new Promise((resolve) => socket.emit('join', 'jobs', 'extra', 7, (r: unknown) => resolve(r)));
        expect(reply).toEqual({ ok: true });
      } finally {
        process.off('uncaughtException', onUncaught);
      }
      expect(uncaught).toEqual([]);
      expect(socket.connected).toBe(true);
      expect((await admin.get('/api/auth/user')).status).toBe(200);
    } finally {
      socket.close();
    }
  });
});

describe('sweep six: a text over its limit says so, not that it is required', () => {
  it('names the limit for a long company name, candidate names, a task title, a note and a password', async () => {
    const long = (n: number) => 'A'.repeat(n);
    const client = await admin.post('/api/clients', { companyName: long(5000) });
    expect(client.status).toBe(400);
    expect(client.json.errors).toEqual([{ path: 'companyName', message: 'Must be at most 200 characters' }]);
    const candidate = await admin.post(
      '/api/candidates',
      candidateBody({ firstName: long(101), lastName: long(101), currentTitle: long(201) }),
    );
    expect(candidate.status).toBe(400);
    expect(candidate.json.errors).toEqual([
      { path: 'firstName', message: 'Must be at most 100 characters' },
      { path: 'lastName', message: 'Must be at most 100 characters' },
      { path: 'currentTitle', message: 'Must be at most 200 characters' },
    ]);
    const task = await admin.post('/api/tasks', { title: long(301) });
    expect(task.json.errors).toEqual(expect.arrayContaining([{ path: 'title', message: 'Must be at most 300 characters' }]));
    const id = (await admin.post('/api/candidates', candidateBody({ email: `long.${Date.now().toString(36)}@example.com` }))).json.id;
    const note = await admin.post(`/api/candidates/${id}/notes`, { content: long(10_001) });
    expect(note.json.errors).toEqual([{ path: 'content', message: 'Must be at most 10,000 characters' }]);
    const user = await admin.post('/api/users', {
      email: 'long@agency.example',
      firstName: 'L',
      lastName: 'P',
      role: 'recruiter',
      password: long(1001),
    });
    expect(user.json.errors).toEqual(expect.arrayContaining([{ path: 'password', message: 'Must be at most 1,000 characters' }]));
    // missing and wrong-typed values keep the field's own message
    const missing = await admin.post('/api/clients', { companyName: 42 });
    expect(missing.json.errors).toEqual([{ path: 'companyName', message: 'Company name is required' }]);
    expect((await admin.post('/api/clients', {})).json.errors).toEqual([{ path: 'companyName', message: 'Company name is required' }]);
  });
});

describe('sweep six: a write whose body is not JSON is a 415, not a 200 that changed nothing', () => {
  it('refuses a form, text and a body without Content-Type on a command; JSON types and an empty body still work', async () => {
    const id = (await admin.post('/api/candidates', candidateBody({ email: `form.${Date.now().toString(36)}@example.com` }))).json.id;
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'firstName=Formed'],
      ['text/plain', '{"firstName":"Formed"}'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nFormed\r\n--x--\r\n'],
      [null, '{"firstName":"Formed"}'],
    ] as const) {
      const res = await admin.request('PATCH', `/api/candidates/${id}`, body, type ? { 'Content-Type': type } : { 'Content-Type': '' });
      expect(res.status, String(type)).toBe(415);
      expect(res.headers.get('content-type'), String(type)).toContain('application/problem+json');
      expect(res.json, String(type)).toMatchObject({
        code: 'unsupported_media_type',
        detail: 'Send the request body as JSON (Content-Type: application/json).',
      });
    }
    const read = await admin.get(`/api/candidates/${id}`);
    expect(read.json.firstName).toBe('Ada');
    // JSON under another JSON type is read as JSON
    const merge = await admin.request('PATCH', `/api/candidates/${id}`, JSON.stringify({ firstName: 'Merged' }), {
      'Content-Type': 'application/merge-patch+json',
    });
    expect(merge.status).toBe(200);
    // a command without a body, whatever its type, is judged on its (empty) body as before
    const empty = await admin.request('POST', '/api/clients', '', { 'Content-Type': 'text/plain' });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual([{ path: 'companyName', message: 'Company name is required' }]);
  });
});

describe('sweep six: a JSON body that is a string, a number or null', () => {
  it('is told an object is expected, not that the JSON is malformed', async () => {
    for (const body of ['"x"', 'null', '12', 'true']) {
      const res = await admin.request('POST', '/api/clients', body);
      expect(res.status, body).toBe(400);
      expect(res.json.errors, body).toEqual([{ path: '', message: 'Expected a JSON object as the body' }]);
    }
    const broken = await admin.request('POST', '/api/clients', 'nul');
    expect(broken.json.errors).toEqual([{ path: '', message: 'Malformed JSON body' }]);
  });
});
