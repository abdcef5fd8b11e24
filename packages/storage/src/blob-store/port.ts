/**
 * The blob-store port for files (resumes): the filesystem under the data dir by default, GridFS
 * in the MongoDB deployment. Events carry only the BlobRef, never the bytes.
 */
export interface BlobRef {
  blobId: string;
  fileName: string;
  size: number;
  mimeType: string;
  sha256: string;
}

export interface BlobStore {
  put(bytes: Uint8Array, meta: { fileName: string; mimeType: string }): Promise<BlobRef>;
  /** null when the blob does not exist */
  get(blobId: string): Promise<Uint8Array | null>;
  delete(blobId: string): Promise<void>;
  /** writes new bytes under an existing id (an erasure taking a person out of a kept upload); absent: not supported */
  replace?(blobId: string, bytes: Uint8Array): Promise<void>;
}
