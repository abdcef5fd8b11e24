import { RouterProvider } from '@tanstack/react-router';
import { currentUserQueryOptions } from '@/features/auth';
import { AppProviders } from './providers';
import { queryClient } from './query-client';
import { router } from './router';

// The session check starts with the script rather than after the first render: every screen's
// own requests wait for it (route loaders start them the moment it answers with a user).
void queryClient.prefetchQuery(currentUserQueryOptions());

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
