import { describe, expect, it } from 'vitest';
import { parseStageConflict, stageConflictToast } from './stage-conflict';

const problem = {
  type: 'about:blank',
  title: 'Stage conflict',
  status: 409,
  code: 'stage_conflict',
  currentStage: 'final_interview',
  movedBy: { id: 'u2', name: 'Dana Scott' },
  movedAt: '2025-03-04T10:00:00.000Z',
};

describe('parseStageConflict', () => {
  it('reads the 409 stage_conflict problem from an API error', () => {
    expect(parseStageConflict({ status: 409, problem })?.movedBy?.name).toBe('Dana Scott');
  });
  it('ignores other failures', () => {
    expect(parseStageConflict({ status: 500, problem })).toBeNull();
    expect(parseStageConflict({ status: 409, problem: { ...problem, code: 'conflict' } })).toBeNull();
    expect(parseStageConflict(new Error('boom'))).toBeNull();
    expect(parseStageConflict(null)).toBeNull();
  });
});

describe('stageConflictToast', () => {
  it('names who moved the card, to which stage and when', () => {
    const { title, description } = stageConflictToast(
      parseStageConflict({ status: 409, problem })!,
      undefined,
      new Date('2025-03-04T10:05:00.000Z'),
    );
    expect(title).toBe('Application was already moved');
    expect(description).toContain('Dana Scott moved this application to Final Interview');
    expect(description).toContain('5 minutes ago');
    expect(description).toMatch(/Mar 4, \d{1,2}:\d{2} (AM|PM)/);
  });
  it('names the candidate and the job of the refused move', () => {
    const { description } = stageConflictToast(parseStageConflict({ status: 409, problem: { ...problem, movedAt: null } })!, {
      candidate: 'Ada Lovelace',
      job: 'Chief Financial Officer',
    });
    expect(description).toBe(
      'Dana Scott moved Ada Lovelace for Chief Financial Officer to Final Interview. The board now shows the latest stage.',
    );
  });
  it('copes with an unknown mover and time', () => {
    const { description } = stageConflictToast(parseStageConflict({ status: 409, problem: { ...problem, movedBy: null, movedAt: null } })!);
    expect(description).toBe('Another user moved this application to Final Interview. The board now shows the latest stage.');
  });
});
