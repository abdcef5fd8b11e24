import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import { CircleAlert } from 'lucide-react';

/**
 * Under a form field: a value the resume parser found but is not sure of. It is not filled in;
 * the user reads it and takes it with "Use" (or types their own).
 */
export function CheckThisHint({ label, value, onUse }: { label: string; value: string; onUse: () => void }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap', color: 'warning.plainColor' }}>
      <CircleAlert size={14} aria-hidden />
      <span>Check this: the resume may say “{value.length > 80 ? `${value.slice(0, 80)}…` : value}”</span>
      <Button
        size="sm"
        variant="plain"
        color="warning"
        onClick={onUse}
        aria-label={`Use “${value}”`}
        title={`Use “${value}” for ${label}`}
        sx={{ minHeight: 0, py: 0, px: 0.75 }}
      >
        Use
      </Button>
    </Box>
  );
}
