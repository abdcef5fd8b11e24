import { useMutation } from '@tanstack/react-query';
import { contracts, type ResponseOf } from '@ats/contracts';
import { apiFetch, callContract, contractPath } from '@/lib/api-client';

/** POST /api/ai/parse-resume {resumeText}: fills the Add Candidate form. */
export function useParseResume() {
  return useMutation({
    mutationKey: ['ai', 'parse-resume'],
    mutationFn: (resumeText: string) => callContract(contracts.parseResume, { body: { resumeText } }),
  });
}

/**
 * POST /api/ai/parse-resume-file, multipart with the field `file` (PDF). The contract has no JSON
 * body to type the form with, so this one goes through `apiFetch` with the contract's reply type.
 */
export function useParseResumeFile() {
  return useMutation({
    mutationKey: ['ai', 'parse-resume-file'],
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const contract = contracts.parseResumeFile;
      return apiFetch<ResponseOf<typeof contract>>(contractPath(contract), { method: contract.method, body: form });
    },
  });
}
