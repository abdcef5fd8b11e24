/** The calendar's views: here alone, so the route's search check (in the app's entry) does not pull date-fns's parser in with `calendar-range`. */
export const CALENDAR_VIEWS = ['week', 'month', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
