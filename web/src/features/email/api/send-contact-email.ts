import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { EmailTemplate } from '../utils/email-form';
import type { EmailResult } from './send-email';

export interface SendContactEmailInput {
  contactId: number;
  template: EmailTemplate;
  jobId?: number;
  subject: string;
  message: string;
}

/** POST /api/client-contacts/:id/email: the template written by the server to the contact person. */
export function useSendContactEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['communications', 'send-contact-email'],
    mutationFn: (input: SendContactEmailInput): Promise<EmailResult> =>
      callContract(contracts.sendContactEmail, {
        params: { id: input.contactId },
        body: { template: input.template, jobId: input.jobId ?? null, customData: { subject: input.subject, message: input.message } },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.communications.all() }),
  });
}
