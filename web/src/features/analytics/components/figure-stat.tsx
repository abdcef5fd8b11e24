import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';

/** A labelled headline figure above a chart. */
export function FigureStats({ items }: { items: Array<{ label: string; value: string }> }) {
  return (
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
      {items.map((item) => (
        <Box key={item.label}>
          <Typography component="dt" level="body-xs" textColor="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" level="title-lg" sx={{ m: 0 }} data-figure={item.label}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
