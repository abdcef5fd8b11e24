import { createRoute } from '@tanstack/react-router';
import { BarChart3, MessageSquare } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';
import { rootRoute } from './__root';

// Screens on the route table (SPEC §2.1) that later issues build. Communications and Analytics
// are placeholders by design (SPEC §2.14); the calendar is `./calendar.tsx`.

export const communicationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/communications',
  component: () => (
    <ComingSoon
      title="Communications"
      icon={<MessageSquare size={28} />}
      heading="Communications coming soon"
      description="Email and SMS communication features will be available soon."
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
