export { ScheduleInterviewDialog, type ScheduleInterviewDialogProps } from './schedule-interview-dialog';
export { InterviewDetailDialog, InterviewActionDialogs, interviewActions } from './interview-detail-dialog';
export { InterviewsPanel } from './interviews-panel';
export { RatingStars } from './change-dialogs';
export * from './api';
export * from './labels';
