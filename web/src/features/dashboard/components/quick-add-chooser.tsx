import type { ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Typography from '@mui/joy/Typography';
import { Briefcase, Building2, UserPlus } from 'lucide-react';

export type QuickAddKind = 'candidate' | 'client' | 'job';

const TILES: { kind: QuickAddKind; title: string; description: string; icon: ReactNode; tone: 'primary' | 'success' | 'warning' }[] = [
  { kind: 'candidate', title: 'Add Candidate', description: 'Upload resume and profile', icon: <UserPlus size={22} />, tone: 'primary' },
  { kind: 'client', title: 'Add Client', description: 'Company and contact info', icon: <Building2 size={22} />, tone: 'success' },
  { kind: 'job', title: 'Add Job Order', description: 'Position requirements', icon: <Briefcase size={22} />, tone: 'warning' },
];

/** SPEC §2.4: the 'Add New' chooser; a tile closes it and names the dialog to open. */
export function QuickAddChooser({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (kind: QuickAddKind) => void;
}) {
  return (
    <Modal open={open} onClose={onClose}>
      <ModalDialog aria-labelledby="quick-add-title" sx={{ width: 'min(640px, calc(100vw - 24px))' }}>
        <ModalClose aria-label="Close" />
        <DialogTitle id="quick-add-title">Add New</DialogTitle>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mt: 1 }}>
          {TILES.map((tile) => (
            <Card
              key={tile.kind}
              variant="outlined"
              component="button"
              type="button"
              onClick={() => {
                onClose();
                onChoose(tile.kind);
              }}
              sx={{
                cursor: 'pointer',
                textAlign: { xs: 'left', sm: 'center' },
                alignItems: { xs: 'center', sm: 'center' },
                flexDirection: { xs: 'row', sm: 'column' },
                gap: 1.25,
                font: 'inherit',
                color: 'inherit',
                bgcolor: 'background.surface',
                '&:hover': { borderColor: `${tile.tone}.outlinedHoverBorder`, bgcolor: `${tile.tone}.softBg` },
                '&:focus-visible': { outline: '2px solid var(--joy-palette-focusVisible)', outlineOffset: 2 },
              }}
            >
              <Box
                aria-hidden
                sx={{
                  width: 48,
                  height: 48,
                  flexShrink: 0,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: `${tile.tone}.softBg`,
                  color: `${tile.tone}.softColor`,
                }}
              >
                {tile.icon}
              </Box>
              <Box>
                <Typography level="title-md">{tile.title}</Typography>
                <Typography level="body-sm" textColor="text.secondary">
                  {tile.description}
                </Typography>
              </Box>
            </Card>
          ))}
        </Box>
      </ModalDialog>
    </Modal>
  );
}
