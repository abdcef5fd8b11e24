import { useState } from 'react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import { createRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { AnalyticsFilters } from '@/features/analytics/filters';
import { analyticsSections } from '@/features/analytics/sections';
import { rootRoute } from './__root';

// PREVIEW ONLY (branch analytics-more): shows this branch's analytics sections until the real
// Analytics screen (branch analytics-core) renders `analyticsSections`. The lead drops this file
// and points the router back at that screen when merging.

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function AnalyticsPreview() {
  useDocumentTitle('Analytics');
  const [filters, setFilters] = useState<AnalyticsFilters>(() => ({ from: day(Date.now() - 89 * DAY_MS), to: day(Date.now()) }));
  const set = (key: 'from' | 'to') => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    if (value) setFilters((f) => ({ ...f, [key]: value }));
  };
  return (
    <>
      <PageHeader title="Analytics" subtitle="Recruiting figures counted from the event log." />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <FormControl>
          <FormLabel>From</FormLabel>
          <Input type="date" value={filters.from} onChange={set('from')} />
        </FormControl>
        <FormControl>
          <FormLabel>To</FormLabel>
          <Input type="date" value={filters.to} onChange={set('to')} />
        </FormControl>
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {analyticsSections.map(({ id, Component }) => (
          <Component key={id} filters={filters} />
        ))}
      </Box>
    </>
  );
}

export const analyticsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/analytics', component: AnalyticsPreview });
