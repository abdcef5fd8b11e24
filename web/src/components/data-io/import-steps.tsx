import { Fragment, useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Input from '@mui/joy/Input';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import LinearProgress from '@mui/joy/LinearProgress';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Sheet from '@mui/joy/Sheet';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import type { DuplicateChoice, ImportKind, ImportMapping, ImportPreviewResult, ImportStatus, ImportUploadResult } from '@ats/contracts';

const NOT_IMPORTED = '';
/** What each duplicate choice does to the existing record, in its name (commands.ts `executeRow` does exactly this). */
export const CHOICE_LABELS: Record<DuplicateChoice, string> = {
  skip: 'Skip (keep the existing record)',
  update: 'Overwrite with filled cells',
  create: 'Create a second record',
};

/** The help under the choice: which fields an update overwrites and keeps, per kind of record. */
export function duplicateHelp(kind: ImportKind | undefined): string {
  const kept = 'Empty cells and columns not mapped keep what the existing record has';
  if (kind === 'clients')
    return `Overwrite with filled cells: each filled cell replaces that field of the existing client, and the row's contact is added to the client's contacts. ${kept}.`;
  if (kind === 'jobs')
    return `Overwrite with filled cells: each filled cell replaces that field of the existing job order; its client stays as it is. ${kept}.`;
  return `Overwrite with filled cells: each filled cell replaces that field of the existing candidate (a Skills cell replaces the whole list). ${kept}. Create a second record fails for a row with the e-mail of an existing candidate (an address belongs to one candidate): that row is not imported.`;
}
const REASONS = { email: 'same email', name_company: 'same name and company', name: 'same name' } as const;

/** Step 2: a column of the file for each field (guessed from the headers; required fields marked). */
export function MappingStep({
  upload,
  mapping,
  onChange,
}: {
  upload: ImportUploadResult;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
      <Typography level="body-sm" sx={{ gridColumn: '1 / -1' }}>
        {upload.rowCount} rows found. Choose the column for each field; fields marked * are required.
      </Typography>
      {upload.fields.map((field) => (
        <FormControl key={field.name} required={field.required}>
          <FormLabel id={`map-${field.name}-label`}>{field.label}</FormLabel>
          <Select
            value={mapping[field.name] ?? NOT_IMPORTED}
            slotProps={{ button: { 'aria-labelledby': `map-${field.name}-label`, id: `map-${field.name}` } }}
            onChange={(_, value) => {
              const next = { ...mapping };
              if (value) next[field.name] = value;
              else delete next[field.name];
              onChange(next);
            }}
          >
            <Option value={NOT_IMPORTED}>Not imported</Option>
            {upload.headers.map((header) => (
              <Option key={header} value={header}>
                {header}
              </Option>
            ))}
          </Select>
        </FormControl>
      ))}
    </Box>
  );
}

/** Step 3: the counts, the rows with errors (in the spec's words) and the duplicates with a choice each. */
export function PreviewStep({
  preview,
  onDuplicate,
  onAllChange,
  choices,
  onChoice,
  fields = [],
  fixes = {},
  onFix,
  kind,
}: {
  preview: ImportPreviewResult;
  /** what the file holds: the help says what an update overwrites for this kind of record */
  kind?: ImportKind;
  onDuplicate: DuplicateChoice;
  onAllChange: (choice: DuplicateChoice) => void;
  choices: Record<string, DuplicateChoice>;
  onChoice: (row: number, choice: DuplicateChoice) => void;
  /** the mapped fields a rejected row can be corrected in */
  fields?: ImportUploadResult['fields'];
  /** corrections made so far, by row line: field → value */
  fixes?: Record<string, Record<string, string>>;
  onFix?: (row: number, values: Record<string, string> | null) => void;
}) {
  const flagged = preview.rows.filter((r) => r.errors.length > 0 || r.duplicate);
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<Record<string, string>>({});
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography role="status" data-testid="import-preview-summary">
        {preview.total} rows: {preview.valid} valid, {preview.invalid} with errors, {preview.duplicates} duplicates
      </Typography>
      {preview.duplicates > 0 && (
        <FormControl>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <FormLabel id="dup-all-label">For all duplicates</FormLabel>
            <Select
              size="sm"
              value={onDuplicate}
              onChange={(_, v) => v && onAllChange(v)}
              slotProps={{ button: { 'aria-labelledby': 'dup-all-label', 'aria-describedby': 'dup-help' } }}
            >
              {(Object.keys(CHOICE_LABELS) as DuplicateChoice[]).map((c) => (
                <Option key={c} value={c}>
                  {CHOICE_LABELS[c]}
                </Option>
              ))}
            </Select>
          </Box>
          <FormHelperText id="dup-help" data-testid="import-duplicate-help">
            {duplicateHelp(kind)}
          </FormHelperText>
        </FormControl>
      )}
      {flagged.length > 0 && (
        <Sheet variant="outlined" sx={{ borderRadius: 'sm', overflow: 'auto', maxHeight: 320 }}>
          <Table size="sm" stickyHeader aria-label="Rows to check">
            <thead>
              <tr>
                <th style={{ width: 56 }}>Row</th>
                <th>Record</th>
                <th>Problem</th>
                <th style={{ width: 250 }}>Action</th>
              </tr>
            </thead>
            <tbody>
              {flagged.map((row) => (
                <Fragment key={row.row}>
                  <tr>
                    <td>{row.row}</td>
                    <td>
                      {Object.values(fixes[String(row.row)] ?? row.values)
                        .slice(0, 3)
                        .join(' · ')}
                    </td>
                    <td>
                      {row.errors.length > 0
                        ? row.errors.map((e) => e.message).join('; ')
                        : row.duplicate && `Duplicate of ${row.duplicate.label} (${REASONS[row.duplicate.reason]})`}
                    </td>
                    <td>
                      {row.errors.length > 0 ? (
                        onFix && fields.length > 0 ? (
                          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                            {fixes[String(row.row)] ? 'Fixed' : 'Not imported'}
                            <Button
                              size="sm"
                              variant="outlined"
                              color="neutral"
                              aria-label={`Fix row ${row.row}`}
                              onClick={() => {
                                setDraft({ ...row.values, ...fixes[String(row.row)] });
                                setEditing(row.row);
                              }}
                            >
                              {fixes[String(row.row)] ? 'Edit' : 'Fix'}
                            </Button>
                          </Box>
                        ) : (
                          'Not imported'
                        )
                      ) : (
                        <Select
                          size="sm"
                          aria-label={`Action for row ${row.row}`}
                          value={choices[String(row.row)] ?? onDuplicate}
                          onChange={(_, v) => v && onChoice(row.row, v)}
                        >
                          {(Object.keys(CHOICE_LABELS) as DuplicateChoice[]).map((c) => (
                            <Option key={c} value={c}>
                              {CHOICE_LABELS[c]}
                            </Option>
                          ))}
                        </Select>
                      )}
                    </td>
                  </tr>
                  {editing === row.row && (
                    <tr>
                      <td colSpan={4}>
                        <Box
                          component="form"
                          aria-label={`Fix row ${row.row}`}
                          onSubmit={(event) => {
                            event.preventDefault();
                            const values = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()]));
                            onFix?.(row.row, values);
                            setEditing(null);
                          }}
                          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1, py: 1 }}
                        >
                          {fields.map((field) => (
                            <FormControl key={field.name} size="sm" error={row.errors.some((e) => e.field === field.name)}>
                              <FormLabel>{field.label}</FormLabel>
                              <Input
                                value={draft[field.name] ?? ''}
                                onChange={(e) => setDraft((d) => ({ ...d, [field.name]: e.target.value }))}
                              />
                            </FormControl>
                          ))}
                          <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1 }}>
                            <Button size="sm" type="submit">
                              Save fix
                            </Button>
                            <Button size="sm" variant="plain" color="neutral" onClick={() => setEditing(null)}>
                              Cancel
                            </Button>
                          </Box>
                        </Box>
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </Table>
        </Sheet>
      )}
    </Box>
  );
}

