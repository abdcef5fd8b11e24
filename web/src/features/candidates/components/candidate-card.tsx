import { memo } from 'react';
import Avatar from '@mui/joy/Avatar';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import CardContent from '@mui/joy/CardContent';
import Chip from '@mui/joy/Chip';
import Divider from '@mui/joy/Divider';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { limits, type Candidate } from '@ats/contracts';
import { Brain, BriefcaseBusiness, FileText, Mail, MapPin, Phone, Smartphone, Sparkles, Wand2 } from 'lucide-react';
import { RouterLink } from '@/components/router-links';
import { formatSalaryK, initials, titleCase } from '@/lib/format';
import { CardActionRow } from '@/components/card-action-row';
import { CardDeleteButton } from '@/components/card-delete-button';
import { CardDetail } from '@/components/card-detail';
import { VisuallyHidden } from '@/components/visually-hidden';

const STATUS_COLOR: Record<string, 'success' | 'primary' | 'neutral'> = {
  active: 'success',
  placed: 'primary',
  inactive: 'neutral',
};

export type CandidateCardAction = 'email' | 'ai-analysis' | 'ai-toolkit' | 'resume' | 'attach';

interface CandidateCardProps {
  candidate: Candidate;
  /** omitted (with onDelete) for a read-only user: the card then has no action row */
  onAction?: (action: CandidateCardAction, candidate: Candidate) => void;
  onDelete?: (candidate: Candidate) => void;
  deleting?: boolean;
}

/**
 * One candidate (SPEC §2.6). The name is a link that covers the card; buttons sit above it.
 * Memoised: loading the next page of a long list leaves the cards already shown alone.
 */
