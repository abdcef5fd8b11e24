import { atom } from 'jotai';

/** SPEC §2.3: submitting the dashboard search only records the text; no request is made. */
export const dashboardSearchAtom = atom('');
