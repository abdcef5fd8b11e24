import { useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Skeleton from '@mui/joy/Skeleton';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import TabPanel from '@mui/joy/TabPanel';
import Tabs from '@mui/joy/Tabs';
import Typography from '@mui/joy/Typography';
import { Mail, Plus } from 'lucide-react';
import { EmailSummaryRow } from '@/components/email-summary-row';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { serverMessage } from '@/lib/api-client';
import { useRealtimeRoom } from '@/lib/realtime';
import { useCommunications } from '../api/get-communications';
import { isFiltered, toHubQuery, type HubSearch } from '../utils/hub-filters';
import { EmailDetailDialog } from './email-detail-dialog';
import { HubFilters } from './hub-filters';
import { NewEmailDialog } from './new-email-dialog';
import { TemplatesTab } from './templates-tab';

/**
 * The communications hub: every e-mail sent or kept in the outbox, newest first, searchable and
 * filtered from the URL, live through the `communications` room; one opens whole; the templates
 * with previews; "New email" to a candidate or a client contact.
 */
export function CommunicationsPage({
  search,
  onSearchChange,
  canSend,
}: {
  search: HubSearch;
  onSearchChange: (next: HubSearch) => void;
  canSend: boolean;
}) {
  useRealtimeRoom('communications');
  const [composing, setComposing] = useState(false);
  const tab = search.tab ?? 'emails';
  return (
    <Box>
      <PageHeader
        title="Communications"
        subtitle="Every e-mail sent to candidates and client contacts, and the templates they are written from."
        actions={
          canSend && (
            <Button startDecorator={<Plus size={16} />} onClick={() => setComposing(true)}>
              New email
            </Button>
          )
        }
      />
      <Tabs
        value={tab}
        onChange={(_, value) => onSearchChange({ ...search, open: undefined, tab: value === 'templates' ? 'templates' : undefined })}
        sx={{ bgcolor: 'transparent' }}
      >
        <TabList>
          <Tab value="emails">E-mails</Tab>
          <Tab value="templates">Templates</Tab>
        </TabList>
        <TabPanel value="emails" sx={{ px: 0, minWidth: 0 }}>
          <HubFilters search={search} onChange={onSearchChange} />
          <EmailList search={search} onOpen={(open) => onSearchChange({ ...search, open })} />
        </TabPanel>
        <TabPanel value="templates" sx={{ px: 0, minWidth: 0 }}>
          <TemplatesTab />
        </TabPanel>
      </Tabs>
      <EmailDetailDialog id={search.open} onClose={() => onSearchChange({ ...search, open: undefined })} />
      {canSend && <NewEmailDialog open={composing} onClose={() => setComposing(false)} />}
    </Box>
  );
}

function EmailList({ search, onOpen }: { search: HubSearch; onOpen: (id: number) => void }) {
  const { data, isPending, isError, error, hasNextPage, isFetchingNextPage, fetchNextPage } = useCommunications(toHubQuery(search));
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card variant="outlined" component="section" aria-labelledby="hub-emails-heading" sx={{ gap: 1, mt: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography id="hub-emails-heading" level="title-lg" component="h2">
          E-mails
        </Typography>
        {!isPending && !isError && items.length > 0 && (
          <Typography level="body-sm" textColor="text.secondary" data-testid="hub-count" aria-live="polite">
            Showing {items.length}
            {hasNextPage ? '' : ' (all)'}
          </Typography>
        )}
      </Box>
      {isPending ? (
        <Box aria-label="Loading e-mails" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="text" level="body-sm" sx={{ my: 1 }} />
          ))}
        </Box>
      ) : isError ? (
        <Typography level="body-sm" color="danger" role="alert">
          Could not load the e-mails{serverMessage(error) ? `: ${serverMessage(error)}` : '.'}
        </Typography>
      ) : items.length === 0 ? (
        isFiltered(search) ? (
          <Typography level="body-sm" textColor="text.tertiary" sx={{ py: 3, textAlign: 'center' }}>
            No e-mails match these filters
          </Typography>
        ) : (
          <EmptyState
            icon={<Mail size={28} />}
            title="No e-mails yet…"
            description="E-mails sent to candidates and client contacts (or kept in the outbox) appear here."
          />
        )
      ) : (
        <Box component="ul" aria-label="E-mails" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <EmailSummaryRow key={item.id} item={item} onOpen={onOpen} />
          ))}
        </Box>
      )}
      {hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
          <Button
            variant="outlined"
            color="neutral"
            loading={isFetchingNextPage}
            loadingPosition="start"
            onClick={() => void fetchNextPage({ cancelRefetch: false })}
          >
            Load older e-mails
          </Button>
        </Box>
      )}
    </Card>
  );
}
