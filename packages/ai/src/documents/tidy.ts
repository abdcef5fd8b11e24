/** Extracted text made tidy: spaces collapsed per line, at most one blank line, null when empty. */
export function tidy(text: string): string | null {
  const out = text
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return out.length > 0 ? out : null;
}
