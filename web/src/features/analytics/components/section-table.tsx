import type { ReactNode } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Skeleton from '@mui/joy/Skeleton';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { Download } from 'lucide-react';
import { downloadCsv, toCsvRows } from '../utils/csv';

export type Column<R> = {
  key: string;
  label: string;
  /** the cell on screen (default: the CSV value) */
  render?: (row: R) => ReactNode;
  /** the value in the CSV download */
  value: (row: R) => string | number | null;
  numeric?: boolean;
};

/**
 * One analytics table: a caption, loading, error and empty states, and a CSV download of exactly
 * the rows and columns shown.
 */
export function SectionTable<R>({
  id,
  title,
  description,
  columns,
  rows,
  rowKey,
  loading,
  error,
  empty,
  csvName,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  columns: ReadonlyArray<Column<R>>;
  rows: readonly R[] | undefined;
  rowKey: (row: R) => string;
  loading: boolean;
  error: unknown;
  empty: string;
  csvName: string;
}) {
  const download = () =>
    downloadCsv(
      csvName,
      toCsvRows(
        columns.map((c) => c.label),
        (rows ?? []).map((row) => columns.map((c) => c.value(row))),
      ),
    );
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${id}-title`} data-testid={`analytics-${id}`} sx={{ gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography level="title-lg" component="h2" id={`${id}-title`}>
            {title}
          </Typography>
          {description && (
            <Typography level="body-sm" textColor="text.secondary">
              {description}
            </Typography>
          )}
        </Box>
        <Button
          size="sm"
          variant="outlined"
          color="neutral"
          startDecorator={<Download size={16} aria-hidden />}
          onClick={download}
          disabled={!rows?.length}
        >
          Download CSV
        </Button>
      </Box>
      {error ? (
        <Alert color="danger" role="alert">
          Could not load {title.toLowerCase()}. Try again in a moment.
        </Alert>
      ) : loading ? (
        <Box aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`} sx={{ display: 'grid', gap: 1 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rectangular" height={28} />
          ))}
        </Box>
      ) : !rows?.length ? (
        <Typography level="body-sm" textColor="text.tertiary" sx={{ py: 2 }}>
          {empty}
        </Typography>
      ) : (
        // a wide table scrolls sideways: focusable so the keyboard can scroll it too
        <Box tabIndex={0} role="region" aria-labelledby={`${id}-title`} sx={{ overflowX: 'auto' }}>
          <Table
            size="sm"
            stickyHeader
            aria-labelledby={`${id}-title`}
            sx={{ tableLayout: 'auto', '& td, & th': { whiteSpace: 'nowrap' } }}
          >
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" style={c.numeric ? { textAlign: 'right' } : undefined}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <td key={c.key} style={c.numeric ? { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } : undefined}>
                      {c.render ? c.render(row) : c.value(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </Box>
      )}
    </Card>
  );
}
