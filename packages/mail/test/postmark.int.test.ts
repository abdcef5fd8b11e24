import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailSendError, composeEmail, createOutbox, createPostmarkSender } from '../src';

/** A local server that answers like Postmark's API, so the real Postmark client runs. */
let server: Server;
let host: string;
let reply: { status: number; body: unknown } = { status: 200, body: {} };
const seen: Array<{ method: string; url: string; token: string | undefined; body: any }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        token: req.headers['x-postmark-server-token'] as string | undefined,
        body: raw ? JSON.parse(raw) : null,
      });
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const sender = () =>
  createPostmarkSender({
    serverToken: 'pm-token',
    from: 'search@agency.example',
    fromName: 'Agency Search',
    requestHost: host,
    useHttps: false,
  });
const email = {
  to: 'ada@example.com',
  subject: 'Executive Opportunity',
  ...composeEmail({ recipientName: 'Ada', message: 'A CFO search you should hear about.', senderTeam: 'Agency Search' }),
};

describe('Postmark sender', () => {
  it('sends through the real client and returns the message id', async () => {
    reply = {
      status: 200,
      body: {
        To: 'ada@example.com',
        SubmittedAt: '2026-11-21T10:00:00Z',
        MessageID: 'b7bc2f4a-e38e-4336-af7d-e6c392c2f817',
        ErrorCode: 0,
        Message: 'OK',
      },
    };
    const result = await sender().send(email);
    expect(result).toEqual({
      delivered: true,
      provider: 'postmark',
      messageId: 'b7bc2f4a-e38e-4336-af7d-e6c392c2f817',
      note: 'Sent through Postmark.',
    });
    const req = seen.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', url: '/email', token: 'pm-token' });
    expect(req.body).toMatchObject({
      From: 'Agency Search <search@agency.example>',
      To: 'ada@example.com',
      Subject: 'Executive Opportunity',
    });
    expect(req.body.TextBody).toBe('Hi Ada,\n\nA CFO search you should hear about.\n\nBest regards,\nThe Agency Search team');
  });

  it("turns a 422 into an EmailSendError with Postmark's message and code", async () => {
    reply = { status: 422, body: { ErrorCode: 300, Message: "Invalid 'To' address: 'nobody'." } };
    const error = await sender()
      .send({ ...email, to: 'nobody' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(EmailSendError);
    expect((error as EmailSendError).status).toBe(422);
    expect((error as EmailSendError).providerCode).toBe(300);
    expect((error as EmailSendError).message).toContain("Invalid 'To' address");
  });

  it('sends attachments as Postmark Attachments (name, base64 content, content type)', async () => {
    reply = {
      status: 200,
      body: { To: 'ada@example.com', SubmittedAt: '2026-11-21T10:00:00Z', MessageID: 'm-2', ErrorCode: 0, Message: 'OK' },
    };
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    await sender().send({
      ...email,
      attachments: [
        { name: 'invite.ics', contentBase64: Buffer.from(ics).toString('base64'), contentType: 'text/calendar; method=REQUEST' },
      ],
    });
    const body = seen.at(-1)!.body;
    expect(body.Attachments).toEqual([
      { Name: 'invite.ics', Content: Buffer.from(ics).toString('base64'), ContentType: 'text/calendar; method=REQUEST', ContentID: null },
    ]);
    // without attachments the field is left out
    await sender().send(email);
    expect(seen.at(-1)!.body).not.toHaveProperty('Attachments');
  });

  it('checks the connection', async () => {
    reply = { status: 200, body: { ID: 1, Name: 'ATS Production' } };
    expect(await sender().check()).toEqual({
      connected: true,
      message: 'Connected to Postmark server "ATS Production"; sending as Agency Search <search@agency.example>.',
    });
    reply = { status: 401, body: { ErrorCode: 10, Message: 'Bad or missing Server API token.' } };
    expect((await sender().check()).connected).toBe(false);
  });
});

describe('local outbox', () => {
  it('delivers nothing and says so', async () => {
    const outbox = createOutbox();
    const result = await outbox.send(email);
    expect(result.delivered).toBe(false);
    expect(result.note).toMatch(/not delivered/);
    expect((await outbox.check()).connected).toBe(false);
  });
  it('greets "there" when the name is unknown and escapes HTML', () => {
    const { text, html } = composeEmail({ recipientName: '', message: 'Salary <b>$400k</b>', senderTeam: 'Agency' });
    expect(text.startsWith('Hi there,')).toBe(true);
    expect(html).toContain('Salary &lt;b&gt;$400k&lt;/b&gt;');
  });
});
