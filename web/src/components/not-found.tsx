import Card from '@mui/joy/Card';
import Typography from '@mui/joy/Typography';
import { CircleAlert, House } from 'lucide-react';
import { ButtonLink } from '@/components/router-links';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** SPEC §2.1/§8: any path the router does not know; said for the user, with a way back. */
export function NotFound() {
  useDocumentTitle('Page Not Found');
  return (
    <Card variant="outlined" sx={{ maxWidth: 520, mx: 'auto', mt: { xs: 4, md: 10 }, p: 4, gap: 1.5 }}>
      <Typography level="h3" component="h1" startDecorator={<CircleAlert aria-hidden color="var(--joy-palette-danger-500)" />}>
        Page Not Found
      </Typography>
      <Typography level="body-md" textColor="text.secondary">
        There is no page at this address. The link may be mistyped, or the page has moved.
      </Typography>
      <ButtonLink to="/" variant="solid" startDecorator={<House size={16} aria-hidden />} sx={{ alignSelf: 'flex-start', mt: 1 }}>
        Back to Dashboard
      </ButtonLink>
    </Card>
  );
}
