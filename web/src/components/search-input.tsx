import { useEffect, useRef, useState } from 'react';
import IconButton from '@mui/joy/IconButton';
import Input from '@mui/joy/Input';
import type { SxProps } from '@mui/joy/styles/types';
import { Search, X } from 'lucide-react';
import { useRouter } from '@tanstack/react-router';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

interface SearchInputProps {
  /** the committed term (e.g. from the URL) */
  value: string;
  /** called with the debounced term */
  onChange: (term: string) => void;
  placeholder: string;
  label: string;
  delayMs?: number;
  sx?: SxProps;
}

/** A labelled search box that reports its term after typing pauses. */
export function SearchInput({ value, onChange, placeholder, label, delayMs = 300, sx }: SearchInputProps) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, delayMs);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const valueRef = useRef(value);
  valueRef.current = value;
  // The page the last keystroke was typed on: a term that settles after the user has already
  // clicked away (a result's link while the next screen still loads) must not pull them back.
  const router = useRouter();
  const typedOn = useRef(router.latestLocation.pathname);
  const type = (term: string) => {
    typedOn.current = router.latestLocation.pathname;
    setText(term);
  };

  // Follow outside changes (back/forward navigation) without fighting the user's typing.
  useEffect(() => setText((current) => (current.trim() === value ? current : value)), [value]);
  useEffect(() => {
    if (router.latestLocation.pathname !== typedOn.current) return;
    if (debounced.trim() !== valueRef.current) onChangeRef.current(debounced.trim());
  }, [debounced, router]);

  return (
    <Input
      type="search"
      value={text}
      onChange={(event) => type(event.target.value)}
      placeholder={placeholder}
      startDecorator={<Search size={18} aria-hidden />}
      endDecorator={
        text ? (
          <IconButton size="sm" variant="plain" aria-label="Clear search" onClick={() => type('')}>
            <X size={16} />
          </IconButton>
        ) : undefined
      }
      slotProps={{ input: { 'aria-label': label } }}
      sx={[{ minWidth: 0, '& input::-webkit-search-cancel-button': { display: 'none' } }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
