import { useEffect, useRef } from 'react';
import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { DataAsOfHint } from '@/components/data-as-of-hint';
import { AuditLinks } from '@/components/audit-links';
import { NotFound } from '@/components/not-found';
import { fullName, roleLabel, useCurrentUser } from '@/features/auth';
import { LandingPage } from '@/features/landing';
import { NotificationBell, NotificationSettingsDialog } from '@/features/notifications';
import { SearchPalette } from '@/features/search';
import { AppShell } from '@/features/shell';
import { initials } from '@/lib/format';
import { useRealtimeConnection } from '@/lib/realtime';
import { signalUnauthorized } from '@/lib/unauthorized';

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

/** SPEC §2.1: signed-out or still-loading visitors see only the landing page. */
function RootLayout() {
  const { data: user } = useCurrentUser();
  const wasSignedIn = useRef(false);
  // A signed-in session that ends (expired, signed out elsewhere, deactivated) says so and
  // goes to the sign-in page (SPEC §8).
  useEffect(() => {
    if (user) wasSignedIn.current = true;
    else if (user === null && wasSignedIn.current) signalUnauthorized();
  }, [user]);
  if (!user) return <LandingPage />;
  return (
    <SignedIn
      user={{
        fullName: fullName(user) || user.email,
        roleLabel: roleLabel(user.role),
        role: user.role,
        avatarUrl: user.profileImageUrl,
        initials: initials(user.firstName, user.lastName),
      }}
    />
  );
}

function SignedIn({ user }: { user: Parameters<typeof AppShell>[0]['user'] }) {
  useRealtimeConnection();
  // the bell is on every page: in the shell's top bar, but on the dashboard in its header (SPEC §2.3)
  const onDashboard = useRouterState({ select: (state) => state.location.pathname === '/' });
  return (
    <AuditLinks.Provider value={user.role === 'admin' || user.role === 'auditor'}>
      <AppShell user={user} topBarEnd={onDashboard ? undefined : <NotificationBell />}>
        <DataAsOfHint />
        <Outlet />
        <SearchPalette />
        <NotificationSettingsDialog />
      </AppShell>
    </AuditLinks.Provider>
  );
}
