import type { PresenceMember } from '@ats/contracts';

/** Pure helpers of presence: what avatars and indicators say, and the typing signal's rhythm. */

/** "RC" for Riley Chen; one letter for a one-word name. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The name as listed: auditors are marked read-only. */
export const memberLabel = (member: PresenceMember) => (member.readOnly ? `${member.name} (read-only)` : member.name);

/** "Also here: Riley Chen, Sam Ortiz (read-only)"; empty when nobody else is. */
export function alsoHereText(others: readonly PresenceMember[]): string {
  return others.length === 0 ? '' : `Also here: ${others.map(memberLabel).join(', ')}`;
}

/** "Riley is writing a note…", "Riley and Sam are writing notes…"; empty when nobody types. */
export function typingText(others: readonly PresenceMember[]): string {
  const names = others.filter((m) => m.activity.typing).map((m) => firstNameOf(m.name));
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is writing a note…`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} are writing notes…`;
}

/** Everyone but the signed-in user (their other tabs included). */
export const othersOf = (members: readonly PresenceMember[], userId: string | null) => members.filter((m) => m.userId !== userId);

/** The colleagues dragging or having open a card, by card id. */
export function membersByCard(others: readonly PresenceMember[]): Map<number, PresenceMember[]> {
  const out = new Map<number, PresenceMember[]>();
  for (const member of others) {
    const id = member.activity.cardId;
    if (typeof id === 'number') out.set(id, [...(out.get(id) ?? []), member]);
  }
  return out;
}

export interface TypingSignalOptions {
  send: (typing: boolean) => void;
  /** at most one "typing" per this many ms while typing goes on */
  throttleMs?: number;
  /** "stopped" after this many ms without a keystroke */
  idleMs?: number;
}

/**
 * The typing indicator's signal: `typed()` on every keystroke sends "typing" at once and then at
 * most once per `throttleMs`; "stopped" is sent after `idleMs` idle or at `stop()` (on send).
 */
export function createTypingSignal({ send, throttleMs = 2_000, idleMs = 3_000 }: TypingSignalOptions) {
  let lastSent = -Infinity;
  let typing = false;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(idle);
    idle = undefined;
    if (!typing) return;
    typing = false;
    lastSent = -Infinity;
    send(false);
  };
  return {
    typed() {
      const now = Date.now();
      if (!typing || now - lastSent >= throttleMs) {
        typing = true;
        lastSent = now;
        send(true);
      }
      clearTimeout(idle);
      idle = setTimeout(stop, idleMs);
    },
    stop,
  };
}
