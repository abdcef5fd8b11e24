import Alert from '@mui/joy/Alert';
import type { SxProps } from '@mui/joy/styles/types';
import { Info } from 'lucide-react';

/**
 * Shown in an open edit form when someone else saved the record after editing began: the form
 * keeps the user's typing; a save then merges other fields or asks about shared ones.
 */
export function ChangedMeanwhileNotice({
  baseRevision,
  revision,
  by,
  sx,
}: {
  baseRevision: number | undefined;
  revision: number | undefined;
  by: { name: string } | undefined;
  sx?: SxProps;
}) {
  if (baseRevision === undefined || revision === undefined || revision <= baseRevision) return null;
  return (
    <Alert
      role="status"
      color="warning"
      variant="soft"
      startDecorator={<Info size={16} aria-hidden />}
      data-testid="changed-meanwhile"
      sx={sx}
    >
      {by?.name ?? 'Someone else'} changed this record — your edits are kept
    </Alert>
  );
}
