import { useRef, useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Skeleton from '@mui/joy/Skeleton';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { MessageSquarePlus } from 'lucide-react';
import { TypingIndicator } from '@/components/presence';
import { toast } from '@/components/toast';
import { useTypingSignal } from '@/lib/presence';
import { formatDateTime } from '@/lib/format';
import { useAddCandidateNote } from '../../api/add-candidate-note';
import { useCandidateNotes } from '../../api/get-candidate-notes';

/** SPEC §2.7 Notes: add a note (disabled when blank) and the list, newest first. */
export function NotesTab({ candidateId, canEdit }: { candidateId: number; canEdit: boolean }) {
  const { data: notes, isPending, isError } = useCandidateNotes(candidateId);
  const addNote = useAddCandidateNote(candidateId);
  const [text, setText] = useState('');
  const content = text.trim();
  // "… is writing a note…" for colleagues on this candidate
  const place = `candidate:${candidateId}`;
  const typing = useTypingSignal(place);

  // one note per click: `isPending` reaches the button only after the query library's timer, and a
  // double-click added the note twice before it did (sweep four)
  const sending = useRef(false);
  const submit = () => {
    if (!content || sending.current) return;
    sending.current = true;
    typing.stop();
    addNote.mutate(content, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: () => {
        setText('');
        toast({ title: 'Note added' });
      },
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to add note. Please try again.' }),
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {canEdit && (
        <Card variant="outlined" sx={{ gap: 1.5 }}>
          <FormControl>
            <FormLabel>Add Note</FormLabel>
            <Textarea
              minRows={3}
              value={text}
              placeholder="Write a note about this candidate..."
              onChange={(event) => {
                setText(event.target.value);
                typing.typed();
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit();
              }}
            />
          </FormControl>
          <Box>
            <Button startDecorator={<MessageSquarePlus size={16} />} disabled={!content} loading={addNote.isPending} onClick={submit}>
              Add Note
            </Button>
          </Box>
        </Card>
      )}
      <TypingIndicator place={place} />
      {isPending ? (
        <Box sx={{ display: 'grid', gap: 1.5 }} role="status" aria-busy="true" aria-label="Loading notes">
          {[0, 1].map((i) => (
            <Card key={i} variant="soft">
              <Skeleton variant="text" level="body-xs" width="30%" />
              <Skeleton variant="text" level="body-sm" width="90%" />
            </Card>
          ))}
        </Box>
      ) : isError ? (
        <Typography color="danger">Could not load notes.</Typography>
      ) : notes.length === 0 ? (
        <Typography textColor="text.tertiary" sx={{ py: 4, textAlign: 'center' }}>
          No notes yet
        </Typography>
      ) : (
        <Box component="ul" aria-label="Notes" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {notes.map((note) => (
            <Card key={note.id} component="li" variant="soft" data-testid="note-item" sx={{ gap: 0.75 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography level="title-sm">{note.authorName}</Typography>
                <Typography level="body-xs" textColor="text.tertiary" component="time" dateTime={note.createdAt}>
                  {formatDateTime(note.createdAt)}
                </Typography>
              </Box>
              <Typography level="body-sm" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {note.content}
              </Typography>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
