import type { EventStore } from '@ats/storage';
import type { AccountStore, SessionStore } from '@ats/http-kit';
import type { AllocateId } from '../ids';
import type { CommandMetadata } from './shared/decider';

/** What every command handler gets: the store, the id allocator and who/when/why. */
export interface Deps {
  eventStore: EventStore;
  allocateId: AllocateId;
  accounts: AccountStore;
  sessions: SessionStore;
}
export interface Call {
  metadata: CommandMetadata;
  correlationId: string;
}
export interface Result {
  id?: number;
  position: number;
}
