import type { ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import IconButton from '@mui/joy/IconButton';
import Sheet from '@mui/joy/Sheet';
import Tooltip from '@mui/joy/Tooltip';
import Typography from '@mui/joy/Typography';
import { Copy, Cpu } from 'lucide-react';
import { toast } from '@/components/toast';
import { engineLabel } from '@/lib/ai-engine';
import { copyText } from '../utils/copy-text';

/** A small badge naming the engine that produced a result. */
export function EngineChip({ engine }: { engine?: { engine: 'builtin' | 'llm'; model: string } | null }) {
  const label = engineLabel(engine);
  if (!label) return null;
  return (
    <Chip size="sm" variant="outlined" color="neutral" startDecorator={<Cpu size={12} aria-hidden />} data-testid="ai-engine">
      {label}
    </Chip>
  );
}

/** Copy to the clipboard; SPEC §2.9 'Copied to Clipboard'. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <Tooltip title={label} enterDelay={700} enterNextDelay={300}>
      <IconButton
        size="sm"
        variant="outlined"
        color="neutral"
        aria-label={label}
        onClick={() =>
          copyText(text).then(
            () => toast({ title: 'Copied to Clipboard' }),
            () => toast({ variant: 'destructive', title: 'Copy failed', description: 'Select the text and copy it instead.' }),
          )
        }
      >
        <Copy size={14} />
      </IconButton>
    </Tooltip>
  );
}

/** A titled bullet list; nothing when empty. */
export function ResultList({
  title,
  items,
  color,
}: {
  title: string;
  items: readonly string[];
  color?: 'success' | 'warning' | 'primary';
}) {
  if (items.length === 0) return null;
  return (
    <Box>
      <Typography level="title-sm" color={color} sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="ul" aria-label={title} sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.25 }}>
        {items.map((item, index) => (
          <Typography component="li" level="body-sm" key={index}>
            {item}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** A boxed result with a heading row. */
export function ResultPanel({
  title,
  extra,
  children,
  testId,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Sheet variant="soft" data-testid={testId} sx={{ p: 2, borderRadius: 'md', display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography level="title-md" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {extra}
      </Box>
      {children}
    </Sheet>
  );
}

export function Chips({
  label,
  items,
  color = 'primary',
}: {
  label: string;
  items: readonly string[];
  color?: 'primary' | 'neutral' | 'success';
}) {
  if (items.length === 0) return null;
  return (
    <Box>
      <Typography level="title-sm" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box role="list" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {items.map((item) => (
          <Chip key={item} role="listitem" size="sm" variant="soft" color={color}>
            {item}
          </Chip>
        ))}
      </Box>
    </Box>
  );
}
