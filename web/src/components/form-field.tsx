import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Textarea from '@mui/joy/Textarea';
import type { SxProps } from '@mui/joy/styles/types';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormFieldProps<T extends FieldValues, TOutput extends FieldValues = T> {
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  type?: HTMLInputTypeAttribute;
  placeholder?: string;
  helperText?: ReactNode;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'url' | 'numeric' | 'decimal';
  startDecorator?: ReactNode;
  endDecorator?: ReactNode;
  /** render a textarea with this many rows */
  minRows?: number;
  sx?: SxProps;
}

/** A labelled Joy input bound to react-hook-form; shows the schema's message under it. */
export function FormField<T extends FieldValues, TOutput extends FieldValues = T>({
  control,
  name,
  label,
  required,
  type = 'text',
  placeholder,
  helperText,
  autoComplete,
  inputMode,
  startDecorator,
  endDecorator,
  minRows,
  sx,
}: FormFieldProps<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message ?? helperText;
        // Joy's FormControl links the helper text (the error) by aria-describedby; the invalid
        // state itself must be said too (WCAG 3.3.1, 4.1.2).
        const invalid = fieldState.invalid || undefined;
        const common = {
          name: field.name,
          value: (field.value as string | undefined) ?? '',
          onChange: field.onChange,
          onBlur: field.onBlur,
          placeholder,
        };
        return (
          <FormControl error={Boolean(fieldState.error)} required={required} sx={sx}>
            <FormLabel>{label}</FormLabel>
            {minRows ? (
              <Textarea {...common} minRows={minRows} slotProps={{ textarea: { ref: field.ref, 'aria-invalid': invalid } }} />
            ) : (
              <Input
                {...common}
                type={type}
                startDecorator={startDecorator}
                endDecorator={endDecorator}
                slotProps={{ input: { ref: field.ref, autoComplete, inputMode, 'aria-invalid': invalid } }}
              />
            )}
            {message && <FormHelperText>{message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
