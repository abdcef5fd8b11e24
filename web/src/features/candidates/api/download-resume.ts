import { contracts } from '@ats/contracts';
import { apiDownload, contractPath } from '@/lib/api-client';

/** GET /api/candidates/:id/resume/file: the uploaded file, saved by the browser (the server logs the download). */
export function downloadResume(candidateId: number, fileName: string): Promise<void> {
  return apiDownload(contractPath(contracts.downloadResume, { id: candidateId }), fileName);
}
