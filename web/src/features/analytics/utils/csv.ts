export type Column = { key: string; label: string };
export type Row = Record<string, string | number | null>;

/** RFC 4180 CSV: a header of the column labels, then one line per row; fields with a comma, quote or line break are quoted. */
export function toCsv(columns: Column[], rows: Row[]): string {
  const field = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return (
    [columns.map((c) => field(c.label)), ...rows.map((r) => columns.map((c) => field(r[c.key] ?? null)))]
      .map((l) => l.join(','))
      .join('\r\n') + '\r\n'
  );
}

/** Starts a download of `text` as a CSV file. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
