import { useId } from 'react';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import type { SxProps } from '@mui/joy/styles/types';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface SelectChoice {
  value: string;
  label: string;
}

interface FormSelectProps<T extends FieldValues, TOutput extends FieldValues = T> {
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectChoice[];
  placeholder?: string;
  /** offer an empty choice with this label (the value becomes '') */
  emptyLabel?: string;
  sx?: SxProps;
}

/** A labelled Joy select bound to react-hook-form. */
export function FormSelect<T extends FieldValues, TOutput extends FieldValues = T>({
  control,
  name,
  label,
  options,
  placeholder,
  emptyLabel,
  sx,
}: FormSelectProps<T, TOutput>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} sx={sx}>
          <FormLabel id={`${id}-label`}>{label}</FormLabel>
          <Select<string>
            value={(field.value as string | undefined) ?? ''}
            onChange={(_, value) => field.onChange(value ?? '')}
            onClose={field.onBlur}
            placeholder={placeholder}
            slotProps={{
              button: {
                id: `${id}-button`,
                'aria-labelledby': `${id}-label ${id}-button`,
                'aria-invalid': fieldState.invalid || undefined,
                ref: field.ref,
              },
              listbox: { sx: { zIndex: 'calc(var(--joy-zIndex-modal) + 1)' } },
            }}
          >
            {emptyLabel !== undefined && <Option value="">{emptyLabel}</Option>}
            {options.map((option) => (
              <Option key={option.value} value={option.value}>
                {option.label}
              </Option>
            ))}
          </Select>
          {fieldState.error?.message && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
