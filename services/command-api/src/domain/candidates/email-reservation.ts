import type { EventOfType } from '@ats/events';
import { messages } from '@ats/contracts';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError } from '../shared/errors';

/**
 * Write-side uniqueness of candidate e-mails: one stream per normalised address. Appending with
 * the stream's expected revision makes two concurrent registrations race on this stream, and
 * exactly one wins.
 */
export type EmailReservationEvent = EventOfType<'CandidateEmailReserved'> | EventOfType<'CandidateEmailReleased'>;
export type EmailReservationState = { status: 'free' } | { status: 'reserved'; candidateId: number };

export type ReserveEmail = {
  type: 'ReserveCandidateEmail';
  /**
   * `takeOverFrom`: the holder the handler verified to be an orphan (its registration crashed
   * between reserving and registering), or null. Naming the exact holder — rather than passing
   * "the holder is gone" — keeps the check valid against whatever state the append races with.
   */
  data: { email: string; candidateId: number; takeOverFrom: number | null };
  metadata: CommandMetadata;
};
export type ReleaseEmail = { type: 'ReleaseCandidateEmail'; data: { email: string; candidateId: number }; metadata: CommandMetadata };
export type EmailReservationCommand = ReserveEmail | ReleaseEmail;

export const initialState = (): EmailReservationState => ({ status: 'free' });

export function evolve(state: EmailReservationState, event: EmailReservationEvent): EmailReservationState {
  switch (event.type) {
    case 'CandidateEmailReserved':
      return { status: 'reserved', candidateId: event.data.candidateId };
    case 'CandidateEmailReleased':
      return state.status === 'reserved' && state.candidateId === event.data.candidateId ? { status: 'free' } : state;
    default:
      return state;
  }
}

export function decide(command: EmailReservationCommand, state: EmailReservationState): EmailReservationEvent[] {
  switch (command.type) {
    case 'ReserveCandidateEmail':
      if (state.status === 'reserved' && state.candidateId !== command.data.candidateId && state.candidateId !== command.data.takeOverFrom)
        throw new ConflictError('email_taken', messages.candidateEmailTaken, {
          errors: [{ path: 'email', message: messages.candidateEmailTaken }],
        });
      return [{ type: 'CandidateEmailReserved', data: { email: command.data.email, candidateId: command.data.candidateId } }];
    case 'ReleaseCandidateEmail':
      if (state.status !== 'reserved' || state.candidateId !== command.data.candidateId) return [];
      return [{ type: 'CandidateEmailReleased', data: command.data }];
    default:
      return assertNever(command);
  }
}

export const emailReservationDecider: Decider<EmailReservationState, EmailReservationCommand, EmailReservationEvent> = {
  eventTypes: ['CandidateEmailReserved', 'CandidateEmailReleased'],
  initialState,
  evolve,
  decide,
};
