export { AppShell } from './components/app-shell';
export type { ShellUser } from './components/user-menu';
