import { describe, expect, it } from 'vitest';
import { eventLog } from '../../test/support/events';
import { applicationCreated, candidateRegistered, jobCreated, stageChanged } from '../../test/support/fixtures';
import { historyEntries, isAbout, summarize } from './record-history';

const NAMES: Record<string, string> = { 'candidate-1': 'Ada Lovelace', 'job-1': 'VP Engineering' };
const names = (kind: string, id: number) => NAMES[`${kind}-${id}`] ?? null;

function story() {
  const log = eventLog();
  const dana = { id: 'u2', name: 'Dana Reyes' };
  return [
    log(candidateRegistered({ currentTitle: 'VP Finance' }), { stream: 'candidate-1', revision: 0 }),
    log(jobCreated(), { stream: 'job-1', revision: 0 }),
    log(applicationCreated(), { stream: 'application-1', revision: 0 }),
    log(stageChanged('applied', 'interview'), { stream: 'application-1', revision: 1, actor: dana }),
    log({ type: 'CandidateUpdated', data: { candidateId: 1, changes: { currentTitle: 'CFO' } } }, { stream: 'candidate-1', revision: 1 }),
    log({ type: 'NoteAdded', data: { noteId: 1, candidateId: 1, content: 'Met  for\ncoffee', author: dana } }, { stream: 'note-1' }),
    log(
      {
        type: 'RecordsAccessed',
        data: {
          entityType: 'candidate',
          entityId: 1,
          accesses: [{ userId: 'u2', userName: 'Dana Reyes', role: 'auditor', kind: 'read', at: 'x', detail: null }],
        },
      },
      { stream: 'access-log', actor: { id: 'system', name: 'Access log' } },
    ),
  ];
}

describe('historyEntries', () => {
  it("tells the record's own changes from related events and accesses, each with its field changes", () => {
    const events = story();
    // the page: what record_events keeps for candidate 1, newest first
    const page = events.filter((e) => isAbout(e, 'candidate', 1)).reverse();
    const entries = historyEntries(
      { kind: 'candidate', id: 1 },
      events.filter((e) => e.type !== 'RecordsAccessed'),
      page,
      names,
    );
    expect(entries.map((e) => [e.type, e.kind])).toEqual([
      ['RecordsAccessed', 'access'],
      ['NoteAdded', 'related'],
      ['CandidateUpdated', 'change'],
      ['ApplicationStageChanged', 'related'],
      ['ApplicationCreated', 'related'],
      ['CandidateRegistered', 'change'],
    ]);
    expect(entries[2]!.changes).toEqual([{ field: 'currentTitle', label: 'Current Job Title', from: 'VP Finance', to: 'CFO' }]);
    expect(entries[3]!.changes).toEqual([{ field: 'stage', label: 'Stage', from: 'Applied', to: 'Interview' }]);
    expect(entries[3]!.actor.name).toBe('Dana Reyes');
    expect(entries[3]!.links).toEqual([
      { kind: 'job', id: 1, label: 'VP Engineering' },
      { kind: 'application', id: 1, label: 'application #1' },
    ]);
    expect(entries[1]!.summary).toBe('Added a note: “Met for coffee”');
    expect(entries[0]!.accesses).toEqual([{ userId: 'u2', userName: 'Dana Reyes', kind: 'read', at: 'x', detail: null }]);
  });

  it("on a job's page, the same move is the application's change, named by the candidate", () => {
    const events = story();
    const move = events[3]!;
    const [entry] = historyEntries({ kind: 'job', id: 1 }, events.slice(0, 4), [move], names);
    expect(entry!.summary).toBe('Moved Ada Lovelace Applied → Interview (VP Engineering)');
    expect(entry!.changes).toEqual([{ field: 'stage', label: 'Stage', from: 'Applied', to: 'Interview' }]);
    expect(summarize(events[0]!, names)).toBe('Created the candidate Ada Lovelace');
  });

  it("keeps an interview's later events and a task created about a record in that record's History", () => {
    const log = eventLog();
    const cancelled = log(
      { type: 'InterviewCancelled', data: { interviewId: 3, candidateId: 1, jobId: 1, reason: 'Clash' } },
      { stream: 'interview-3', revision: 1 },
    );
    const task = log(
      {
        type: 'TaskCreated',
        data: {
          taskId: 5,
          title: 'Call references',
          description: null,
          dueDate: null,
          priority: 'high',
          status: 'pending',
          assignedTo: null,
          relatedTo: { kind: 'client', id: 2 },
        },
      },
      { stream: 'task-5' },
    );
    expect([isAbout(cancelled, 'candidate', 1), isAbout(cancelled, 'job', 1), isAbout(task, 'client', 2)]).toEqual([true, true, true]);
    expect(isAbout(task, 'candidate', 2)).toBe(false);
    expect(summarize(cancelled, names)).toBe('Cancelled an interview: “Clash”');
    expect(summarize(task, names)).toBe('Created the task “Call references”');
  });

  it('says a status that followed a placement in the words the screens use', () => {
    const followed = eventLog()(
      { type: 'CandidateStatusFollowedPlacement', data: { candidateId: 1, applicationId: 3, previousStatus: 'active', status: 'placed' } },
      { stream: 'candidate-1' },
    );
    expect(summarize(followed, names)).toBe('Status followed the placement: Active → Placed');
  });
});
