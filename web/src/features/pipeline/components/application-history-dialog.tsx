import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import type { Application } from '@ats/contracts';
import { RecordHistory } from '@/components/history/record-history';

/** A card's History (its events, newest first): loaded on first open, not with the board. */
export function ApplicationHistoryDialog({ application, onClose }: { application: Application; open: boolean; onClose: () => void }) {
  return (
    <Modal open onClose={onClose}>
      <ModalDialog aria-labelledby="application-history-title" sx={{ width: 'min(640px, 100%)', overflowY: 'auto' }}>
        <ModalClose />
        <DialogTitle id="application-history-title">
          History: {`${application.candidate.firstName} ${application.candidate.lastName} — ${application.job.title}`}
        </DialogTitle>
        <RecordHistory kind="application" id={application.id} label="Application history" />
      </ModalDialog>
    </Modal>
  );
}
