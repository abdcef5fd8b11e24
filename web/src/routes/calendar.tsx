import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { CALENDAR_VIEWS } from '@/features/calendar/utils/calendar-views';
import { rootRoute } from './__root';

/** The calendar's view, day and filters live in the URL, so a link opens the same calendar. */
export const CalendarSearchSchema = z.object({
  view: z.enum(CALENDAR_VIEWS).optional().catch(undefined),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  who: z.string().trim().min(1).max(100).optional().catch(undefined),
  job: z.coerce.number().int().positive().optional().catch(undefined),
  client: z.coerce.number().int().positive().optional().catch(undefined),
});

export const calendarRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/calendar',
  validateSearch: (search: Record<string, unknown>) => CalendarSearchSchema.parse(search),
  component: lazyRouteComponent(() => import('./calendar.lazy'), 'CalendarScreen'),
});
