import { describe, expect, it } from 'vitest';
import { scrubbedUpload } from '../src/domain/privacy/handlers';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('an import upload scrubbed in slices (sweep ten)', () => {
  it('rewrites only the lines naming the person, across slice boundaries and multi-byte characters, and yields between slices', async () => {
    // ~1.4 MB: several 256 KiB slices; "Å" is two bytes, so slices cut inside characters and lines
    const filler = Array.from({ length: 40_000 }, (_, i) => `Åsa${i},Öberg${i},asa${i}@example.com`);
    const lines = [...filler.slice(0, 30_000), 'Zephyrine,Quillfeather,zq@erase.example,Director', ...filler.slice(30_000), 'Last,Row'];
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const out = await scrubbedUpload(encode(lines.join('\r\n')), ['zq@erase.example'], /zq@erase\.example|Zephyrine|Quillfeather/gi);
    clearInterval(ticking);
    const expected = [...lines];
    expected[30_000] = '[erased],[erased],[erased],Director';
    expect(decode(out!)).toBe(expected.join('\r\n'));
    // the event loop ran timers while the file was worked through
    expect(turns).toBeGreaterThan(0);
  });

  it('returns null when no line holds a needle', async () => {
    expect(await scrubbedUpload(encode('a,b\r\nc,d'), ['nobody@example.com'], /nobody@example\.com/gi)).toBeNull();
    expect(await scrubbedUpload(new Uint8Array(0), ['x@y.z'], /x@y\.z/gi)).toBeNull();
  });
});
