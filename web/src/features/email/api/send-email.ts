import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts, type EmailResultSchema } from '@ats/contracts';
import type { z } from 'zod';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { EmailTemplate } from '../utils/email-form';

export type EmailResult = z.output<typeof EmailResultSchema>;

export type SendEmailInput =
  | {
      kind: 'candidate';
      candidateId: number;
      template: Exclude<EmailTemplate, 'custom'> | 'custom';
      jobId?: number;
      subject: string;
      message: string;
    }
  | { kind: 'custom'; to: string; subject: string; text: string; html: string; candidateId?: number };

/** POST /api/candidates/:id/email (a template for a known candidate) or POST /api/email/send. */
export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['candidates', 'send-email'],
    mutationFn: (input: SendEmailInput): Promise<EmailResult> =>
      input.kind === 'candidate'
        ? callContract(contracts.sendCandidateEmail, {
            params: { id: input.candidateId },
            body: { template: input.template, jobId: input.jobId ?? null, customData: { subject: input.subject, message: input.message } },
          })
        : callContract(contracts.sendEmail, {
            body: { to: input.to, subject: input.subject, text: input.text, html: input.html, candidateId: input.candidateId },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.candidates.communicationsAll() }),
  });
}
