import { createContext, useContext } from 'react';
import Dropdown from '@mui/joy/Dropdown';
import IconButton from '@mui/joy/IconButton';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import Menu from '@mui/joy/Menu';
import MenuButton from '@mui/joy/MenuButton';
import MenuItem from '@mui/joy/MenuItem';
import type { Application } from '@ats/contracts';
import { CalendarPlus, Ellipsis, UserMinus } from 'lucide-react';

/** The board's card actions, provided by the board for a writer (null: a card without a menu). */
export const CardActionsContext = createContext<((application: Application) => void) | null>(null);
/** "Schedule interview" from a card (the candidate and job prefilled), provided with the other actions. */
export const CardScheduleContext = createContext<((application: Application) => void) | null>(null);

/** A card's menu: "Schedule interview", "Remove from job" (confirmed, with Undo). Only for a writer's board. */
export function CardMenu({ application, name }: { application: Application; name: string }) {
  const onRemove = useContext(CardActionsContext);
  const onSchedule = useContext(CardScheduleContext);
  if (!onRemove) return null;
  return (
    <Dropdown>
      <MenuButton
        slots={{ root: IconButton }}
        slotProps={{ root: { size: 'sm', variant: 'plain', color: 'neutral', 'aria-label': `Actions for ${name}` } }}
        sx={{ '--IconButton-size': '28px', mt: '-4px', mr: '-4px' }}
      >
        <Ellipsis size={16} />
      </MenuButton>
      <Menu placement="bottom-end" size="sm" sx={{ zIndex: 'var(--joy-zIndex-popup)' }}>
        {onSchedule && (
          <MenuItem onClick={() => onSchedule(application)}>
            <ListItemDecorator>
              <CalendarPlus size={16} />
            </ListItemDecorator>
            Schedule interview
          </MenuItem>
        )}
        <MenuItem color="danger" onClick={() => onRemove(application)}>
          <ListItemDecorator>
            <UserMinus size={16} />
          </ListItemDecorator>
          Remove from job
        </MenuItem>
      </Menu>
    </Dropdown>
  );
}
