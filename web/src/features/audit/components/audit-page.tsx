import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Dropdown from '@mui/joy/Dropdown';
import Menu from '@mui/joy/Menu';
import MenuButton from '@mui/joy/MenuButton';
import ListDivider from '@mui/joy/ListDivider';
import MenuItem from '@mui/joy/MenuItem';
import Sheet from '@mui/joy/Sheet';
import Skeleton from '@mui/joy/Skeleton';
import ToggleButtonGroup from '@mui/joy/ToggleButtonGroup';
import Typography from '@mui/joy/Typography';
import { Download, Pause, Play, ScrollText } from 'lucide-react';
import { socketEvents, type ChainedAuditEvent } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { withSocket } from '@/lib/socket';
import { exportHref, fetchAuditEvents, useAuditEventAt, useAuditEvents } from '../api/get-audit-events';
import { hasFilters, toAuditFilters, type AuditSearch } from '../utils/audit-search';
import { eventCountLabel } from '../utils/event-groups';
import { AuditFilters, type AuditJobOption } from './audit-filters';
import { EventDetail } from './event-detail';
import { EventList } from './event-list';
import { IntegrityPanel } from './integrity-panel';

const TAIL_POLL_MS = 2_000;

/**
 * New events as they happen, for the current filters: asks for what came after the newest event
 * held on each change notice and every two seconds, unless paused.
 */
