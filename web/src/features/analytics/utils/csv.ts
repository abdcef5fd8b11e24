export type Column = { key: string; label: string };
export type Row = Record<string, string | number | null>;

/** One CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused (spreadsheet formulas). */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document (RFC 4180, CRLF line ends) from a header row and rows of cells. */
export function toCsvRows(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A CSV document of a table: a header of the column labels, then one line per row. */
export function toCsv(columns: Column[], rows: Row[]): string {
  return toCsvRows(
    columns.map((c) => c.label),
    rows.map((r) => columns.map((c) => r[c.key] ?? null)),
  );
}

/** Saves `text` as a file named `fileName` (a download from a blob URL). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
