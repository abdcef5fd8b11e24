/** Chart colours and text from Joy's CSS variables, so charts follow the theme and dark mode. */
export const chartColors = {
  primary: 'var(--joy-palette-primary-500)',
  secondary: 'var(--joy-palette-neutral-400)',
  success: 'var(--joy-palette-success-500)',
  danger: 'var(--joy-palette-danger-400)',
  grid: 'var(--joy-palette-divider)',
  text: 'var(--joy-palette-text-secondary)',
};

export const axisProps = { stroke: chartColors.text, tick: { fill: chartColors.text, fontSize: 12 } } as const;

export const tooltipProps = {
  contentStyle: {
    background: 'var(--joy-palette-background-popup)',
    border: '1px solid var(--joy-palette-divider)',
    borderRadius: 8,
    color: 'var(--joy-palette-text-primary)',
  },
  labelStyle: { color: 'var(--joy-palette-text-primary)' },
  cursor: { fill: 'var(--joy-palette-neutral-softBg)' },
} as const;
