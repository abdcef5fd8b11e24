import { useState } from 'react';
import Dropdown from '@mui/joy/Dropdown';
import IconButton from '@mui/joy/IconButton';
import Menu from '@mui/joy/Menu';
import MenuButton from '@mui/joy/MenuButton';
import MenuItem from '@mui/joy/MenuItem';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import { Download, Ellipsis, ShieldX } from 'lucide-react';
import type { EraseResult } from '@ats/contracts';
import { subjectAccessUrl, type ErasableKind } from '../api/erase';
import { lazyDialog } from '@/components/lazy-dialogs';

// B8: the erase dialog (with the contracts' erase schema, so zod) loads on open
const EraseDialog = lazyDialog(() => import('./erase-dialog').then((m) => m.EraseDialog));

/**
 * The record's menu for admins: download everything held about the person (subject access, a
 * zip) and "Erase personal data…".
 */
export function PrivacyMenu({
  kind,
  id,
  name,
  onErased,
}: {
  kind: ErasableKind;
  id: number;
  name: string;
  onErased: (result: EraseResult) => void;
}) {
  const [erasing, setErasing] = useState(false);
  const download = () => {
    const link = document.createElement('a');
    link.href = subjectAccessUrl(kind, id);
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  };
  return (
    <>
      <Dropdown>
        <MenuButton
          slots={{ root: IconButton }}
          slotProps={{ root: { variant: 'outlined', color: 'neutral', size: 'sm', 'aria-label': `More actions for ${name}` } }}
        >
          <Ellipsis size={18} />
        </MenuButton>
        <Menu placement="bottom-end" size="sm" data-testid="record-menu">
          <MenuItem onClick={download}>
            <ListItemDecorator>
              <Download size={16} aria-hidden />
            </ListItemDecorator>
            Download personal data (subject access)
          </MenuItem>
          <MenuItem color="danger" onClick={() => setErasing(true)}>
            <ListItemDecorator>
              <ShieldX size={16} aria-hidden />
            </ListItemDecorator>
            Erase personal data…
          </MenuItem>
        </Menu>
      </Dropdown>
      <EraseDialog
        open={erasing}
        kind={kind}
        id={id}
        name={name}
        onClose={() => setErasing(false)}
        onErased={(result) => {
          setErasing(false);
          onErased(result);
        }}
      />
    </>
  );
}
