import { useEffect, useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Typography from '@mui/joy/Typography';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { hiddenColumns, type HiddenColumns } from '../utils/board-fit';

const NONE: HiddenColumns = { left: [], right: [] };

/**
 * Fits the board to the window and follows which stage columns are scrolled out of view: the
 * column lists grow to the bottom of the viewport (`--column-list-max`), and the hint names
 * the hidden stages.
 */
export function useBoardFit(board: HTMLElement | null): HiddenColumns {
  const [hidden, setHidden] = useState<HiddenColumns>(NONE);
  useEffect(() => {
    if (!board) return;
    const measure = () => {
      const box = board.getBoundingClientRect();
      const columns = Array.from(board.querySelectorAll<HTMLElement>(':scope > section')).map((column) => {
        const rect = column.getBoundingClientRect();
        return { label: column.getAttribute('aria-label') ?? '', left: rect.left, right: rect.right };
      });
      const next = hiddenColumns(columns, box.left, box.right);
      setHidden((prev) => (prev.left.join() === next.left.join() && prev.right.join() === next.right.join() ? prev : next));
      // the lists end just above the window's bottom edge, wherever the board starts
      const top = box.top + window.scrollY;
      board.style.setProperty('--column-list-max', `${Math.max(288, Math.round(window.innerHeight - top - 88))}px`);
    };
    measure();
    board.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const observer = new ResizeObserver(measure);
    observer.observe(board);
    return () => {
      board.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, [board]);
  return hidden;
}

/** "‹ Applied · Placed, Rejected ›": which stages are out of view, and a way to them. */
export function BoardScrollHint({ board, hidden }: { board: HTMLElement | null; hidden: HiddenColumns }) {
  if (!hidden.left.length && !hidden.right.length) return null;
  const scroll = (direction: -1 | 1) => board?.scrollBy({ left: direction * board.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <Box
      data-testid="pipeline-scroll-hint"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, minHeight: 32 }}
    >
      <Box>
        {hidden.left.length > 0 && (
          <Button size="sm" variant="plain" color="neutral" startDecorator={<ChevronLeft size={16} />} onClick={() => scroll(-1)}>
            <Typography level="body-sm" component="span" textColor="inherit">
              {hidden.left.join(', ')}
            </Typography>
          </Button>
        )}
      </Box>
      <Box>
        {hidden.right.length > 0 && (
          <Button size="sm" variant="soft" color="primary" endDecorator={<ChevronRight size={16} />} onClick={() => scroll(1)}>
            More stages: {hidden.right.join(', ')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
