import { describe, expect, it } from 'vitest';
import {
  addCandidateFileKind,
  canParseResumeText,
  checkResumeUpload,
  engineNote,
  readAsDataUrl,
  splitMessage,
  withResumeMime,
} from './resume-file';

const MB = 1024 * 1024;

describe('resume files', () => {
  it('accepts PDF, DOC and DOCX up to 10 MB with the SPEC texts otherwise', () => {
    expect(checkResumeUpload({ name: 'cv.pdf', type: 'application/pdf', size: MB })).toBeNull();
    expect(
      checkResumeUpload({
        name: 'cv.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        size: 10 * MB,
      }),
    ).toBeNull();
    expect(checkResumeUpload({ name: 'cv.doc', type: '', size: 1 })).toBeNull();
    expect(checkResumeUpload({ name: 'cv.png', type: 'image/png', size: 1 })).toEqual({
      title: 'Invalid file type',
      description: 'Please upload a PDF, DOC, or DOCX file.',
    });
    expect(checkResumeUpload({ name: 'cv.pdf', type: 'application/pdf', size: 10 * MB + 1 })).toEqual({
      title: 'File too large',
      description: 'Please upload a file smaller than 10MB.',
    });
  });
  it('sorts Add Candidate files', () => {
    expect(addCandidateFileKind({ name: 'a.PDF', type: '' })).toBe('pdf');
    expect(addCandidateFileKind({ name: 'a.txt', type: 'text/plain' })).toBe('txt');
    expect(addCandidateFileKind({ name: 'a.docx', type: 'application/msword' })).toBe('docx');
    expect(addCandidateFileKind({ name: 'cv', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })).toBe(
      'docx',
    );
    expect(addCandidateFileKind({ name: 'a.doc', type: 'application/msword' })).toBe('unsupported');
    expect(addCandidateFileKind({ name: 'a.odt', type: 'application/vnd.oasis.opendocument.text' })).toBe('unsupported');
  });
  it('says who read the resume only when the AI service answered or failed', () => {
    expect(engineNote({ engine: { engine: 'builtin', model: 'rules-v2' } })).toBe('');
    expect(engineNote({ engine: { engine: 'llm', model: 'gpt-4o-mini' } })).toContain('AI service (gpt-4o-mini)');
    expect(engineNote({ engine: { engine: 'builtin', model: 'rules-v2' }, llmFallback: 'timeout' })).toContain('did not answer');
  });
  it('needs more than 50 characters after trimming to parse', () => {
    expect(canParseResumeText(`  ${'x'.repeat(50)}  `)).toBe(false);
    expect(canParseResumeText('x'.repeat(51))).toBe(true);
  });
  it('reads a file as a data URL', async () => {
    const url = await readAsDataUrl(new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    expect(url).toBe(`data:application/pdf;base64,${btoa('%PDF-1.4')}`);
    expect(withResumeMime('data:application/octet-stream;base64,AAA', 'cv.docx')).toBe(
      'data:application/vnd.openxmlformats-officedocument.wordprocessingml.document;base64,AAA',
    );
    expect(withResumeMime('data:application/pdf;base64,AAA', 'cv.pdf')).toBe('data:application/pdf;base64,AAA');
    expect(splitMessage('No colon')).toEqual({ title: 'No colon', description: '' });
  });
});
