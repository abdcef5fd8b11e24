import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { CALENDAR_VIEWS } from '@/features/calendar/utils/calendar-views';
import { day, oneOf, positiveInt, searchSchema, text } from '@/lib/search-params';
import { rootRoute } from './__root';

/** The calendar's view, day and filters live in the URL, so a link opens the same calendar. */
export const CalendarSearchSchema = searchSchema({
  view: oneOf(CALENDAR_VIEWS),
  date: day(),
  who: text({ min: 1, max: 100 }),
  job: positiveInt(),
  client: positiveInt(),
});

export const calendarRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/calendar',
  validateSearch: (search: Record<string, unknown>) => CalendarSearchSchema.parse(search),
  component: lazyRouteComponent(() => import('./calendar.lazy'), 'CalendarScreen'),
});
