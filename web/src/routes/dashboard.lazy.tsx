import { useEffect, useState } from 'react';
import { useCanEdit, useCurrentUser } from '@/features/auth';
import { LazyAddCandidateDialog, LazyAddClientDialog, LazyAddJobDialog } from '@/components/lazy-dialogs';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { QuickAddChooser, type QuickAddKind } from '@/features/dashboard/components/quick-add-chooser';
import { NotificationBell } from '@/features/notifications';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { signalUnauthorized } from '@/lib/unauthorized';
import { DashboardLoading } from './dashboard-loading';

/** The dashboard with Quick Add (SPEC §2.4): the chooser opens one of the three creation dialogs. */
export function DashboardScreen() {
  const { data: user, isPending } = useCurrentUser();
  const canEdit = useCanEdit();
  const [choosing, setChoosing] = useState(false);
  useDocumentTitle('Dashboard');
  const [dialog, setDialog] = useState<QuickAddKind | null>(null);

  // SPEC §2.3: loading ended without an authenticated user.
  useEffect(() => {
    if (!isPending && !user) signalUnauthorized();
  }, [isPending, user]);

  if (isPending || !user) return <DashboardLoading />;
  const close = () => setDialog(null);
  return (
    <DashboardPage firstName={user.firstName} canEdit={canEdit} onAddNew={() => setChoosing(true)} bell={<NotificationBell />}>
      {canEdit && (
        <>
          <QuickAddChooser open={choosing} onClose={() => setChoosing(false)} onChoose={setDialog} />
          <LazyAddCandidateDialog open={dialog === 'candidate'} onClose={close} />
          <LazyAddClientDialog open={dialog === 'client'} onClose={close} />
          <LazyAddJobDialog open={dialog === 'job'} onClose={close} />
        </>
      )}
    </DashboardPage>
  );
}
