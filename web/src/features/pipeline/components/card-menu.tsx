import { createContext, useContext } from 'react';
import Dropdown from '@mui/joy/Dropdown';
import IconButton from '@mui/joy/IconButton';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import Menu from '@mui/joy/Menu';
import MenuButton from '@mui/joy/MenuButton';
import ListDivider from '@mui/joy/ListDivider';
import MenuItem from '@mui/joy/MenuItem';
import { APPLICATION_STAGES, STAGE_LABELS, type Application, type ApplicationStage } from '@ats/contracts';
import { ArrowRight, CalendarPlus, Ellipsis, History, UserMinus } from 'lucide-react';

/** The board's card actions, provided by the board for a writer (null: a card without a menu). */
export const CardActionsContext = createContext<((application: Application) => void) | null>(null);
/** "Schedule interview" from a card (the candidate and job prefilled), provided with the other actions. */
export const CardScheduleContext = createContext<((application: Application) => void) | null>(null);
/**
 * Moves a card to another stage from its menu, provided by the board for a writer: the one-tap way
 * on a phone, where a drag scrolls the board instead (and WCAG 2.5.7's alternative to dragging).
 */
export const CardMoveContext = createContext<((application: Application, stage: ApplicationStage) => void) | null>(null);
/** Opens a card's History (every role that can read the board); null: no History item. */
export const CardHistoryContext = createContext<((application: Application) => void) | null>(null);

/**
 * A card's menu: its History, and for a writer "Move to <stage>", "Schedule interview" and
 * "Remove from job" (confirmed, with Undo).
 */
export function CardMenu({ application, name }: { application: Application; name: string }) {
  const onRemove = useContext(CardActionsContext);
  const onSchedule = useContext(CardScheduleContext);
  const onHistory = useContext(CardHistoryContext);
  const onMove = useContext(CardMoveContext);
  if (!onRemove && !onHistory && !onMove) return null;
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
        {onMove &&
          APPLICATION_STAGES.filter((stage) => stage !== application.stage).map((stage) => (
            <MenuItem key={stage} onClick={() => onMove(application, stage)}>
              <ListItemDecorator>
                <ArrowRight size={16} />
              </ListItemDecorator>
              Move to {STAGE_LABELS[stage] ?? stage}
            </MenuItem>
          ))}
        {onMove && <ListDivider />}
        {onSchedule && (
          <MenuItem onClick={() => onSchedule(application)}>
            <ListItemDecorator>
              <CalendarPlus size={16} />
            </ListItemDecorator>
            Schedule interview
          </MenuItem>
        )}
        {onHistory && (
          <MenuItem onClick={() => onHistory(application)}>
            <ListItemDecorator>
              <History size={16} />
            </ListItemDecorator>
            History
          </MenuItem>
        )}
        {onRemove && (
          <MenuItem color="danger" onClick={() => onRemove(application)}>
            <ListItemDecorator>
              <UserMinus size={16} />
            </ListItemDecorator>
            Remove from job
          </MenuItem>
        )}
      </Menu>
    </Dropdown>
  );
}
