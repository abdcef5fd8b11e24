import { atom } from 'jotai';

/** Whether the Notifications settings dialog is open: the user menu opens it, the root route mounts it. */
export const notificationSettingsOpenAtom = atom(false);
