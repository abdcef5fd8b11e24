import { randomUUID } from 'node:crypto';
import type { Call, Deps } from '../domain/context';
import { cancelInterview, completeInterview, scheduleInterview } from '../domain/interviews/handlers';
import type { DemoActor } from './demo-data';

const COLLEAGUES = ['Jordan Blake', 'Priya Natarajan', 'Sam Okafor'];
const FEEDBACK = [
  'Clear strategic thinking; strong examples of leading through a turnaround. Recommend the client meets them.',
  'Solid operator, a little light on board exposure. Worth a second conversation.',
  'Excellent communicator with deep domain knowledge; compensation expectations fit the range.',
];

/**
 * Demo interviews around the machine's current local day, issued as commands: several today,
 * some later this week, some past ones completed with feedback and a rating, and one cancelled.
 * `pairs` are candidate/job pairs on the board, so each interview is for a job the candidate is on.
 */
export async function seedDemoInterviews(
  deps: Deps,
  actor: DemoActor,
  pairs: ReadonlyArray<{ candidateId: number; jobId: number }>,
  now = new Date(),
  /** each command's call (default: at the real time) */
  call: () => Call = () => ({ correlationId: randomUUID(), metadata: { now: new Date().toISOString(), actor } }),
): Promise<number> {
  if (pairs.length === 0) return 0;
  /** `days` from today at `hour`:`minute`, in the machine's local time */
  const at = (days: number, hour: number, minute = 0) => {
    const d = new Date(now);
    d.setDate(d.getDate() + days);
    d.setHours(hour, minute, 0, 0);
    return d.toISOString();
  };
  // the loading admin sits on the panel as a team interviewer when they have an active account;
  // a seed run by a system actor (tests, tools) names them as a free-text interviewer instead
  const account = await deps.accounts.get(actor.id);
  const me = { userId: account?.active ? actor.id : null, name: actor.name };
  const plan: Array<{
    when: string;
    type: 'phone' | 'video' | 'in-person' | 'panel' | 'technical';
    duration: number;
    done?: number;
    cancel?: string;
  }> = [
    { when: at(0, 9, 30), type: 'phone', duration: 30 },
    { when: at(0, 11), type: 'video', duration: 60 },
    { when: at(0, 14), type: 'in-person', duration: 90 },
    { when: at(0, 16, 30), type: 'panel', duration: 60 },
    { when: at(1, 10), type: 'video', duration: 45 },
    { when: at(2, 13), type: 'technical', duration: 90 },
    { when: at(2, 15), type: 'phone', duration: 30, cancel: 'The candidate accepted another offer' },
    { when: at(3, 11), type: 'in-person', duration: 60 },
    { when: at(-1, 10), type: 'video', duration: 60, done: 4 },
    { when: at(-2, 15), type: 'phone', duration: 30, done: 3 },
    { when: at(-6, 11), type: 'panel', duration: 90, done: 5 },
  ];
  let count = 0;
  for (const [i, p] of plan.entries()) {
    const pair = pairs[(i * 3) % pairs.length]!;
    const colleague = COLLEAGUES[i % COLLEAGUES.length]!;
    const { id } = await scheduleInterview(deps, call(), {
      candidateId: pair.candidateId,
      jobId: pair.jobId,
      interviewers: i % 2 === 0 ? [me, { userId: null, name: colleague }] : [{ userId: null, name: colleague }],
      scheduledAt: p.when,
      duration: p.duration,
      type: p.type,
      status: 'scheduled',
      location: p.type === 'in-person' || p.type === 'panel' ? 'Head office, 5th floor' : undefined,
      videoLink: p.type === 'video' ? `https://meet.example.com/demo-${i + 1}` : undefined,
      notes: i % 3 === 0 ? 'Focus on leadership scope and notice period.' : undefined,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined,
      interviewerName: undefined,
    });
    count++;
    if (p.done !== undefined) {
      await completeInterview(deps, call(), id!, {
        feedback: FEEDBACK[i % FEEDBACK.length]!,
        rating: p.done,
        outcome: p.done >= 4 ? 'advance' : 'hold',
      });
    }
    if (p.cancel) await cancelInterview(deps, call(), id!, p.cancel);
  }
  return count;
}
