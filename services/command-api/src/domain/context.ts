import type { DocumentStore, EventStore } from '@ats/storage';
import type { AccountStore, SessionStore } from '@ats/http-kit';
import type { AllocateId } from '../ids';
import type { Integrations } from '../integrations';
import type { CommandMetadata } from './shared/decider';
import type { PrivacyPort } from './privacy/handlers';

/** What every command handler gets: the store, the id allocator and who/when/why. */
export interface Deps {
  eventStore: EventStore;
  allocateId: AllocateId;
  accounts: AccountStore;
  sessions: SessionStore;
  /** read models, read (never written) as inputs of AI analyses and e-mail; null when not wired */
  documents: DocumentStore | null;
  /** AI engine, e-mail sender, blob store */
  integrations: Integrations;
  /** erasure: the key store and the read models' purge (absent: erasure answers 501) */
  privacy?: PrivacyPort;
}
export interface Call {
  metadata: CommandMetadata;
  correlationId: string;
}
export interface Result {
  id?: number;
  position: number;
}
