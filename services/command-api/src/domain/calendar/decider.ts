import type { EventOfType, InterviewInvitationSent } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';

/**
 * A user's calendar feed (events on the user's stream, folded apart from the profile): only the
 * version of the secret link. Resetting bumps it, so the old link stops working at once.
 */
export type CalendarFeedEvent = EventOfType<'CalendarFeedTokenRotated'>;
export type CalendarFeedState = { version: number };
export type RotateCalendarFeed = { type: 'RotateCalendarFeed'; data: { userId: string }; metadata: CommandMetadata };

export const calendarFeedDecider: Decider<CalendarFeedState, RotateCalendarFeed, CalendarFeedEvent> = {
  eventTypes: ['CalendarFeedTokenRotated'],
  // version 1 is the link every user has before any reset
  initialState: () => ({ version: 1 }),
  evolve: (state, event) => (event.type === 'CalendarFeedTokenRotated' ? { version: event.data.version } : state),
  decide: (command, state) => {
    switch (command.type) {
      case 'RotateCalendarFeed':
        return [{ type: 'CalendarFeedTokenRotated', data: { userId: command.data.userId, version: state.version + 1 } }];
      default:
        return assertNever(command.type);
    }
  },
};

/** The invitations sent for one interview: the last one tells whether the candidate's calendar is current. */
export type InvitationEvent = EventOfType<'InterviewInvitationSent'>;
export type InvitationState = { sent: number; last: InterviewInvitationSent | null };
export type RecordInvitationSent = { type: 'RecordInvitationSent'; data: InterviewInvitationSent; metadata: CommandMetadata };

export const invitationDecider: Decider<InvitationState, RecordInvitationSent, InvitationEvent> = {
  eventTypes: ['InterviewInvitationSent'],
  initialState: () => ({ sent: 0, last: null }),
  evolve: (state, event) => (event.type === 'InterviewInvitationSent' ? { sent: state.sent + 1, last: event.data } : state),
  decide: (command) => {
    switch (command.type) {
      case 'RecordInvitationSent':
        return [{ type: 'InterviewInvitationSent', data: command.data }];
      default:
        return assertNever(command.type);
    }
  },
};
