export { NotificationBell } from './components/notification-bell';
export { NotificationSettingsDialog } from './components/notification-settings-dialog';
export { FollowToggle } from './components/follow-toggle';
