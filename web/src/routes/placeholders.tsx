import { createRoute } from '@tanstack/react-router';
import { BarChart3 } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';
import { rootRoute } from './__root';

// Screens on the route table (SPEC §2.1) that later issues build. Analytics is a placeholder by
// design (SPEC §2.14); the calendar is `./calendar.tsx`, the communications hub `./communications.tsx`.

export const analyticsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/analytics',
  component: () => (
    <ComingSoon
      title="Analytics"
      icon={<BarChart3 size={28} />}
      heading="Analytics coming soon"
      description="Advanced analytics and reporting charts will be available soon."
    />
  ),
});
