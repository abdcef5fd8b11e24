import { PRIVACY_SETTINGS_STREAM, type EventOfType } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';

export type RetentionPolicyEvent = EventOfType<'RetentionPolicySet'>;
/** null months = the default policy (never set) */
export type RetentionPolicyState = { months: number | null };
export type SetRetentionPolicy = { type: 'SetRetentionPolicy'; data: { months: number }; metadata: CommandMetadata };

/** The installation's retention policy: one setting, changed by admins; setting the same value appends nothing. */
export const retentionPolicyDecider: Decider<RetentionPolicyState, SetRetentionPolicy, RetentionPolicyEvent> = {
  eventTypes: ['RetentionPolicySet'],
  initialState: () => ({ months: null }),
  evolve: (_state, event) => ({ months: event.data.months }),
  decide(command, state) {
    switch (command.type) {
      case 'SetRetentionPolicy':
        return state.months === command.data.months ? [] : [{ type: 'RetentionPolicySet', data: { months: command.data.months } }];
      default:
        return assertNever(command.type);
    }
  },
};

export const toPrivacySettingsStreamId = (_id: 'retention') => PRIVACY_SETTINGS_STREAM;
