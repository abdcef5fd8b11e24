import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { ArrowRight, BarChart3, Briefcase, Building2, CircleCheck, Users, type LucideIcon } from 'lucide-react';
import { Brand } from '@/components/brand';
import { signInUrl } from '@/lib/unauthorized';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** SPEC §1: the four feature cards. */
const FEATURE_CARDS: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Candidate Management',
    text: 'Comprehensive candidate profiles with resumes, interview notes, and advanced search capabilities.',
    icon: Users,
  },
  {
    title: 'Client Tracking',
    text: 'Manage client companies, job orders, and maintain detailed communication history.',
    icon: Building2,
  },
  {
    title: 'Job Management',
    text: 'Track job orders, applications, and placement progress from sourcing to closing.',
    icon: Briefcase,
  },
  {
    title: 'Analytics',
    text: 'Detailed recruiting metrics, time-to-hire analysis, and performance insights.',
    icon: BarChart3,
  },
];

/** SPEC §1: the advertised feature list. */
const FEATURES = [
  'Advanced candidate search and filtering',
  'Interview scheduling with calendar integration',
  'Communication tracking and templates',
  'Document management and file uploads',
  'Task management with priority tracking',
  'Real-time activity feeds',
  'Executive-level candidate profiles',
  'Placement tracking and reporting',
  'Revenue and performance analytics',
  'Role-based access control',
  'Data export',
];

function goToLogin() {
  window.location.assign(signInUrl());
}

/** What a signed-out (or still loading) visitor sees at any path. */
export function LandingPage() {
  // a signed-out visitor (also after signing out) sees the app's own title again
  useDocumentTitle();
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.body' }}>
      <Sheet
        component="header"
        variant="plain"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          borderBottom: '1px solid',
          borderColor: 'divider',
          bgcolor: 'background.surface',
        }}
      >
        <Box
          sx={{
            maxWidth: 1200,
            mx: 'auto',
            px: { xs: 2, md: 3 },
            py: 1.5,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <Brand />
          <Button variant="outlined" color="neutral" onClick={goToLogin}>
            Login
          </Button>
        </Box>
      </Sheet>

      <Box component="main">
        <Box
          component="section"
          aria-labelledby="landing-heading"
          sx={{
            position: 'relative',
            overflow: 'hidden',
            px: { xs: 2, md: 3 },
            pt: { xs: 6, md: 11 },
            pb: { xs: 6, md: 9 },
            background: 'radial-gradient(900px 420px at 50% -10%, var(--joy-palette-primary-softBg), transparent 70%)',
          }}
        >
          <Box sx={{ maxWidth: 880, mx: 'auto', textAlign: 'center' }}>
            <Chip variant="soft" color="primary" size="md" sx={{ mb: 2.5 }}>
              Built for executive search firms
            </Chip>
            <Typography
              id="landing-heading"
              level="h1"
              sx={{ fontSize: { xs: '2.1rem', sm: '2.8rem', md: '3.5rem' }, lineHeight: 1.08, letterSpacing: '-0.02em' }}
            >
              Streamline your{' '}
              <Typography component="span" color="primary" sx={{ fontWeight: 'inherit' }}>
                executive recruiting
              </Typography>
            </Typography>
            <Typography level="body-lg" textColor="text.secondary" sx={{ mt: 2.5, maxWidth: 680, mx: 'auto', fontSize: { md: 'xl' } }}>
              Candidate management, client tracking and interview scheduling in one place: the complete platform for executive search, with
              a live pipeline your whole team shares.
            </Typography>
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap', mt: 4 }}>
              <Button size="lg" endDecorator={<ArrowRight size={18} aria-hidden />} onClick={goToLogin}>
                Get Started
              </Button>
            </Box>
          </Box>
        </Box>

        <Box component="section" aria-labelledby="features-heading" sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 3 }, pb: 8 }}>
          <Typography id="features-heading" level="h2" sx={{ textAlign: 'center', mb: 1 }}>
            Everything your search practice runs on
          </Typography>
          <Typography level="body-md" textColor="text.secondary" sx={{ textAlign: 'center', mb: 4 }}>
            From first outreach to signed offer.
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
            }}
          >
            {FEATURE_CARDS.map(({ title, text, icon: Icon }) => (
              <Card key={title} variant="outlined" sx={{ gap: 1.25, p: 2.5, boxShadow: 'xs' }}>
                <Box
                  aria-hidden
                  sx={{
                    width: 44,
                    height: 44,
                    borderRadius: '12px',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'primary.softBg',
                    color: 'primary.softColor',
                  }}
                >
                  <Icon size={22} />
                </Box>
                <Typography level="title-lg" component="h3">
                  {title}
                </Typography>
                <Typography level="body-sm" textColor="text.secondary">
                  {text}
                </Typography>
              </Card>
            ))}
          </Box>

          <Card
            variant="soft"
            sx={{ mt: 4, p: { xs: 2.5, md: 4 }, borderRadius: '18px' }}
            component="section"
            aria-labelledby="feature-list-heading"
          >
            <Typography id="feature-list-heading" level="h3">
              Features
            </Typography>
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                mt: 1,
                display: 'grid',
                gap: 1.25,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
              }}
            >
              {FEATURES.map((feature) => (
                <Typography
                  key={feature}
                  component="li"
                  level="body-md"
                  startDecorator={<CircleCheck size={18} aria-hidden color="var(--joy-palette-success-500)" />}
                >
                  {feature}
                </Typography>
              ))}
            </Box>
          </Card>
        </Box>
      </Box>
      <Box component="footer" sx={{ borderTop: '1px solid', borderColor: 'divider', py: 3, textAlign: 'center' }}>
        <Typography level="body-sm" textColor="text.tertiary">
          © {new Date().getFullYear()} TalentFlow. Executive recruiting, done right.
        </Typography>
      </Box>
    </Box>
  );
}
