import { useRef, useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Sheet from '@mui/joy/Sheet';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { FileUp, Sparkles } from 'lucide-react';
import type { ParsedResumeSchema } from '@ats/contracts';
import type { z } from 'zod';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useParseResume, useParseResumeFile } from '../api/parse-resume';
import {
  ADD_CANDIDATE_ACCEPT,
  ADD_CANDIDATE_UNSUPPORTED,
  addCandidateFileKind,
  canParseResumeText,
  engineNote,
  readAsText,
} from '../utils/resume-file';

export type ParsedResume = z.output<typeof ParsedResumeSchema>;

export interface UploadedResume {
  fileName: string;
  resumeText: string;
  resumeUploadedAt: string;
}

/**
 * SPEC §2.8/§5 Add Candidate resume helpers: a PDF, DOCX or TXT upload and a paste area with Parse.
 * A PDF or DOCX is parsed on the server; a TXT file is read here into the paste area.
 */
export function ResumeImport({
  onParsed,
  onUploaded,
  uploaded,
  disabled,
}: {
  onParsed: (parsed: ParsedResume) => void;
  onUploaded: (file: UploadedResume | null) => void;
  uploaded: UploadedResume | null;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const parseText = useParseResume();
  const parseFile = useParseResumeFile();
  const busy = parseText.isPending || parseFile.isPending;

  const parse = () => {
    if (!canParseResumeText(text)) {
      toast({ variant: 'destructive', title: 'Please enter resume content', description: 'Paste resume text in the area above first.' });
      return;
    }
    parseText.mutate(text.trim(), {
      onSuccess: (parsed) => {
        onParsed(parsed);
        toast({
          title: 'Resume parsed',
          description: `The fields found in the resume were filled in. Check them before saving.${engineNote(parsed)}`,
        });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error parsing resume',
          description: serverMessage(error) ?? 'Failed to extract information from resume. Please fill in manually.',
        }),
    });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const kind = addCandidateFileKind(file);
    if (kind === 'unsupported') {
      toast({
        variant: 'destructive',
        title: 'Unsupported file type',
        description: ADD_CANDIDATE_UNSUPPORTED,
      });
      return;
    }
    if (kind === 'txt') {
      try {
        const content = await readAsText(file);
        setText(content);
        onUploaded({ fileName: file.name, resumeText: content, resumeUploadedAt: new Date().toISOString() });
      } catch {
        toast({
          variant: 'destructive',
          title: 'Error reading file',
          description: 'Failed to read the uploaded file. Please try pasting the text instead.',
        });
      }
      return;
    }
    parseFile.mutate(file, {
      onSuccess: (parsed) => {
        onParsed(parsed);
        onUploaded({ fileName: parsed.fileName || file.name, resumeText: parsed.resumeText, resumeUploadedAt: new Date().toISOString() });
        toast({
          title: 'Resume parsed',
          description: `${file.name}: the fields found were filled in. Check them before saving.${engineNote(parsed)}`,
        });
      },
      onError: (error) =>
        kind === 'docx'
          ? toast({
              variant: 'destructive',
              title: 'Word document parsing failed',
              description: serverMessage(error) ?? 'Please copy and paste the resume text using the text area below instead.',
            })
          : toast({
              variant: 'destructive',
              title: 'PDF parsing failed',
              description: 'Please copy and paste the resume text using the text area below instead.',
            }),
    });
  };

  return (
    <Sheet variant="soft" sx={{ p: 2, borderRadius: 'md', display: 'grid', gap: 1.5 }} data-testid="resume-import">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography level="title-sm" sx={{ flex: 1 }}>
          Resume (optional)
        </Typography>
        {uploaded && (
          <Chip size="sm" variant="soft" color="success" onClick={() => onUploaded(null)} title="Remove the uploaded resume">
            {uploaded.fileName} ✕
          </Chip>
        )}
        <Button
          size="sm"
          variant="outlined"
          color="neutral"
          startDecorator={<FileUp size={16} />}
          loading={parseFile.isPending}
          loadingPosition="start"
          disabled={disabled || busy}
          onClick={() => input.current?.click()}
        >
          {parseFile.isPending ? 'Reading file...' : 'Upload PDF, DOCX or TXT'}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={ADD_CANDIDATE_ACCEPT}
          aria-label="Resume file (PDF, DOCX or TXT)"
          data-testid="add-candidate-resume-input"
          onChange={(event) => {
            void onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
      <FormControl>
        <FormLabel>Paste resume text</FormLabel>
        <Textarea
          minRows={3}
          maxRows={8}
          value={text}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          placeholder="Paste the resume here and choose Parse to fill in the form"
        />
        <FormHelperText>More than 50 characters</FormHelperText>
      </FormControl>
      <Button
        size="sm"
        variant="soft"
        startDecorator={<Sparkles size={16} />}
        loading={parseText.isPending}
        loadingPosition="start"
        disabled={disabled || busy}
        onClick={parse}
        sx={{ justifySelf: 'start' }}
      >
        {parseText.isPending ? 'Parsing...' : 'Parse'}
      </Button>
    </Sheet>
  );
}
