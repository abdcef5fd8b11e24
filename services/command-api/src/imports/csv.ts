import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { uniqueHeaders } from '@ats/contracts';
import { ValidationError } from '@ats/http-kit';

/** bytes handed to the parser at a time: it parses a slice, then the event loop runs other work */
const SLICE = 64 * 1024;

/** One record of the file: its cells and its line (the last line it spans, 1-based). */
export interface CsvRecord {
  cells: string[];
  line: number;
}

/**
 * The records of a CSV file, streamed (RFC 4180 quotes, a BOM, Windows or Unix line endings;
 * empty lines and lines of empty cells skipped; rows may be short or long).
 */
export async function* csvRecords(bytes: Uint8Array): AsyncGenerator<CsvRecord> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    info: true,
  });
  const feed = async () => {
    for (let start = 0; start < bytes.length; start += SLICE) {
      const slice = Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(SLICE, bytes.length - start));
      if (!parser.write(slice)) await once(parser, 'drain');
      await nextTurn();
    }
    parser.end();
  };
  feed().catch((error: unknown) => parser.destroy(error instanceof Error ? error : new Error(String(error))));
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { cells: item.record, line: item.info.lines };
    }
  } catch (error) {
    // a file that is not CSV (a quote never closed, …) is the uploader's to fix: a 400 that says where
    if (error instanceof CsvError) throw new ValidationError([{ path: 'csv', message: `The file is not valid CSV: ${error.message}` }]);
    throw error;
  }
}

/**
 * Columns a file may have: exports of ATS and CRM systems have tens, some a few hundred. A header
 * of 20,000 columns held the event loop 0.4–0.6 s in the upload's mapping guess and reply (sweep two).
 */
export const MAX_CSV_COLUMNS = 500;

/** The header row and how many data rows follow (a pass over the file). */
export async function csvShape(bytes: Uint8Array): Promise<{ headers: string[]; rowCount: number }> {
  let headers: string[] | null = null;
  let rowCount = 0;
  for await (const record of csvRecords(bytes)) {
    if (headers === null) {
      if (record.cells.length > MAX_CSV_COLUMNS)
        throw new ValidationError([
          { path: 'csv', message: `The file has ${record.cells.length} columns; at most ${MAX_CSV_COLUMNS} can be imported` },
        ]);
      headers = uniqueHeaders(record.cells);
    } else rowCount++;
  }
  return { headers: headers ?? [], rowCount };
}

/** A data row: its values by column header (trimmed), its index among data rows and its line. */
export interface CsvRow {
  index: number;
  line: number;
  byHeader: Record<string, string>;
}

/** The data rows of a file from data row `from` on. */
export async function* csvRows(bytes: Uint8Array, from = 0): AsyncGenerator<CsvRow> {
  let headers: string[] | null = null;
  let index = 0;
  for await (const record of csvRecords(bytes)) {
    if (headers === null) {
      headers = uniqueHeaders(record.cells);
      continue;
    }
    if (index >= from) {
      const byHeader: Record<string, string> = {};
      headers.forEach((h, i) => {
        byHeader[h] = (record.cells[i] ?? '').trim();
      });
      yield { index, line: record.line, byHeader };
    }
    index++;
  }
}