export const CandidateCard = memo(function CandidateCard({ candidate, onAction, onDelete, deleting }: CandidateCardProps) {
  const name = `${candidate.firstName} ${candidate.lastName}`.trim();
  const role = [candidate.currentTitle, candidate.currentCompany].filter(Boolean).join(' at ');
  const salary = formatSalaryK(candidate.salaryExpectation);
  const shownSkills = candidate.skills.slice(0, limits.cardSkills);
  const moreSkills = candidate.skills.length - shownSkills.length;

  return (
    <Card
      variant="outlined"
      data-testid={`candidate-card-${candidate.id}`}
      aria-labelledby={`candidate-${candidate.id}-name`}
      component="article"
      sx={{
        gap: 1.5,
        transition: 'box-shadow 150ms ease, border-color 150ms ease, transform 150ms ease',
        '&:hover': { boxShadow: 'md', borderColor: 'primary.outlinedHoverBorder' },
        '&:focus-within': { borderColor: 'primary.outlinedBorder' },
      }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Avatar color="primary" variant="soft" size="lg" aria-hidden>
          {initials(candidate.firstName, candidate.lastName)}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography level="title-lg" component="h2" id={`candidate-${candidate.id}-name`} sx={{ lineHeight: 1.25 }}>
            <RouterLink
              to="/candidates/$id"
              params={{ id: String(candidate.id) }}
              overlay
              underline="none"
              textColor="text.primary"
              sx={{ fontWeight: 'lg' }}
            >
              {name}
            </RouterLink>
          </Typography>
          {role && (
            <Typography level="body-sm" textColor="text.secondary" sx={{ mt: 0.25 }}>
              {role}
            </Typography>
          )}
        </Box>
        <Chip size="sm" variant="soft" color={STATUS_COLOR[candidate.status] ?? 'neutral'}>
          {titleCase(candidate.status)}
        </Chip>
      </Box>

      <CardContent sx={{ gap: 0.75 }}>
        <CardDetail icon={<Mail size={15} />} label="Email">
          {candidate.email}
        </CardDetail>
        {candidate.phone && (
          <CardDetail icon={<Phone size={15} />} label="Phone">
            {candidate.phone}
          </CardDetail>
        )}
        {candidate.mobilePhone && (
          <CardDetail icon={<Smartphone size={15} />} label="Mobile phone">
            {candidate.mobilePhone}
            <Chip size="sm" variant="outlined" sx={{ ml: 1, '--Chip-minHeight': '18px', fontSize: 'xs' }}>
              Mobile
            </Chip>
          </CardDetail>
        )}
        {candidate.location && (
          <CardDetail icon={<MapPin size={15} />} label="Location">
            {candidate.location}
          </CardDetail>
        )}
        {candidate.resumeFileName && (
          <CardDetail icon={<FileText size={15} />} label="Resume">
            {candidate.resumeFileName}
          </CardDetail>
        )}
      </CardContent>

      {(salary || candidate.aiMatchScore !== null || candidate.aiLastAnalyzed) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {salary && (
            <Typography level="title-sm">
              <VisuallyHidden>Salary expectation </VisuallyHidden>
              {salary}
            </Typography>
          )}
          {candidate.aiMatchScore !== null && (
            <Chip size="sm" variant="soft" color="primary" startDecorator={<Brain size={14} aria-hidden />}>
              AI Score {Math.round(candidate.aiMatchScore)}/100
            </Chip>
          )}
          {candidate.aiLastAnalyzed && (
            <Chip size="sm" variant="soft" color="success" startDecorator={<Sparkles size={14} aria-hidden />}>
              AI Ready
            </Chip>
          )}
        </Box>
      )}

      {shownSkills.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} aria-label="Skills" role="list">
          {shownSkills.map((skill) => (
            <Chip key={skill} size="sm" variant="outlined" role="listitem">
              {skill}
            </Chip>
          ))}
          {moreSkills > 0 && (
            <Chip size="sm" variant="plain" role="listitem">
              +{moreSkills} more
            </Chip>
          )}
        </Box>
      )}

      {onAction && onDelete && (
        <>
          <Divider inset="none" sx={{ mt: 'auto' }} />
          {/* an even grid when the buttons do not fit one row: never one alone (another one fits too) */}
          <CardActionRow>
            <Button
              size="sm"
              variant="soft"
              color="primary"
              startDecorator={<Mail size={14} />}
              onClick={() => onAction('email', candidate)}
            >
              Email
            </Button>
            <Button
              size="sm"
              variant="outlined"
              color="neutral"
              startDecorator={<Brain size={14} />}
              onClick={() => onAction('ai-analysis', candidate)}
            >
              AI Analysis
            </Button>
            <Button
              size="sm"
              variant="outlined"
              color="neutral"
              startDecorator={<Wand2 size={14} />}
              onClick={() => onAction('ai-toolkit', candidate)}
            >
              AI Toolkit
            </Button>
            <Button
              size="sm"
              variant="outlined"
              color="neutral"
              startDecorator={<FileText size={14} />}
              onClick={() => onAction('resume', candidate)}
            >
              Resume
            </Button>
            <Button
              size="sm"
              variant="outlined"
              color="neutral"
              startDecorator={<BriefcaseBusiness size={14} />}
              onClick={() => onAction('attach', candidate)}
              aria-label={`Add to job: ${name}`}
            >
              Add to job
            </Button>
            <CardDeleteButton label={`Delete ${name}`} loading={deleting} onClick={() => onDelete(candidate)} />
          </CardActionRow>
        </>
      )}
    </Card>
  );
});

export function CandidateCardSkeleton() {
  return (
    <Card variant="outlined" data-testid="candidate-card-skeleton" sx={{ gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <Skeleton variant="circular" width={48} height={48} />
        <Box sx={{ flex: 1 }}>
          <Skeleton variant="text" level="title-lg" width="60%" />
          <Skeleton variant="text" level="body-sm" width="80%" />
        </Box>
      </Box>
      <Skeleton variant="text" level="body-sm" width="70%" />
      <Skeleton variant="text" level="body-sm" width="50%" />
      <Skeleton variant="text" level="body-sm" width="55%" />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Skeleton variant="rectangular" width={64} height={24} sx={{ borderRadius: 'xl' }} />
        <Skeleton variant="rectangular" width={72} height={24} sx={{ borderRadius: 'xl' }} />
        <Skeleton variant="rectangular" width={56} height={24} sx={{ borderRadius: 'xl' }} />
      </Box>
      <Skeleton variant="rectangular" height={32} sx={{ borderRadius: 'sm' }} />
    </Card>
  );
}
