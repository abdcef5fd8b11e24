import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PresenceMember } from '@ats/contracts';
import { alsoHereText, createTypingSignal, initialsOf, membersByCard, othersOf, typingText } from './presence-text';

const m = (userId: string, name: string, activity: PresenceMember['activity'] = {}, readOnly = false): PresenceMember => ({
  userId,
  name,
  readOnly,
  activity,
});

describe('presence texts', () => {
  it('makes initials', () => {
    expect(initialsOf('Riley Chen')).toBe('RC');
    expect(initialsOf('  ann   de la  Cruz ')).toBe('AC');
    expect(initialsOf('Cher')).toBe('C');
  });

  it('lists who else is here, auditors marked read-only, leaving the signed-in user out', () => {
    const members = [m('u1', 'Riley Chen'), m('me', 'Me Myself'), m('u3', 'Sam Ortiz', {}, true)];
    const others = othersOf(members, 'me');
    expect(alsoHereText(others)).toBe('Also here: Riley Chen, Sam Ortiz (read-only)');
    expect(alsoHereText([])).toBe('');
  });

  it('says who is writing a note', () => {
    expect(typingText([m('u1', 'Riley Chen', { typing: true }), m('u2', 'Sam Ortiz')])).toBe('Riley is writing a note…');
    expect(typingText([m('u1', 'Riley Chen', { typing: true }), m('u2', 'Sam Ortiz', { typing: true })])).toBe(
      'Riley and Sam are writing notes…',
    );
    expect(typingText([m('u1', 'Riley Chen')])).toBe('');
  });

  it('groups colleagues by the card they drag or have open', () => {
    const byCard = membersByCard([m('u1', 'Riley Chen', { cardId: 7, dragging: true }), m('u2', 'Sam Ortiz', { cardId: 7 }), m('u3', 'Z')]);
    expect([...byCard.keys()]).toEqual([7]);
    expect(byCard.get(7)!.map((x) => x.userId)).toEqual(['u1', 'u2']);
  });
});

describe('createTypingSignal', () => {
  afterEach(() => vi.useRealTimers());

  it('sends typing at once, throttled while typing goes on, and stopped after idle or on send', () => {
    vi.useFakeTimers();
    const sent: boolean[] = [];
    const signal = createTypingSignal({ send: (t) => sent.push(t), throttleMs: 2000, idleMs: 3000 });
    signal.typed();
    vi.advanceTimersByTime(500);
    signal.typed();
    vi.advanceTimersByTime(500);
    signal.typed();
    expect(sent).toEqual([true]);
    vi.advanceTimersByTime(1000);
    signal.typed(); // 2 s after the first: refreshed
    expect(sent).toEqual([true, true]);
    vi.advanceTimersByTime(3000); // idle
    expect(sent).toEqual([true, true, false]);
    signal.typed();
    signal.stop(); // the note was sent
    expect(sent).toEqual([true, true, false, true, false]);
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(5);
  });
});
