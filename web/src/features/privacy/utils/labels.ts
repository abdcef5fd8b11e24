import type { ConsentState, DuplicateReason, LawfulBasis } from '@ats/contracts';

export const BASIS_LABELS: Record<LawfulBasis, string> = {
  consent: 'Consent',
  legitimate_interest: 'Legitimate interest',
  contract: 'Contract',
  legal_obligation: 'Legal obligation',
};
export const CONSENT_STATE_LABELS: Record<ConsentState, string> = {
  given: 'Given',
  withdrawn: 'Withdrawn',
  pending: 'Pending',
  not_required: 'Not required',
};
export const REASON_LABELS: Record<DuplicateReason, string> = {
  email: 'Same e-mail',
  phone: 'Same phone',
  name_company: 'Same name and company',
  linkedin: 'Same LinkedIn URL',
};
