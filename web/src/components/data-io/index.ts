export { ExportCsvButton, exportHref } from './export-button';
export { ImportCsvButton } from './import-dialog';
