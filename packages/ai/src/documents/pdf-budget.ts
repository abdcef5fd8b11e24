import { inflateSync, constants } from 'node:zlib';
import { DocumentTooLargeError, MAX_PDF_IMAGE_STREAM_BYTES, MAX_PDF_STREAM_BYTES, MAX_PDF_TOTAL_BYTES } from './limits';

/**
 * pdf.js inflates Flate streams in JavaScript with no output limit, so a 300 KB PDF can hold a
 * 300 MB stream. Before pdf.js sees the file, every FlateDecode stream is inflated natively with
 * zlib's `maxOutputLength` (as many times as its filter list names Flate) and the sizes are
 * counted against per-stream and total caps: a bomb stops after a few MB of output.
 */
export function checkPdfStreams(bytes: Uint8Array): void {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let from = 0;
  for (;;) {
    const at = buf.indexOf('stream', from, 'latin1');
    if (at < 0) return;
    from = at + 6;
    // "endstream" is the end of the previous one, not a start
    if (at >= 3 && buf.toString('latin1', at - 3, at) === 'end') continue;
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] !== 0x0a) continue;
    start++;
    // the stream's dictionary: the last "<<" in a bounded window before it (each byte looked at once or twice)
    const window = buf.toString('latin1', Math.max(0, at - 4096), at);
    const dict = window.slice(Math.max(0, window.lastIndexOf('<<')));
    const flateLayers = dict.split('FlateDecode').length - 1;
    const end = buf.indexOf('endstream', start, 'latin1');
    const data = buf.subarray(start, end < 0 ? buf.length : end);
    from = end < 0 ? buf.length : end + 9;
    if (flateLayers === 0) continue;
    const cap = Math.min(/\/Subtype\s*\/Image/.test(dict) ? MAX_PDF_IMAGE_STREAM_BYTES : MAX_PDF_STREAM_BYTES, MAX_PDF_TOTAL_BYTES - total);
    let decoded: Buffer = data;
    for (let layer = 0; layer < flateLayers && decoded.length > 0; layer++) {
      try {
        // SYNC_FLUSH: like pdf.js, read what a truncated stream holds instead of failing on it
        decoded = inflateSync(decoded, { maxOutputLength: Math.max(1, cap), finishFlush: constants.Z_SYNC_FLUSH });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
          throw new DocumentTooLargeError('The PDF expands to more data than a resume can hold.');
        break; // not valid zlib data: pdf.js will fail on it or skip it, at no cost
      }
    }
    total += decoded.length;
    if (total > MAX_PDF_TOTAL_BYTES) throw new DocumentTooLargeError('The PDF expands to more data than a resume can hold.');
  }
}
