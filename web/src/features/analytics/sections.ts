import type { JSX } from 'react';
import type { AnalyticsFilters } from './filters';
import { JobHealthSection } from './sections/job-health';
import { RecruiterActivitySection } from './sections/recruiter-activity';
import { SourceEffectivenessSection } from './sections/source-effectiveness';

/** The Analytics screen's sections, in screen order (the screen renders each with the URL's filters). */
export const analyticsSections: Array<{ id: string; label: string; Component: (props: { filters: AnalyticsFilters }) => JSX.Element }> = [
  { id: 'sources', label: 'Source effectiveness', Component: SourceEffectivenessSection },
  { id: 'recruiter-activity', label: 'Recruiter activity', Component: RecruiterActivitySection },
  { id: 'job-health', label: 'Job health', Component: JobHealthSection },
];
