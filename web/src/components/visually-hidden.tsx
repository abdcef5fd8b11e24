import type { ReactNode } from 'react';

// The usual clip pattern: read by screen readers, not painted, and taking no space.
const HIDDEN_STYLE = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * Text for screen readers only. Use it instead of aria-label on plain text (p, span), which
 * assistive technology ignores there.
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span style={HIDDEN_STYLE}>{children}</span>;
}
