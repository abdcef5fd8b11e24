import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../src';

const dir = mkdtempSync(join(tmpdir(), 'ats-blobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('filesystem blob store', () => {
  it('stores bytes and returns a reference with size and sha256; get and delete', async () => {
    const store = createFsBlobStore(dir);
    const bytes = new TextEncoder().encode('%PDF-1.7 resume bytes');
    const ref = await store.put(bytes, { fileName: 'ada.pdf', mimeType: 'application/pdf' });
    expect(ref).toEqual({
      blobId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fileName: 'ada.pdf',
      size: bytes.byteLength,
      mimeType: 'application/pdf',
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(Buffer.from((await store.get(ref.blobId))!).toString()).toBe('%PDF-1.7 resume bytes');
    await store.delete(ref.blobId);
    expect(await store.get(ref.blobId)).toBeNull();
  });
  it('refuses ids that could escape the directory', async () => {
    await expect(createFsBlobStore(dir).get('../../etc/passwd')).rejects.toThrow('Invalid blob id');
  });
});
