import { useMutation, useQuery } from '@tanstack/react-query';
import { contracts, type ImportKind, type ImportMapping, type ImportStartBody } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/imports: the file's text; answers its columns and the guessed mapping. */
export const useUploadImport = () =>
  useMutation({
    mutationFn: (body: { kind: ImportKind; fileName: string; csv: string }) => callContract(contracts.uploadImport, { body }),
  });

/** POST /api/imports/:id/preview: every row validated with the mapping, duplicates found. */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: ({ id, mapping }: { id: string; mapping: ImportMapping }) =>
      callContract(contracts.previewImport, { params: { id }, body: { mapping } }),
  });

/** POST /api/imports/:id/start */
export const useStartImport = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: string; body: ImportStartBody }) => callContract(contracts.startImport, { params: { id }, body }),
  });

/** GET /api/imports/:id, polled while the import runs */
export const useImportStatus = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.imports.status(id),
    queryFn: () => callContract(contracts.getImport, { params: { id: id! } }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'completed' ? false : 500),
  });
