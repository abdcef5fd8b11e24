import { z } from 'zod';
import { defineContract } from '../contract';
import { IdParamSchema, whenMissing } from '../fields';

/** Problem type (`code`) of an erase of a person already erased: 409. */
export const ALREADY_ERASED = 'already_erased';

/** Erase personal data: the reason is kept in the PII-free `…Erased` event (no personal data in it). */
export const EraseBodySchema = z.object({
  reason: z
    .string({ error: whenMissing('Required') })
    .trim()
    .min(1, 'Required')
    .max(500, 'Must be at most 500 characters'),
});
export type EraseBody = z.infer<typeof EraseBodySchema>;

export const EraseResultSchema = z.object({ id: z.number(), erasedAt: z.string() });
export type EraseResult = z.infer<typeof EraseResultSchema>;

export const AnonymiseResultSchema = z.object({ id: z.number(), anonymisedAt: z.string() });
export type AnonymiseResult = z.infer<typeof AnonymiseResultSchema>;

/** How an anonymised candidate shows in every list (its name fields hold these two words). */
export const ANONYMISED_FIRST_NAME = 'Anonymised';
export const ANONYMISED_LAST_NAME = 'candidate';

const ADMIN = ['admin'] as const;

const eraseContract = <N extends string, P extends string>(name: N, path: P, what: string) =>
  defineContract({
    name,
    method: 'POST',
    path,
    params: IdParamSchema,
    body: EraseBodySchema,
    response: EraseResultSchema,
    status: 200,
    roles: ADMIN,
    summary: `Erase ${what}'s personal data (GDPR Art. 17; cannot be undone): destroys the data key and files, appends a PII-free erased event, removes the person from the read models; 404 unknown, 409 already_erased`,
  });

const subjectAccessContract = <N extends string, P extends string>(name: N, path: P, what: string) =>
  defineContract({
    name,
    method: 'GET',
    path,
    params: IdParamSchema,
    response: z.unknown().describe('application/zip: subject-access.json plus the resume files'),
    status: 200,
    roles: ADMIN,
    summary: `Subject access export of ${what} (GDPR Art. 15): a zip of everything held and its history, including who viewed it; the export is access-logged`,
  });

export const privacyContracts = {
  eraseCandidate: eraseContract('eraseCandidate', '/api/candidates/:id/erase', 'a candidate'),
  eraseClientContact: eraseContract('eraseClientContact', '/api/client-contacts/:id/erase', 'a client contact'),
  candidateSubjectAccess: subjectAccessContract('candidateSubjectAccess', '/api/candidates/:id/subject-access', 'a candidate'),
  clientContactSubjectAccess: subjectAccessContract(
    'clientContactSubjectAccess',
    '/api/client-contacts/:id/subject-access',
    'a client contact',
  ),
  anonymiseCandidate: defineContract({
    name: 'anonymiseCandidate',
    method: 'POST',
    path: '/api/candidates/:id/anonymise',
    params: IdParamSchema,
    body: EraseBodySchema,
    response: AnonymiseResultSchema,
    status: 200,
    roles: ADMIN,
    summary:
      "Anonymise a candidate (retention review; cannot be undone): destroys the data key and files and appends a PII-free CandidateAnonymised event, but keeps the record for statistics (status, source, skills, applications, stage history, placements, fees) as 'Anonymised candidate'; 404 unknown, 409 already_erased",
  }),
};
