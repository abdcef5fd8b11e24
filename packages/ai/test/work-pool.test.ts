import { deflateRawSync, deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPdfStreams } from '../src/documents/pdf-budget';
import { DocumentTooLargeError, MAX_DOCX_XML_BYTES } from '../src/documents/limits';
import { readZipEntry, ZipEntryTooLargeError, type ZipEntry } from '../src/documents/zip';
import { xmlToText } from '../src/documents/docx';
import {
  analyzeProfile,
  closeWorkPool,
  configureWorkPool,
  createPooledBuiltinEngine,
  DEFAULT_WORK_POOL_OPTIONS,
  runJob,
  WorkLimitError,
} from '../src';

afterAll(async () => {
  configureWorkPool(DEFAULT_WORK_POOL_OPTIONS);
  await closeWorkPool();
});

describe('the worker pool', () => {
  it('runs a job off the event loop and gives its result', { timeout: 60_000 }, async () => {
    const parsed = await runJob('parseResumeJob', 'Grace Hopper\nVP Engineering at Acme\ngrace@example.com');
    expect(parsed).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', currentCompany: 'Acme' });
  });

  it('the pooled built-in engine answers like the in-process one', { timeout: 60_000 }, async () => {
    const candidate = {
      id: 1,
      firstName: 'Ada',
      lastName: 'Lovelace',
      location: 'London, UK',
      currentTitle: 'CTO',
      currentCompany: 'Engines',
      skills: ['Python'],
      summary: 'Led analytics teams for 15 years.',
      salaryExpectation: null,
    };
    expect(await createPooledBuiltinEngine().analyzeProfile(candidate)).toEqual(analyzeProfile(candidate));
  });

  it('stops a job over its time limit (the thread is terminated) and keeps serving', { timeout: 60_000 }, async () => {
    configureWorkPool({ timeoutMs: 3_000 });
    await runJob('selfTestJob', {}); // a started thread, so the limit measures the job
    const started = Date.now();
    const error = await runJob('selfTestJob', { spinMs: 60_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkLimitError);
    expect((error as WorkLimitError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(10_000);
    configureWorkPool({ timeoutMs: 30_000 });
    expect(await runJob('selfTestJob', { spinMs: 1 })).toBe('ok 0');
  });

  it('counts the time limit from when a thread is free, not from submission', { timeout: 60_000 }, async () => {
    configureWorkPool({ timeoutMs: 4_000, maxThreads: 1 });
    await runJob('selfTestJob', {}); // a started thread
    // the second job waits ~2.5 s behind the first, then needs ~2.5 s itself: 5 s from submission
    const first = runJob('selfTestJob', { spinMs: 2_500 });
    const second = runJob('selfTestJob', { spinMs: 2_500 });
    expect(await first).toMatch(/^ok/);
    expect(await second).toMatch(/^ok/);
    configureWorkPool(DEFAULT_WORK_POOL_OPTIONS);
  });

  it('stops a job over its heap limit as out of memory', { timeout: 60_000 }, async () => {
    configureWorkPool({ memoryMb: 48, timeoutMs: 30_000 });
    const error = await runJob('selfTestJob', { allocateMb: 400 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkLimitError);
    expect((error as WorkLimitError).kind).toBe('memory');
    configureWorkPool(DEFAULT_WORK_POOL_OPTIONS);
  });
});

describe('decompression caps', () => {
  const entry = (data: Buffer, declared: number): [Buffer, ZipEntry] => {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    return [
      Buffer.concat([local, data]),
      { name: 'x', method: 8, compressedSize: data.length, uncompressedSize: declared, localHeaderOffset: 0 },
    ];
  };

  it('a zip entry that inflates past the cap throws, even when it declares a small size', () => {
    const [bytes, lying] = entry(deflateRawSync(Buffer.alloc(2 * 1024 * 1024, 0x41)), 10);
    expect(() => readZipEntry(bytes, lying, 1024 * 1024)).toThrow(ZipEntryTooLargeError);
    const [honestBytes, honest] = entry(deflateRawSync(Buffer.from('small')), MAX_DOCX_XML_BYTES + 1);
    expect(() => readZipEntry(honestBytes, honest, MAX_DOCX_XML_BYTES)).toThrow(ZipEntryTooLargeError);
    const [okBytes, ok] = entry(deflateRawSync(Buffer.from('<w:t>fine</w:t>')), 15);
    expect(readZipEntry(okBytes, ok, 1024)?.toString()).toBe('<w:t>fine</w:t>');
  });

  it('a PDF Flate stream over the cap (or a double-Flate one) is refused before pdf.js', () => {
    const pdf = (stream: Buffer, filter: string) =>
      Buffer.concat([
        Buffer.from(`%PDF-1.4\n4 0 obj\n<< /Length ${stream.length} /Filter ${filter} >>\nstream\n`, 'latin1'),
        stream,
        Buffer.from('\nendstream\nendobj\n'),
      ]);
    const big = deflateSync(Buffer.alloc(40 * 1024 * 1024, 0x20));
    expect(() => checkPdfStreams(pdf(big, '/FlateDecode'))).toThrow(DocumentTooLargeError);
    expect(() => checkPdfStreams(pdf(deflateSync(big), '[/FlateDecode /FlateDecode]'))).toThrow(DocumentTooLargeError);
    expect(() => checkPdfStreams(pdf(deflateSync(Buffer.from('BT (Hello) Tj ET')), '/FlateDecode'))).not.toThrow();
  });

  it('reads DOCX XML in one pass and stops at the kept maximum', () => {
    expect(xmlToText('<w:p><w:r><w:t>A &amp; B</w:t><w:tab/><w:t>C&#x41;&#65;&bogus;</w:t></w:r></w:p><w:p>D</w:p>')).toBe(
      'A & B\tCAA&bogus;\nD\n',
    );
    expect(xmlToText('&#99999999;')).toBe('\ufffd');
    const started = performance.now();
    expect(xmlToText('&#65;'.repeat(4_000_000), 1000)).toHaveLength(1000);
    expect(xmlToText('<'.repeat(2_000_000) + 'x')).toBe('');
    expect(xmlToText('&'.repeat(2_000_000)).length).toBe(200_000);
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});
