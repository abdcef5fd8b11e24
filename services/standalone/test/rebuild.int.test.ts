import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData, recordAiAnalysis, recordCommunication } from '@ats/command-api';
import { allProjections } from '@ats/projector';
import type { Standalone } from '../src/server';
import { candidateBody, signedIn, startTestApp } from './support/test-app';

let app: Standalone;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const call = () => ({ correlationId: randomUUID(), metadata: { now: new Date().toISOString(), actor: { id: 'system', name: 'System' } } });

async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const p of allProjections) {
    const docs = await app.documents.collection(p.collection.name).find({ limit: 100_000 });
    out[p.collection.name] = docs.sort((a, b) => String(a.id).localeCompare(String(b.id)));
  }
  return out;
}

describe('rebuilding every read model from the event log', () => {
  it('gives exactly the live read models', async () => {
    await loadDemoData(app.commandApi.deps, { id: 'system', name: 'System', role: 'admin' });
    const admin = await signedIn(app, 'admin', 'Ada');
    const r = await signedIn(app, 'recruiter', 'Rita');
    // every kind of change, deletes included
    const client = (await r.post('/api/clients', { companyName: 'Rebuild Corp' })).json.id;
    const c1 = (await r.post(`/api/clients/${client}/contacts`, { name: 'One', isPrimary: true })).json.id;
    await r.post(`/api/clients/${client}/contacts`, { name: 'Two' });
    await r.delete(`/api/client-contacts/${c1}`);
    await r.patch(`/api/clients/${client}`, { companyName: 'Rebuilt Corp', priority: 'high' });
    const gone = (await r.post('/api/clients', { companyName: 'Gone Corp' })).json.id;
    await r.post(`/api/clients/${gone}/contacts`, { name: 'Lost' });
    await r.delete(`/api/clients/${gone}`);
    const job = (await r.post('/api/jobs', { title: 'CEO', clientId: client, salaryMin: 200, salaryMax: 300 })).json.id;
    await r.patch(`/api/jobs/${job}`, { status: 'interviewing', title: 'Chief Executive' });
    const doomed = (await r.post('/api/jobs', { title: 'Temp' })).json.id;
    await r.delete(`/api/jobs/${doomed}`);
    await r.post('/api/linkedin/job-posts', { jobId: job, linkedinJobId: `rb-${job}` });
    const cand = (await r.post('/api/candidates', candidateBody())).json.id;
    await r.patch(`/api/candidates/${cand}`, { lastName: 'Byron', status: 'inactive', availability: 'Immediately' });
    const app1 = (await r.post('/api/applications', { candidateId: cand, jobId: job })).json.id;
    await r.patch(`/api/applications/${app1}/stage`, { stage: 'placed' });
    const cand2 = (await r.post('/api/candidates', candidateBody())).json.id;
    const app2 = (await r.post('/api/applications', { candidateId: cand2, jobId: job })).json.id;
    await r.delete(`/api/applications/${app2}`);
    await r.post('/api/interviews', { candidateId: cand, jobId: job, scheduledAt: new Date().toISOString() });
    const task = (await r.post('/api/tasks', { title: 'Call back', priority: 'high' })).json.id;
    await r.request('PUT', `/api/tasks/${task}`, { status: 'completed' });
    await recordCommunication(app.commandApi.deps, call(), {
      type: 'email',
      subject: 'Hi',
      content: 'Hello',
      recipientType: 'candidate',
      recipientId: cand,
      recipientAddress: null,
      sentAt: null,
      delivered: false,
    });
    await recordAiAnalysis(app.commandApi.deps, call(), {
      engine: 'builtin',
      model: 'm',
      promptVersion: '1',
      inputHash: 'h',
      analysisType: 'profile',
      entityType: 'candidate',
      entityId: cand,
      results: { summary: 's' },
      score: 70,
      confidence: 0.5,
    });
    await recordAiAnalysis(app.commandApi.deps, call(), {
      engine: 'builtin',
      model: 'm',
      promptVersion: '1',
      inputHash: 'h',
      analysisType: 'job_analysis',
      entityType: 'job',
      entityId: job,
      results: { requiredSkills: ['x'] },
      score: null,
      confidence: null,
    });
    const user = (
      await admin.post('/api/users', {
        email: `u.${randomUUID().slice(0, 6)}@agency.example`,
        firstName: 'U',
        lastName: 'Ser',
        password: 'long-enough-pw',
      })
    ).json.userId;
    await admin.patch(`/api/users/${user}`, { role: 'auditor', active: false });

    expect(await app.projector.waitFor(await app.eventStore.headPosition(), 10_000)).toBe(true);
    const live = await snapshot();
    expect((live.clients as Array<{ id: number }>).some((c) => c.id === gone)).toBe(false);
    const result = await app.projector.rebuild();
    expect(result.deadLetters).toBe(0);
    const rebuilt = await snapshot();
    expect(Object.keys(rebuilt)).toEqual(allProjections.map((p) => p.collection.name));
    for (const name of Object.keys(live)) expect(rebuilt[name], name).toEqual(live[name]);
  });
});
