export { ScheduleInterviewDialog, type ScheduleInterviewDialogProps } from './schedule-interview-dialog';
export { InterviewDetailDialog, InterviewActionDialogs } from './interview-detail-dialog';
export { interviewActions, orderInterviews, type InterviewAction } from './interview-actions';
export { InterviewsPanel } from './interviews-panel';
export { RatingStars } from './change-dialogs';
export * from './api';
export * from './labels';
