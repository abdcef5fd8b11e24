import { Fragment } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import CircularProgress from '@mui/joy/CircularProgress';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import type { ChainedAuditEvent } from '@ats/contracts';
import { RouterLink } from '@/components/router-links';
import { formatDateTime, timeAgo } from '@/lib/format';
import { useCorrelatedEvents } from '../api/get-audit-events';
import { humanizeType } from '../utils/event-groups';
import { causationTree, entityLinksOf, type EntityLink } from '../utils/event-links';

function EntityAnchor({ link }: { link: EntityLink }) {
  if (link.kind === 'candidate')
    return (
      <RouterLink to="/candidates/$id" params={{ id: link.id }}>
        {link.label}
      </RouterLink>
    );
  if (link.kind === 'client')
    return (
      <RouterLink to="/clients/$id" params={{ id: link.id }}>
        {link.label}
      </RouterLink>
    );
  return (
    <RouterLink to="/jobs/$id" params={{ id: link.id }}>
      {link.label}
    </RouterLink>
  );
}

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <Box>
      <Typography level="title-sm" component="h3" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Sheet
        variant="soft"
        component="pre"
        tabIndex={0}
        aria-label={label}
        sx={{
          m: 0,
          p: 1.25,
          borderRadius: 'sm',
          fontSize: 'xs',
          fontFamily: 'code',
          overflow: 'auto',
          maxHeight: 260,
          whiteSpace: 'pre-wrap',
        }}
      >
        {JSON.stringify(value, null, 2)}
      </Sheet>
    </Box>
  );
}

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <>
    <Typography level="body-xs" component="dt" sx={{ color: 'text.tertiary' }}>
      {label}
    </Typography>
    <Typography level="body-sm" component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </>
);

/** Every event of the request, nested by what caused what; the open one marked. */
function RequestChain({
  event,
  onSelect,
  onFilter,
}: {
  event: ChainedAuditEvent;
  onSelect: (position: number) => void;
  onFilter: () => void;
}) {
  const correlationId = event.metadata.correlationId;
  const chain = useCorrelatedEvents(correlationId);
  if (!correlationId) return null;
  return (
    <Box component="section" aria-labelledby="audit-request-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography level="title-sm" component="h3" id="audit-request-heading">
          The whole request
        </Typography>
        <Button size="sm" variant="plain" onClick={onFilter}>
          Show in the log
        </Button>
      </Box>
      {chain.isPending ? (
        <CircularProgress size="sm" aria-label="Loading the request's events" />
      ) : chain.isError ? (
        <Typography level="body-sm" color="danger">
          Could not load the request's events.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Events of this request" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
          {causationTree(chain.data.events).map(({ event: item, depth }) => {
            const current = item.position === event.position;
            const cause = item.metadata.causationId ? chain.data.events.find((e) => e.id === item.metadata.causationId) : undefined;
            return (
              <Box component="li" key={item.position} sx={{ pl: depth * 2 }}>
                <Button
                  size="sm"
                  variant={current ? 'soft' : 'plain'}
                  color={current ? 'primary' : 'neutral'}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => onSelect(item.position)}
                  sx={{ justifyContent: 'flex-start', textAlign: 'left', width: '100%', fontWeight: current ? 700 : 500 }}
                >
                  #{item.position} {humanizeType(item.type)} · {item.stream}
                  {cause && (
                    <Typography level="body-xs" component="span" sx={{ ml: 1 }}>
                      (caused by #{cause.position})
                    </Typography>
                  )}
                </Button>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

/** One event: who and when, the record it is about, the request it belongs to, its data, metadata and hashes. */
export function EventDetail({
  event,
  loading,
  onSelect,
  onFilterRequest,
  onClose,
}: {
  event: ChainedAuditEvent | null | undefined;
  loading: boolean;
  onSelect: (position: number) => void;
  onFilterRequest: (correlationId: string) => void;
  onClose: () => void;
}) {
  if (loading) return <CircularProgress size="sm" aria-label="Loading the event" />;
  if (!event)
    return (
      <Typography level="body-sm" sx={{ color: 'text.tertiary', p: 2 }}>
        Select an event to see its data, who did it and the request it belongs to.
      </Typography>
    );
  const links = entityLinksOf(event);
  const m = event.metadata;
  return (
    <Box component="section" aria-labelledby="audit-event-heading" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'start', justifyContent: 'space-between', gap: 1 }}>
        <Box>
          <Typography level="title-lg" component="h2" id="audit-event-heading">
            {humanizeType(event.type)}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
            <Chip size="sm" variant="soft">
              Position {event.position}
            </Chip>
            <Chip size="sm" variant="soft" sx={{ fontFamily: 'code' }}>
              {event.type} v{m.schemaVersion}
            </Chip>
          </Box>
        </Box>
        <Button size="sm" variant="plain" color="neutral" onClick={onClose}>
          Close
        </Button>
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.75, m: 0 }}>
        <Field label="Who">
          {m.actor.name}
          {typeof m.actor.role === 'string' ? ` (${m.actor.role})` : ''} · <span style={{ fontFamily: 'monospace' }}>{m.actor.id}</span>
        </Field>
        <Field label="When">
          {formatDateTime(m.occurredAt)} ({timeAgo(m.occurredAt)})
        </Field>
        <Field label="Stream">
          {event.stream}, revision {event.revision}
        </Field>
        <Field label={links.length > 1 ? 'Records' : 'Record'}>
          {links.length === 0
            ? '—'
            : links.map((link, i) => (
                <Fragment key={`${link.kind}-${link.id}`}>
                  {i > 0 && ' · '}
                  <EntityAnchor link={link} />
                </Fragment>
              ))}
        </Field>
        <Field label="Request">
          <span style={{ fontFamily: 'monospace' }}>{m.correlationId ?? '—'}</span>
        </Field>
        {m.causationId && (
          <Field label="Caused by">
            <span style={{ fontFamily: 'monospace' }}>{m.causationId}</span>
          </Field>
        )}
        <Field label="Hash">
          <span style={{ fontFamily: 'monospace' }}>{event.hash ?? 'not chained'}</span>
        </Field>
        <Field label="Previous hash">
          <span style={{ fontFamily: 'monospace' }}>{event.prevHash ?? '—'}</span>
        </Field>
      </Box>
      <RequestChain event={event} onSelect={onSelect} onFilter={() => m.correlationId && onFilterRequest(m.correlationId)} />
      <Json label="Data" value={event.data} />
      <Json label="Metadata" value={m} />
    </Box>
  );
}
