import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Skeleton from '@mui/joy/Skeleton';
import Table from '@mui/joy/Table';
import ToggleButtonGroup from '@mui/joy/ToggleButtonGroup';
import Typography from '@mui/joy/Typography';
import { Download } from 'lucide-react';
import { downloadCsv, toCsv, type Column, type Row } from '../utils/csv';

/**
 * One figure of the Analytics screen: a chart, or the same data as a table (the toggle), and a
 * CSV download of that table. Loading, error and empty states in one place.
 */
export function ChartCard({
  id,
  title,
  description,
  columns,
  rows,
  chart,
  summary,
  isPending,
  isError,
  isEmpty,
  emptyText,
}: {
  id: string;
  title: string;
  description: string;
  columns: Column[];
  rows: Row[];
  chart: ReactNode;
  summary?: ReactNode;
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  emptyText: string;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid={`analytics-${id}`} sx={{ gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography level="title-lg" component="h2" id={headingId}>
            {title}
          </Typography>
          <Typography level="body-sm" textColor="text.secondary">
            {description}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <ToggleButtonGroup
            size="sm"
            value={view}
            aria-label={`${title}: view`}
            onChange={(_e, v) => {
              if (v === 'chart' || v === 'table') setView(v);
            }}
          >
            <Button value="chart">Chart</Button>
            <Button value="table">Table</Button>
          </ToggleButtonGroup>
          <Button
            size="sm"
            variant="outlined"
            color="neutral"
            startDecorator={<Download size={14} />}
            disabled={isPending || isError}
            aria-label={`Download ${title} as CSV`}
            onClick={() => downloadCsv(`${id}.csv`, toCsv(columns, rows))}
          >
            CSV
          </Button>
        </Box>
      </Box>
      {isPending ? (
        <Skeleton variant="rectangular" height={240} />
      ) : isError ? (
        <Alert color="danger">Could not load {title.toLowerCase()}. Try again in a moment.</Alert>
      ) : (
        <>
          {summary}
          {isEmpty ? (
            <Typography level="body-sm" textColor="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {emptyText}
            </Typography>
          ) : view === 'chart' ? (
            <Box sx={{ width: '100%', height: 260, color: 'text.secondary', fontSize: 'xs' }}>{chart}</Box>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="sm" aria-label={title} stickyHeader>
                <thead>
                  <tr>
                    {columns.map((c) => (
                      <th key={c.key} scope="col">
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r, i) => (
                    <tr key={i}>
                      {columns.map((c) => (
                        <td key={c.key}>{r[c.key] ?? '—'}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Box>
          )}
        </>
      )}
    </Card>
  );
}
