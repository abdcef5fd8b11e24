import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Typography from '@mui/joy/Typography';
import type { JobDetail } from '@ats/contracts';
import { Brain, Sparkles } from 'lucide-react';
import { formatDateTime } from '@/lib/format';

/** The job's recorded AI analysis (required skills, experience, fit, interview questions), or an Analyze offer. */
export function JobAnalysisCard({
  job,
  onAnalyze,
  analyzing,
}: {
  job: JobDetail;
  /** absent for a read-only user */
  onAnalyze?: () => void;
  analyzing: boolean;
}) {
  const skills = job.aiRequiredSkills ?? [];
  const fit = job.aiPersonalityFit ?? [];
  const questions = job.aiGeneratedQuestions ?? [];
  const analysed = Boolean(job.aiLastAnalyzed);
  return (
    <Card variant="outlined" component="section" aria-labelledby="job-analysis-heading" data-testid="job-analysis" sx={{ gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          id="job-analysis-heading"
          level="title-lg"
          component="h2"
          startDecorator={<Sparkles size={18} aria-hidden />}
          sx={{ flex: 1 }}
        >
          AI Analysis
        </Typography>
        {onAnalyze && (
          <Button
            size="sm"
            variant={analysed ? 'outlined' : 'solid'}
            color={analysed ? 'neutral' : 'primary'}
            startDecorator={<Brain size={14} />}
            loading={analyzing}
            loadingPosition="start"
            onClick={onAnalyze}
          >
            {analysed ? 'Analyze again' : 'Analyze'}
          </Button>
        )}
      </Box>
      {!analysed ? (
        <Typography level="body-sm" textColor="text.tertiary">
          Not analysed yet.{onAnalyze ? ' Analyze the job to get its required skills and interview questions.' : ''}
        </Typography>
      ) : (
        <>
          <Typography level="body-xs" textColor="text.tertiary">
            Last analysed {formatDateTime(job.aiLastAnalyzed)}
          </Typography>
          <Box>
            <Typography level="title-sm" component="h3" sx={{ mb: 0.75 }}>
              Required skills
            </Typography>
            {skills.length === 0 ? (
              <Typography level="body-sm" textColor="text.tertiary">
                None named
              </Typography>
            ) : (
              <Box role="list" aria-label="Required skills" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                {skills.map((skill) => (
                  <Chip key={skill} role="listitem" variant="soft" color="primary">
                    {skill}
                  </Chip>
                ))}
              </Box>
            )}
          </Box>
          {job.aiPreferredExperience && (
            <Box>
              <Typography level="title-sm" component="h3">
                Preferred experience
              </Typography>
              <Typography level="body-sm">{job.aiPreferredExperience}</Typography>
            </Box>
          )}
          {fit.length > 0 && (
            <Box>
              <Typography level="title-sm" component="h3" sx={{ mb: 0.75 }}>
                Personality fit
              </Typography>
              <Box role="list" aria-label="Personality fit" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                {fit.map((trait) => (
                  <Chip key={trait} role="listitem" variant="outlined">
                    {trait}
                  </Chip>
                ))}
              </Box>
            </Box>
          )}
          <Box>
            <Typography level="title-sm" component="h3" sx={{ mb: 0.5 }}>
              Interview questions
            </Typography>
            {questions.length === 0 ? (
              <Typography level="body-sm" textColor="text.tertiary">
                None generated
              </Typography>
            ) : (
              <Box component="ol" aria-label="Interview questions" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
                {questions.map((question) => (
                  <Typography key={question} component="li" level="body-sm" sx={{ display: 'list-item' }}>
                    {question}
                  </Typography>
                ))}
              </Box>
            )}
          </Box>
        </>
      )}
    </Card>
  );
}
