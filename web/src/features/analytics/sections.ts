import type { JSX } from 'react';
import type { AnalyticsFilters } from './filters';
import { FunnelSection } from './components/funnel-section';
import { PlacementsSection } from './components/placements-section';
import { TimeInStageSection } from './components/time-in-stage-section';
import { TimeToFillSection } from './components/time-to-fill-section';
import { JobHealthSection } from './sections/job-health';
import { RecruiterActivitySection } from './sections/recruiter-activity';
import { SourceEffectivenessSection } from './sections/source-effectiveness';

/** The Analytics screen's sections, in screen order (add new ones at the end). */
export const analyticsSections: Array<{ id: string; label: string; Component: (props: { filters: AnalyticsFilters }) => JSX.Element }> = [
  { id: 'funnel', label: 'Funnel', Component: FunnelSection },
  { id: 'time-in-stage', label: 'Time in stage', Component: TimeInStageSection },
  { id: 'time-to-fill', label: 'Time to fill', Component: TimeToFillSection },
  { id: 'placements', label: 'Placements and fees', Component: PlacementsSection },
  { id: 'sources', label: 'Source effectiveness', Component: SourceEffectivenessSection },
  { id: 'recruiter-activity', label: 'Recruiter activity', Component: RecruiterActivitySection },
  { id: 'job-health', label: 'Job health', Component: JobHealthSection },
];
