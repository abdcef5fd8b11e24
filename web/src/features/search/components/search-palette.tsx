import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import CircularProgress from '@mui/joy/CircularProgress';
import Input from '@mui/joy/Input';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Typography from '@mui/joy/Typography';
import { useRouter } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { Search } from 'lucide-react';
import type { SearchResult } from '@ats/contracts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { serverMessage } from '@/lib/api-client';
import { searchPaletteAtom } from '@/lib/search-palette';
import { useGlobalSearch } from '../api/search';
import { usePaletteShortcut } from '../hooks/use-palette-shortcut';
import { flatResults, groupResults, moveActive, optionId } from '../utils/result-groups';
import { SearchResultList } from './search-result-list';

const LISTBOX_ID = 'global-search-listbox';
const MAX_QUERY = 200;

/**
 * The command palette of the global search: the header box and Ctrl/⌘-K open it. An ARIA
 * combobox whose listbox holds the results grouped by kind; the arrow keys move the active
 * option (aria-activedescendant), Enter opens it, Escape closes. Full screen on phones.
 */
export function SearchPalette() {
  const [state, setState] = useAtom(searchPaletteAtom);
  const open = useCallback(() => setState((s) => ({ open: true, query: s.open ? s.query : '' })), [setState]);
  usePaletteShortcut(open);
  const close = () => setState({ open: false, query: '' });
  return (
    <Modal open={state.open} onClose={close}>
      <ModalDialog
        aria-label="Search candidates, clients, jobs and contacts"
        sx={{
          p: 0,
          gap: 0,
          overflow: 'hidden',
          width: { xs: '100vw', sm: 'min(640px, calc(100vw - 24px))' },
          maxWidth: '100vw',
          height: { xs: '100dvh', sm: 'auto' },
          maxHeight: { xs: '100dvh', sm: 'min(560px, calc(100dvh - 96px))' },
          top: { xs: 0, sm: '10vh' },
          left: { xs: 0, sm: '50%' },
          transform: { xs: 'none', sm: 'translateX(-50%)' },
          borderRadius: { xs: 0, sm: 'md' },
        }}
      >
        {state.open && <PaletteBody initialQuery={state.query} onClose={close} />}
      </ModalDialog>
    </Modal>
  );
}

function PaletteBody({ initialQuery, onClose }: { initialQuery: string; onClose: () => void }) {
  const router = useRouter();
  const [text, setText] = useState(initialQuery);
  const words = useDebouncedValue(text.trim(), 200);
  const search = useGlobalSearch(words);
  const [active, setActive] = useState(-1);
  // results for the words on screen only: while newer words load, the old list stays (dimmed)
  const groups = useMemo(() => groupResults(search.data?.results ?? []), [search.data]);
  const flat = useMemo(() => flatResults(groups), [groups]);
  useEffect(() => setActive(flat.length > 0 ? 0 : -1), [flat]);
  const activeResult = active >= 0 ? flat[active] : undefined;
  useEffect(() => {
    if (activeResult) document.getElementById(optionId(activeResult))?.scrollIntoView({ block: 'nearest' });
  }, [activeResult]);

  const openResult = (result: SearchResult) => {
    onClose();
    router.history.push(result.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || ((event.key === 'Home' || event.key === 'End') && event.ctrlKey)) {
      event.preventDefault();
      setActive((a) => moveActive(a, flat.length, event.key as 'ArrowDown' | 'ArrowUp' | 'Home' | 'End'));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeResult) openResult(activeResult);
    }
  };

  const typed = text.trim();
  const pending = typed.length > 0 && (words !== typed || search.isFetching);
  const expanded = typed.length > 0 && flat.length > 0;
  return (
    <>
      <Box sx={{ p: 1.5, borderBottom: '1px solid', borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 1 }}>
        <Input
          autoFocus
          value={text}
          onChange={(event) => setText(event.target.value.slice(0, MAX_QUERY))}
          placeholder="Search candidates, clients, jobs..."
          startDecorator={<Search size={18} aria-hidden />}
          endDecorator={pending ? <CircularProgress size="sm" aria-hidden /> : undefined}
          variant="plain"
          size="lg"
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{
            input: {
              role: 'combobox',
              'aria-label': 'Search candidates, clients, jobs and contacts',
              'aria-expanded': expanded,
              'aria-controls': LISTBOX_ID,
              'aria-autocomplete': 'list',
              'aria-activedescendant': expanded && activeResult ? optionId(activeResult) : undefined,
              maxLength: MAX_QUERY,
              onKeyDown,
            },
          }}
        />
        {/* phones have no Escape key */}
        <Button variant="plain" color="neutral" onClick={onClose} sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
          Cancel
        </Button>
      </Box>
      {/* focusable so the results can be scrolled from the keyboard too (the arrows scroll the active option into view) */}
      <Box tabIndex={0} role="region" aria-label="Results" sx={{ overflowY: 'auto', flex: 1, minHeight: 0 }}>
        {expanded && (
          <SearchResultList id={LISTBOX_ID} groups={groups} active={active} onHover={setActive} onOpen={openResult} stale={pending} />
        )}
        <PaletteStatus
          typed={typed}
          loading={pending && flat.length === 0}
          error={search.isError && !pending ? (serverMessage(search.error) ?? 'Search failed. Please try again.') : null}
          empty={!pending && !search.isError && search.isSuccess && words === typed && flat.length === 0}
        />
      </Box>
      <Box
        sx={{
          display: { xs: 'none', sm: 'flex' },
          gap: 2,
          px: 2,
          py: 1,
          borderTop: '1px solid',
          borderColor: 'divider',
          color: 'text.secondary',
        }}
      >
        <Typography level="body-xs">↑ ↓ to move</Typography>
        <Typography level="body-xs">Enter to open</Typography>
        <Typography level="body-xs">Esc to close</Typography>
      </Box>
    </>
  );
}

function PaletteStatus({ typed, loading, error, empty }: { typed: string; loading: boolean; error: string | null; empty: boolean }) {
  let message: string | null = null;
  if (!typed) message = 'Type a name, e-mail, title, company or skill.';
  else if (error) message = error;
  else if (loading) message = 'Searching...';
  else if (empty) message = `No results for “${typed}”`;
  return (
    <Typography
      role={error ? 'alert' : 'status'}
      level="body-sm"
      textColor={error ? 'danger.plainColor' : 'text.secondary'}
      sx={{ px: 2, py: message ? 2 : 0 }}
    >
      {message}
    </Typography>
  );
}
