import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import CardContent from '@mui/joy/CardContent';
import Chip from '@mui/joy/Chip';
import Divider from '@mui/joy/Divider';
import Link from '@mui/joy/Link';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import type { Client } from '@ats/contracts';
import { Building2, Globe, Mail, Pencil, Phone, UserRound } from 'lucide-react';
import { RouterLink } from '@/components/router-links';
import { formatDate, titleCase, websiteHref } from '@/lib/format';
import { CLIENT_PRIORITY_COLOR, CLIENT_STATUS_COLOR } from '../utils/client-style';
import { CardDeleteButton } from '@/components/card-delete-button';
import { CardDetail } from '@/components/card-detail';

/**
 * One client (SPEC §2.10). The company name is a link covering the card; buttons sit above it.
 * Without `onDelete` and `onEdit` (a read-only user) there is no Delete or Edit.
 */
export function ClientCard({
  client,
  onDelete,
  onEdit,
  deleting,
}: {
  client: Client;
  onDelete?: (client: Client) => void;
  onEdit?: (client: Client) => void;
  deleting?: boolean;
}) {
  return (
    <Card
      variant="outlined"
      component="article"
      data-testid={`client-card-${client.id}`}
      aria-labelledby={`client-${client.id}-name`}
      sx={{ gap: 1.5, '&:hover': { boxShadow: 'md', borderColor: 'primary.outlinedHoverBorder' } }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Box
          aria-hidden
          sx={{
            width: 44,
            height: 44,
            borderRadius: 'md',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.softBg',
            color: 'primary.softColor',
            flexShrink: 0,
          }}
        >
          <Building2 size={22} />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography level="title-lg" component="h2" id={`client-${client.id}-name`}>
            <RouterLink
              to="/clients/$id"
              params={{ id: String(client.id) }}
              overlay
              underline="none"
              textColor="text.primary"
              sx={{ fontWeight: 'lg' }}
            >
              {client.companyName}
            </RouterLink>
          </Typography>
          {client.industry && (
            <Typography level="body-sm" textColor="text.secondary">
              {client.industry}
            </Typography>
          )}
        </Box>
        <Chip
          size="sm"
          variant="soft"
          color={CLIENT_PRIORITY_COLOR[client.priority] ?? 'neutral'}
          data-testid={`client-priority-${client.id}`}
        >
          {titleCase(client.priority)}
        </Chip>
      </Box>

      <CardContent sx={{ gap: 0.75 }}>
        {client.contactName && (
          <CardDetail icon={<UserRound size={15} />} label="Contact">
            {client.contactName}
          </CardDetail>
        )}
        {client.contactEmail && (
          <CardDetail icon={<Mail size={15} />} label="Email">
            {client.contactEmail}
          </CardDetail>
        )}
        {client.contactPhone && (
          <CardDetail icon={<Phone size={15} />} label="Phone">
            {client.contactPhone}
          </CardDetail>
        )}
        {client.website && (
          <CardDetail icon={<Globe size={15} />} label="Website">
            <Link href={websiteHref(client.website)} target="_blank" rel="noreferrer" sx={{ position: 'relative', zIndex: 1 }}>
              {client.website}
            </Link>
          </CardDetail>
        )}
        {client.description && (
          <Typography
            level="body-sm"
            textColor="text.secondary"
            sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {client.description}
          </Typography>
        )}
      </CardContent>

      <Divider inset="none" sx={{ mt: 'auto' }} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', position: 'relative', zIndex: 1 }}>
        <Chip size="sm" variant="soft" color={CLIENT_STATUS_COLOR[client.status] ?? 'neutral'} data-testid={`client-status-${client.id}`}>
          {titleCase(client.status)}
        </Chip>
        <Typography level="body-xs" textColor="text.tertiary">
          Added {formatDate(client.createdAt)}
        </Typography>
        {onEdit && (
          <Button
            size="sm"
            variant="outlined"
            color="neutral"
            startDecorator={<Pencil size={14} />}
            onClick={() => onEdit(client)}
            aria-label={`Edit ${client.companyName}`}
            sx={{ ml: 'auto' }}
          >
            Edit
          </Button>
        )}
        {onDelete && <CardDeleteButton label={`Delete ${client.companyName}`} loading={deleting} onClick={() => onDelete(client)} />}
      </Box>
    </Card>
  );
}

export function ClientCardSkeleton() {
  return (
    <Card variant="outlined" data-testid="client-card-skeleton" sx={{ gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <Skeleton variant="rectangular" width={44} height={44} sx={{ borderRadius: 'md' }} />
        <Box sx={{ flex: 1 }}>
          <Skeleton variant="text" level="title-lg" width="60%" />
          <Skeleton variant="text" level="body-sm" width="40%" />
        </Box>
      </Box>
      <Skeleton variant="text" level="body-sm" width="70%" />
      <Skeleton variant="text" level="body-sm" width="50%" />
      <Skeleton variant="text" level="body-sm" width="90%" />
      <Skeleton variant="rectangular" height={28} sx={{ borderRadius: 'sm' }} />
    </Card>
  );
}
