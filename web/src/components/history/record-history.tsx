import { Fragment } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import Avatar from '@mui/joy/Avatar';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import CircularProgress from '@mui/joy/CircularProgress';
import Typography from '@mui/joy/Typography';
import { Eye, History } from 'lucide-react';
import type { HistoryEntry, HistoryLink, RecordKind } from '@ats/contracts';
import { AuditEventLink } from '@/components/audit-links';
import { EmptyState } from '@/components/empty-state';
import { RouterLink } from '@/components/router-links';
import { useNow } from '@/hooks/use-now';
import { serverMessage } from '@/lib/api-client';
import { formatDate, formatDateTime, initials, timeAgo } from '@/lib/format';
import { recordHistoryQueryOptions, timelineRows } from '@/lib/history';

function RecordLink({ link }: { link: HistoryLink }) {
  const id = String(link.id);
  switch (link.kind) {
    case 'candidate':
      return (
        <RouterLink to="/candidates/$id" params={{ id }} level="body-xs">
          {link.label}
        </RouterLink>
      );
    case 'job':
      return (
        <RouterLink to="/jobs/$id" params={{ id }} level="body-xs">
          {link.label}
        </RouterLink>
      );
    case 'client':
      return (
        <RouterLink to="/clients/$id" params={{ id }} level="body-xs">
          {link.label}
        </RouterLink>
      );
    case 'application':
      return <Typography level="body-xs">{link.label}</Typography>;
  }
}

function actorInitials(name: string) {
  const [first, ...rest] = name.split(' ');
  return initials(first, rest.at(-1));
}

function EventRow({ entry, now }: { entry: HistoryEntry; now: Date }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1.5 }} data-testid="history-entry">
      <Avatar size="sm" variant="soft" color={entry.kind === 'change' ? 'primary' : 'neutral'} aria-hidden>
        {actorInitials(entry.actor.name)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography level="body-sm">
          <Typography fontWeight="lg">{entry.actor.name}</Typography> · {entry.summary}
        </Typography>
        <Typography level="body-xs" textColor="text.tertiary">
          <time dateTime={entry.occurredAt} title={entry.occurredAt}>
            {formatDateTime(entry.occurredAt)}
          </time>{' '}
          ({timeAgo(entry.occurredAt, now)}) · <AuditEventLink position={entry.position} />
        </Typography>
        {entry.changes.length > 0 && (
          <Box
            component="dl"
            sx={{ m: 0, mt: 0.75, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.25 }}
          >
            {entry.changes.map((change) => (
              <Fragment key={change.field}>
                <Typography component="dt" level="body-xs" fontWeight="md">
                  {change.label}
                </Typography>
                <Typography component="dd" level="body-xs" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid="history-change">
                  <Typography textColor="text.tertiary" sx={{ textDecoration: change.from ? 'line-through' : undefined }}>
                    {change.from ?? '—'}
                  </Typography>
                  {' → '}
                  <Typography fontWeight="md">{change.to ?? '—'}</Typography>
                </Typography>
              </Fragment>
            ))}
          </Box>
        )}
        {entry.links.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
            {entry.links.map((link) => (
              <RecordLink key={`${link.kind}-${link.id}`} link={link} />
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/**
 * A record's History (issue 14): every event about it, newest first, with who and when, the
 * fields it changed as "old → new" rows and links to the records it names; who viewed it,
 * gathered per day and person. "Load more" reads the next page.
 */
export function RecordHistory({ kind, id, label, asOf }: { kind: RecordKind; id: number; label: string; asOf?: string | undefined }) {
  const now = useNow();
  const query = useInfiniteQuery(recordHistoryQueryOptions(kind, id, asOf));
  if (query.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6, gap: 1 }} role="status">
        <CircularProgress size="sm" />
        <Typography level="body-sm">Loading history…</Typography>
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Card variant="outlined">
        <EmptyState
          icon={<History size={28} />}
          title="Could not load the history"
          description={serverMessage(query.error) ?? query.error.message}
          action={
            <Button variant="outlined" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      </Card>
    );
  }
  const entries = query.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    return (
      <Card variant="outlined">
        <EmptyState icon={<History size={28} />} title="No history yet" />
      </Card>
    );
  }
  const rows = timelineRows(entries);
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ gap: 0 }}>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: '1px solid', borderColor: 'divider' } }}>
        {rows.map((row) =>
          row.kind === 'event' ? (
            <EventRow key={row.entry.position} entry={row.entry} now={now} />
          ) : (
            <Box component="li" key={row.key} sx={{ display: 'flex', gap: 1.5, py: 1, alignItems: 'center' }} data-testid="history-viewed">
              <Avatar size="sm" variant="plain" aria-hidden>
                <Eye size={16} />
              </Avatar>
              <Typography level="body-sm" textColor="text.secondary">
                {row.verbs.join(', ')} by {row.userName}
                {row.times > 1 ? ` (${row.times} times)` : ''} on {formatDate(row.last)} ·{' '}
                <time dateTime={row.last} title={row.last}>
                  last {timeAgo(row.last, now)}
                </time>
              </Typography>
            </Box>
          ),
        )}
      </Box>
      {query.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1.5 }}>
          <Button variant="outlined" color="neutral" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load more
          </Button>
        </Box>
      )}
    </Card>
  );
}
