import { createRoute } from '@tanstack/react-router';
import { BarChart3, Calendar } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';
import { rootRoute } from './__root';

// Screens on the route table (SPEC §2.1) that later issues build. Calendar, Communications and
// Analytics are placeholders by design (SPEC §2.14).

export const calendarRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/calendar',
  component: () => (
    <ComingSoon
      title="Calendar"
      icon={<Calendar size={28} />}
      heading="Calendar coming soon"
      description="Calendar functionality will be available soon, with integration with your calendar service for scheduling and managing interviews."
    />
  ),
});

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