/** Step 4: the progress bar while the rows run, then the summary. */
export function ProgressStep({ status }: { status: ImportStatus | undefined }) {
  if (!status) return <LinearProgress aria-label="Starting the import" />;
  const percent = status.total === 0 ? 100 : Math.round((status.processed / status.total) * 100);
  const done = status.status === 'completed';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <LinearProgress
        determinate
        value={percent}
        aria-label="Import progress"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        color={done ? 'success' : 'primary'}
      />
      <Typography role="status" data-testid="import-progress">
        {done ? 'Import complete' : 'Importing…'} {status.processed} of {status.total} rows ({percent}%)
      </Typography>
      {done && (
        <Typography data-testid="import-summary" fontWeight="lg">
          Created {status.created} · Updated {status.updated} · Skipped {status.skipped} · Failed {status.failed}
        </Typography>
      )}
      {done && status.failures.length > 0 && (
        <Sheet variant="soft" color="danger" sx={{ p: 1.5, borderRadius: 'sm', maxHeight: 200, overflow: 'auto' }}>
          <Typography level="title-sm" sx={{ mb: 0.5 }}>
            Rows not imported
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {status.failures.map((f) => (
              <li key={f.row}>
                Row {f.row}: {f.errors.map((e) => e.message).join('; ')}
              </li>
            ))}
          </Box>
        </Sheet>
      )}
    </Box>
  );
}
