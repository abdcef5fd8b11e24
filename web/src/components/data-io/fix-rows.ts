import { parse } from 'csv-parse/browser/esm/sync';
import { uniqueHeaders } from '@ats/contracts';

/** Corrections to rows of a CSV file: by the row's line in the file, the new text per column header. */
export type RowFixes = Record<string, Record<string, string>>;

const cell = (text: string) => (/[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * The file again with the rows the preview rejected corrected in place (journeys: "fixes the rows
 * the preview rejects"): read with the server's CSV rules (a BOM, quotes, empty lines skipped), each
 * fixed row's cells replaced under their column, written back as RFC 4180 CSV. Rows keep their
 * order, so the file re-checks and imports as the one uploaded, with those rows mended.
 */
export function applyRowFixes(text: string, fixes: RowFixes): string {
  const parsed: unknown[] = parse(text, {
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    info: true,
  });
  // with `info`, each item is the record and where it ends in the file
  const records = parsed.map((item) => item as { record: string[]; info: { lines: number } });
  if (records.length === 0) return text;
  const headers = uniqueHeaders(records[0]!.record);
  return (
    records
      .map(({ record, info }, i) => {
        const fix = i === 0 ? undefined : fixes[String(info.lines)];
        const cells = [...record];
        if (fix)
          for (const [header, value] of Object.entries(fix)) {
            const at = headers.indexOf(header);
            if (at >= 0) {
              while (cells.length <= at) cells.push('');
              cells[at] = value;
            }
          }
        return cells.map(cell).join(',');
      })
      .join('\r\n') + '\r\n'
  );
}
