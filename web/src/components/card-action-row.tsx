import { Children, isValidElement, type ReactNode } from 'react';
import CardActions from '@mui/joy/CardActions';

/** Columns for `count` buttons so that no row holds a single one: all in a row up to 3, else two rows. */
export function actionColumns(count: number): number {
  return count <= 3 ? Math.max(1, count) : Math.ceil(count / 2);
}

/**
 * A list card's action row. Wide enough, the buttons sit in one row; narrower, they form an even
 * grid of two rows (5 buttons: 3 + 2, 6: 3 + 3), never one button alone on a row, and below
 * 340px the buttons drop their icons. Adding a button needs nothing else.
 */
export function CardActionRow({ children }: { children: ReactNode }) {
  const count = Children.toArray(children).filter(isValidElement).length;
  const columns = actionColumns(count);
  return (
    <CardActions
      data-testid="card-actions"
      sx={{
        containerType: 'inline-size',
        pt: 0,
        position: 'relative',
        zIndex: 1,
        // a wrapper the container query can lay out (a container cannot style itself)
        '& > .card-action-grid': {
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gap: 0.75,
          width: '100%',
        },
        [`@container (min-width: ${count * 104}px)`]: {
          '& > .card-action-grid': { gridTemplateColumns: `repeat(${count}, auto)`, justifyContent: 'start' },
          '& > .card-action-grid > :last-child': { justifySelf: 'end' },
        },
        '& > .card-action-grid > *': { minWidth: 0, whiteSpace: 'nowrap', ml: 0, px: 1 },
        '@container (max-width: 340px)': {
          '& .MuiButton-startDecorator': { display: 'none' },
        },
      }}
    >
      <div className="card-action-grid">{children}</div>
    </CardActions>
  );
}
