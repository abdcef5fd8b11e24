import { createRoute } from '@tanstack/react-router';
import { ArrowLeft, BarChart3, Briefcase, Building2, Calendar, MessageSquare, Plug } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';
import { ButtonLink } from '@/components/router-links';
import { rootRoute } from './__root';

// Screens on the route table (SPEC §2.1) that later issues build. Calendar, Communications and
// Analytics are placeholders by design (SPEC §2.14).

export const clientsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clients',
  component: () => (
    <ComingSoon
      title="Clients"
      icon={<Building2 size={28} />}
      heading="Client management arrives soon"
      description="Company profiles, contact persons and job orders per client are coming in the next release."
    />
  ),
});

export const clientDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clients/$id',
  component: () => (
    <ComingSoon
      title="Client"
      icon={<Building2 size={28} />}
      heading="Client details arrive soon"
      description="Company information and contact persons are coming in the next release."
      action={
        <ButtonLink to="/clients" variant="outlined" color="neutral" startDecorator={<ArrowLeft size={16} />}>
          Back to Clients
        </ButtonLink>
      }
    />
  ),
});

export const jobsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/jobs',
  component: () => (
    <ComingSoon
      title="Job Orders"
      icon={<Briefcase size={28} />}
      heading="Job orders arrive soon"
      description="Creating, posting and analysing job orders is coming in the next release. The pipeline is already live."
      action={
        <ButtonLink to="/jobs/pipeline" variant="soft">
          Open the Pipeline
        </ButtonLink>
      }
    />
  ),
});

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

export const integrationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/integrations',
  component: () => (
    <ComingSoon
      title="Integrations"
      icon={<Plug size={28} />}
      heading="Integrations arrive soon"
      description="Email service and AI connection status with connection tests are coming in the next release."
    />
  ),
});
