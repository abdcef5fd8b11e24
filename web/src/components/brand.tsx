import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius: '9px',
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
        background: 'linear-gradient(135deg, var(--joy-palette-primary-600), var(--joy-palette-primary-900))',
        color: '#fff',
        boxShadow: 'sm',
      }}
    >
      <svg width={size * 0.55} height={size * 0.55} viewBox="0 0 24 24" fill="currentColor">
        <path d="M3 20 12 3l9 17h-4.6L12 11.4 7.6 20z" />
      </svg>
    </Box>
  );
}

export function Brand() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <BrandMark />
      <Box sx={{ minWidth: 0 }}>
        <Typography level="title-md" sx={{ fontWeight: 'xl', lineHeight: 1.1 }}>
          TalentFlow
        </Typography>
        <Typography level="body-xs" textColor="text.tertiary" sx={{ lineHeight: 1.2 }}>
          Executive Recruiting
        </Typography>
      </Box>
    </Box>
  );
}
