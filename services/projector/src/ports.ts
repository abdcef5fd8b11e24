// The storage ports the projector is written against, in one place.
export type {
  ChangeBus,
  ChangeNotice,
  Collection,
  CollectionDefinition,
  CollectionIds,
  CollectionWrite,
  Doc,
  DocumentStore,
  EventMetadata,
  EventStore,
  NewEvent,
  NoticePatch,
  RecordedEvent,
  Subscription,
} from '@ats/storage';
