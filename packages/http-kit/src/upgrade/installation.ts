import { eventRegistry } from '@ats/events';
import type { DocumentStore } from '@ats/storage';

/**
 * The layout of the stored data this version writes (tables, state documents). A release that
 * changes it raises the number and lists what the start-up does under `DATA_MIGRATIONS`.
 * Event schemas and read-model versions have their own numbers (the event registry, each
 * projection's `version`).
 */
export const DATA_VERSION = 1;
/** What reaching each data version does to existing data (none yet beyond version 1). */
export const DATA_MIGRATIONS: Record<number, string> = {};

/** Where the installation records which version last served its data (a state table: backed up). */
export const INSTALLATION_COLLECTION = 'installation';
export const INSTALLATION_VERSION_ID = 'version';

/** What one version of the code reads and writes: the record every service compares with the data's. */
export type InstallationVersion = {
  id: typeof INSTALLATION_VERSION_ID;
  dataVersion: number;
  /** read models as `name@version` */
  readModels: string[];
  /** event type → schema version */
  events: Record<string, number>;
  servedAt: string;
};

/** This build's versions; `readModels` from the projections it carries (a service without them passes none). */
export function thisRelease(readModels: readonly string[] = []): Omit<InstallationVersion, 'servedAt'> {
  return {
    id: INSTALLATION_VERSION_ID,
    dataVersion: DATA_VERSION,
    readModels: [...readModels],
    events: Object.fromEntries(Object.entries(eventRegistry).map(([type, entry]) => [type, entry.version])),
  };
}

export const readModelName = (key: string) => key.split('@')[0]!;
export const readModelVersion = (key: string) => Number(key.split('@')[1] ?? 1);

export function installation(documents: Pick<DocumentStore, 'collection'>) {
  return documents.collection<InstallationVersion>(INSTALLATION_COLLECTION);
}

/** The version that last served the data, or null on data no version has recorded yet. */
export async function storedVersion(documents: Pick<DocumentStore, 'collection'>): Promise<InstallationVersion | null> {
  return installation(documents).get(INSTALLATION_VERSION_ID);
}

/**
 * Records that this version serves the data (after its check passed). Only the service that
 * owns the read side records it (the projector, or the standalone server): the others only
 * compare, so separately started services never race on the record.
 */
export async function recordVersion(
  documents: Pick<DocumentStore, 'collection'>,
  release: Omit<InstallationVersion, 'servedAt'>,
  now = new Date(),
): Promise<void> {
  await installation(documents).upsert({ ...release, servedAt: now.toISOString() });
}
