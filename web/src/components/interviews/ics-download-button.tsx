import Button from '@mui/joy/Button';
import { CalendarPlus } from 'lucide-react';
import { contracts } from '@ats/contracts';
import { contractPath } from '@/lib/api-client';

/** "Add to calendar (.ics)": downloads the interview as an iCalendar file any calendar app imports. */
export function IcsDownloadButton({ interviewId, size = 'sm' }: { interviewId: number; size?: 'sm' | 'md' }) {
  return (
    <Button
      component="a"
      href={contractPath(contracts.interviewIcs, { id: interviewId })}
      download={`interview-${interviewId}.ics`}
      variant="outlined"
      color="neutral"
      size={size}
      startDecorator={<CalendarPlus size={16} aria-hidden />}
    >
      Add to calendar (.ics)
    </Button>
  );
}
