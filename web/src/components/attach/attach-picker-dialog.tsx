import { useState } from 'react';
import Autocomplete from '@mui/joy/Autocomplete';
import AutocompleteOption from '@mui/joy/AutocompleteOption';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import ChipDelete from '@mui/joy/ChipDelete';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import ListItemContent from '@mui/joy/ListItemContent';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Typography from '@mui/joy/Typography';
import { filterPickerOptions, type PickerOption } from '@/lib/attach';

export interface AttachPickerDialogProps {
  open: boolean;
  onClose: () => void;
  /** the dialog's id prefix (labels and tests) */
  id: string;
  title: string;
  /** the subject: "Jane Doe", "CFO (Orion)" */
  subtitle: string;
  label: string;
  placeholder: string;
  options: readonly PickerOption[];
  loading: boolean;
  /** the options are already filtered by the server for `input`: only order them */
  serverFiltered?: boolean;
  input: string;
  onInputChange: (input: string) => void;
  pending: boolean;
  submitLabel: (count: number) => string;
  onSubmit: (picked: PickerOption[]) => void;
  emptyText: string;
}

/**
 * A searchable multi-select in a dialog: type to filter, pick several, the already attached
 * shown with an "Attached" chip and not selectable.
 */
export function AttachPickerDialog(props: AttachPickerDialogProps) {
  const { open, onClose, id, title, subtitle, label, placeholder, options, loading, serverFiltered, input, onInputChange } = props;
  const [picked, setPicked] = useState<PickerOption[]>([]);
  const close = () => {
    if (!props.pending) onClose();
  };
  const attachedCount = options.filter((o) => o.attached).length;
  return (
    <Modal open={open} onClose={close}>
      <ModalDialog
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-subtitle`}
        data-testid={id}
        sx={{ width: 'min(560px, calc(100vw - 24px))', overflow: 'visible' }}
      >
        <ModalClose disabled={props.pending} aria-label="Close" />
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <Typography id={`${id}-subtitle`} level="body-sm" textColor="text.secondary">
          {subtitle}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (picked.length > 0) props.onSubmit(picked);
          }}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <DialogContent sx={{ overflow: 'visible' }}>
            <FormControl>
              <FormLabel id={`${id}-label`}>{label}</FormLabel>
              <Autocomplete<PickerOption, true>
                multiple
                autoFocus
                disableCloseOnSelect
                placeholder={placeholder}
                options={options}
                value={picked}
                onChange={(_, value) => setPicked(value.filter((o) => !o.attached))}
                inputValue={input}
                onInputChange={(_, text, reason) => {
                  // picking an option keeps what was typed, so several can be picked from one search
                  if (reason !== 'reset') onInputChange(text);
                }}
                getOptionLabel={(option) => option.label}
                getOptionKey={(option) => option.id}
                getOptionDisabled={(option) => option.attached}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                filterOptions={(list, state) =>
                  serverFiltered ? filterPickerOptions(list, '') : filterPickerOptions(list, state.inputValue)
                }
                // each picked chip's remove button says what it removes (Joy's default has no name)
                renderTags={(tags, getTagProps) =>
                  tags.map((tag, index) => {
                    const { key, ...deleteProps } = getTagProps({ index });
                    return (
                      <Chip
                        key={key}
                        size="sm"
                        variant="soft"
                        color="neutral"
                        sx={{ minWidth: 0 }}
                        endDecorator={<ChipDelete {...deleteProps} aria-label={`Remove ${tag.label}`} />}
                      >
                        {tag.label}
                      </Chip>
                    );
                  })
                }
                loading={loading}
                noOptionsText={loading ? 'Searching…' : props.emptyText}
                renderOption={(optionProps, option) => (
                  <AutocompleteOption {...optionProps} key={option.id}>
                    <ListItemContent>
                      <Typography level="title-sm">{option.label}</Typography>
                      {option.detail && (
                        <Typography level="body-xs" textColor="text.secondary">
                          {option.detail}
                        </Typography>
                      )}
                    </ListItemContent>
                    {option.attached && (
                      <Chip size="sm" variant="outlined" color="neutral">
                        Attached
                      </Chip>
                    )}
                  </AutocompleteOption>
                )}
                slotProps={{
                  input: { 'aria-labelledby': `${id}-label` },
                  listbox: { sx: { zIndex: 'calc(var(--joy-zIndex-modal) + 1)', maxHeight: 320 } },
                }}
              />
              <FormHelperText>
                {picked.length > 0 ? `${picked.length} selected` : 'Type to filter; pick one or several.'}
                {attachedCount > 0 ? ` ${attachedCount} already attached.` : ''}
              </FormHelperText>
            </FormControl>
          </DialogContent>
          <DialogActions>
            <Button type="submit" disabled={picked.length === 0} loading={props.pending} loadingPosition="start">
              {props.submitLabel(picked.length)}
            </Button>
            <Button variant="plain" color="neutral" onClick={close} disabled={props.pending}>
              Cancel
            </Button>
          </DialogActions>
        </Box>
      </ModalDialog>
    </Modal>
  );
}
