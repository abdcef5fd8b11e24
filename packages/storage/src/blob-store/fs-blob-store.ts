import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobRef, BlobStore } from './port';

const ID = /^[0-9a-f-]{36}$/;

/** Blobs as files under `dir`, written atomically (temp file + rename), named by a random id. */
export function createFsBlobStore(dir: string): BlobStore {
  const path = (blobId: string) => {
    if (!ID.test(blobId)) throw new Error(`Invalid blob id ${blobId}`);
    return join(dir, blobId.slice(0, 2), blobId);
  };
  return {
    async put(bytes, meta): Promise<BlobRef> {
      const blobId = randomUUID();
      const target = path(blobId);
      await mkdir(join(dir, blobId.slice(0, 2)), { recursive: true });
      const temp = `${target}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, target);
      return {
        blobId,
        fileName: meta.fileName,
        size: bytes.byteLength,
        mimeType: meta.mimeType,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      };
    },
    async get(blobId) {
      try {
        return new Uint8Array(await readFile(path(blobId)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(blobId) {
      await rm(path(blobId), { force: true });
    },
    async replace(blobId, bytes) {
      const target = path(blobId);
      const temp = `${target}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, target);
    },
  };
}
