import { type ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import { toast } from '@/components/toast';
import { useToolkitCall, type ToolkitBody, type ToolkitTab } from '../api/ai';
import { TOOLKIT_FAILURES } from './toolkit-shared';

/** One tool's call with the SPEC §8 failure toast; the last result stays until the next run. */
export function useTool<T extends ToolkitTab>(tab: T) {
  const call = useToolkitCall(tab);
  const run = (body: ToolkitBody<T>) =>
    call.mutate(body, { onError: () => toast({ variant: 'destructive', title: 'Error', description: TOOLKIT_FAILURES[tab] }) });
  return { run, pending: call.isPending, data: call.data };
}

export function ToolForm({ children, onSubmit }: { children: ReactNode; onSubmit: () => void }) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2, alignItems: 'end' }}
    >
      {children}
    </Box>
  );
}

export function TextField({
  label,
  value,
  onChange,
  required,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  placeholder?: string;
}) {
  return (
    <FormControl required={required} size="sm">
      <FormLabel>{label}</FormLabel>
      <Input value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </FormControl>
  );
}

export function RunButton({ children, pending, disabled }: { children: ReactNode; pending: boolean; disabled?: boolean }) {
  return (
    <Button
      type="submit"
      loading={pending}
      loadingPosition="start"
      disabled={disabled}
      sx={{ gridColumn: { sm: '1 / -1' }, justifySelf: 'start' }}
    >
      {children}
    </Button>
  );
}
