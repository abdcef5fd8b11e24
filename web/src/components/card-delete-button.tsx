import Button from '@mui/joy/Button';
import { Trash2 } from 'lucide-react';

/** The danger 'Delete' button at the right end of a list card's action row. */
export function CardDeleteButton({ label, loading, onClick }: { label: string; loading?: boolean | undefined; onClick: () => void }) {
  return (
    <Button
      size="sm"
      variant="plain"
      color="danger"
      startDecorator={<Trash2 size={14} />}
      loading={loading}
      onClick={onClick}
      aria-label={label}
      sx={{ ml: 'auto' }}
    >
      Delete
    </Button>
  );
}