function useLiveTail(filtersKey: string, filters: ReturnType<typeof toAuditFilters>, newest: number, enabled: boolean) {
  const [tail, setTail] = useState<{ key: string; events: ChainedAuditEvent[] }>({ key: filtersKey, events: [] });
  const events = tail.key === filtersKey ? tail.events : [];
  const cursor = Math.max(newest, events.at(-1)?.position ?? 0);
  const cursorRef = useRef(cursor);
  cursorRef.current = cursor;

  useEffect(() => {
    if (!enabled) return;
    let busy = false;
    let stopped = false;
    const pull = async () => {
      if (busy || stopped) return;
      busy = true;
      try {
        const page = await fetchAuditEvents({ ...filters, order: 'asc' }, cursorRef.current, undefined, 200);
        if (!stopped && page.events.length > 0)
          setTail((current) => {
            const held = current.key === filtersKey ? current.events : [];
            const last = held.at(-1)?.position ?? 0;
            return { key: filtersKey, events: [...held, ...page.events.filter((e) => e.position > last)] };
          });
      } catch {
        // the next tick tries again
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(() => void pull(), TAIL_POLL_MS);
    const onChanged = () => void pull();
    const unwire = withSocket((socket) => {
      socket.on(socketEvents.changed, onChanged);
      return () => socket.off(socketEvents.changed, onChanged);
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      unwire();
    };
    // the filters are captured through their key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtersKey, enabled]);
  return events;
}

/** The audit workspace: the whole event log, filtered, live, with each event's detail, verification and export. */
export function AuditPage({
  search,
  onSearchChange,
  jobs,
}: {
  search: AuditSearch;
  onSearchChange: (next: AuditSearch) => void;
  /** the job orders the "Job order" filter offers (composed by the route) */
  jobs?: readonly AuditJobOption[];
}) {
  const filters = useMemo(() => toAuditFilters(search), [search]);
  const filtersKey = JSON.stringify(filters);
  const query = useAuditEvents(filters);
  const [paused, setPaused] = useState(false);
  const order = filters.order;

  const paged = useMemo(() => query.data?.pages.flatMap((page) => page.events) ?? [], [query.data]);
  const newest = paged.reduce((max, e) => Math.max(max, e.position), 0);
  // oldest first: the tail only makes sense once the last page is in
  const tailEnabled = !paused && query.isSuccess && (order === 'desc' || !query.hasNextPage);
  const tail = useLiveTail(filtersKey, filters, newest, tailEnabled);
  const events = useMemo(() => {
    const fresh = tail.filter((e) => e.position > newest);
    return order === 'desc' ? [...fresh.reverse(), ...paged] : [...paged, ...fresh];
  }, [tail, paged, newest, order]);

  const loaded = search.event === undefined ? undefined : events.find((e) => e.position === search.event);
  const fetched = useAuditEventAt(search.event, loaded);
  const selected = loaded ?? fetched.data ?? null;

  const select = useCallback((position: number | undefined) => onSearchChange({ ...search, event: position }), [onSearchChange, search]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const onEndReached = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeader
        title="Audit"
        subtitle="Every event of the log, who did it and when; verify that nothing was altered, and export it with a signed manifest."
        actions={
          <>
            <Button
              size="sm"
              variant="outlined"
              color="neutral"
              startDecorator={paused ? <Play size={16} aria-hidden /> : <Pause size={16} aria-hidden />}
              aria-pressed={!paused}
              onClick={() => setPaused((p) => !p)}
            >
              {paused ? 'Resume live' : 'Pause live'}
            </Button>
            <Dropdown>
              <MenuButton size="sm" variant="outlined" color="neutral" startDecorator={<Download size={16} aria-hidden />}>
                Export
              </MenuButton>
              <Menu placement="bottom-end">
                <MenuItem component="a" href={exportHref(filters, 'ndjson')} download>
                  NDJSON (with signed manifest)
                </MenuItem>
                <MenuItem component="a" href={exportHref(filters, 'csv')} download>
                  CSV
                </MenuItem>
                <ListDivider />
                {/* the file the client's auditor checks the NDJSON export with, offline: node verify-log.mjs <export> */}
                <MenuItem
                  component="a"
                  href="/verify-log.mjs"
                  download="verify-log.mjs"
                  title="Run: node verify-log.mjs audit-log-….ndjson"
                >
                  Offline verifier (verify-log.mjs)
                </MenuItem>
              </Menu>
            </Dropdown>
          </>
        }
      />
      <IntegrityPanel />
      <Sheet variant="outlined" sx={{ borderRadius: 'md', p: 2 }}>
        <AuditFilters search={search} onChange={onSearchChange} jobs={jobs} />
      </Sheet>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography level="body-sm" aria-live="polite">
              {query.isSuccess ? eventCountLabel(events.length, query.hasNextPage, paused) : ' '}
            </Typography>
            <ToggleButtonGroup
              size="sm"
              value={order}
              aria-label="Order"
              onChange={(_, value) => value && onSearchChange({ ...search, order: value as 'asc' | 'desc', event: undefined })}
            >
              <Button value="desc">Newest first</Button>
              <Button value="asc">Oldest first</Button>
            </ToggleButtonGroup>
          </Box>
          {query.isPending ? (
            <Box aria-busy="true" aria-label="Loading events" sx={{ display: 'grid', gap: 1 }}>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} variant="rectangular" height={52} />
              ))}
            </Box>
          ) : query.isError ? (
            <Alert
              color="danger"
              role="alert"
              endDecorator={
                <Button size="sm" variant="soft" color="danger" onClick={() => void query.refetch()}>
                  Retry
                </Button>
              }
            >
              Could not load the event log.
            </Alert>
          ) : events.length === 0 ? (
            <EmptyState
              icon={<ScrollText size={32} aria-hidden />}
              title={hasFilters(search) ? 'No events match these filters' : 'No events yet'}
              description={hasFilters(search) ? 'Widen the time range or clear a filter.' : 'Events appear here as soon as anyone works.'}
            />
          ) : (
            <EventList
              events={events}
              selected={search.event}
              onSelect={select}
              onEndReached={onEndReached}
              loadingMore={query.isFetchingNextPage}
            />
          )}
        </Box>
        <Sheet variant="outlined" sx={{ borderRadius: 'md', p: 2, position: { lg: 'sticky' }, top: { lg: 16 } }}>
          <EventDetail
            event={selected}
            loading={search.event !== undefined && !loaded && fetched.isPending}
            onSelect={select}
            onFilterRequest={(correlationId) => onSearchChange({ order: search.order, correlationId, event: search.event })}
            onClose={() => select(undefined)}
          />
        </Sheet>
      </Box>
    </Box>
  );
}
