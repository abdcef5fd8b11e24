import Button from '@mui/joy/Button';
import { Download } from 'lucide-react';
import { buildPath, contracts, type ExportList } from '@ats/contracts';

/** the export's URL: the list's endpoint with the screen's filters (empty ones left out) */
export function exportHref(list: ExportList, filters: Record<string, string | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value && value.trim() && value !== 'all') query.set(key, value.trim());
  const text = query.toString();
  return buildPath(contracts.exportList.path, { list }) + (text ? `?${text}` : '');
}

/**
 * "Export CSV": downloads the list as filtered on screen. A plain link: the browser streams the
 * file to disk, however long the list (the server records the export in the access log).
 */
export function ExportCsvButton({
  list,
  filters,
  label = 'Export CSV',
}: {
  list: ExportList;
  filters: Record<string, string | undefined | null>;
  label?: string;
}) {
  return (
    <Button
      component="a"
      href={exportHref(list, filters)}
      download
      variant="outlined"
      color="neutral"
      startDecorator={<Download size={18} />}
    >
      {label}
    </Button>
  );
}
