import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { INSPECTION_RULES, type InspectionRules } from '@gasops/shared';
import type {
  CylinderBody,
  CylinderBulkBody,
  CylinderCreateBody,
  CylinderDetail,
  CylinderImageBody,
  ImportBody,
  ImportReport,
  InspectionRulesAnswer,
  CylinderPage,
  CylinderRow,
  PendingCorrectBody,
  PendingRow,
  ScanReaderBody,
  ScanReaderRow,
  ScanStats,
  SiteRow,
  StockDocumentBody,
  StockDocumentDetail,
  StockDocumentRow,
  Suggestions,
  cylinderBulkResultSchema,
  cylinderImageSavedSchema,
  pendingPage,
  scanReadPage,
  scanReaderSecretSchema,
  sitePage,
  stockDocumentPage,
} from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { resourceWrites, useWrite, type FormBody } from '../../components/mutations';
import { usePagedQuery } from '../../components/paged-query';
import { publicCylinderKey } from './public-cylinder';

/**
 * Query keys of the cylinders module (/cylinders…). A movement changes the registry, the documents,
 * the pending data, the scan figures and the suggestions at once, so every write refreshes all of it.
 */
export const cylinderKeys = {
  all: ['cylinders'] as const,
  list: (q: Record<string, QueryValue>) => [...cylinderKeys.all, 'list', q] as const,
  detail: (id: number) => [...cylinderKeys.all, 'detail', id] as const,
  documents: (q: Record<string, QueryValue>) => [...cylinderKeys.all, 'documents', q] as const,
  document: (id: number) => [...cylinderKeys.all, 'document', id] as const,
  pending: (q: Record<string, QueryValue>) => [...cylinderKeys.all, 'pending', q] as const,
  stats: (q: Record<string, QueryValue>) => [...cylinderKeys.all, 'scan-stats', q] as const,
  reads: (q: Record<string, QueryValue>) => [...cylinderKeys.all, 'scan-reads', q] as const,
  readers: () => [...cylinderKeys.all, 'readers'] as const,
  suggestions: (q: Record<string, QueryValue>) => [...cylinderKeys.all, 'suggestions', q] as const,
  sites: () => [...cylinderKeys.all, 'handling-sites'] as const,
  rules: () => [...cylinderKeys.all, 'inspection-rules'] as const,
  /** The public label check (/barcode): its hook is in public-cylinder.ts, which the page loads without these. */
  publicCheck: publicCylinderKey,
};

const CYLINDERS = [cylinderKeys.all];
/** Form writes: field messages go under the fields (the form shows the rest itself). */
const FORM_ANSWERS = { silent: [400, 409] } as const;

type StockDocumentPage = z.infer<typeof stockDocumentPage>;
type PendingPage = z.infer<typeof pendingPage>;
type ScanReadPage = z.infer<typeof scanReadPage>;
export type ScanReadRow = ScanReadPage['items'][number];
export type ScanReaderSecret = z.infer<typeof scanReaderSecretSchema>;
type CylinderBulkResult = z.infer<typeof cylinderBulkResultSchema>;
type CylinderImageSaved = z.infer<typeof cylinderImageSavedSchema>;
type SitePage = z.infer<typeof sitePage>;

/* registry */

export const useCylinders = (filters: Record<string, QueryValue>, opts: { enabled?: boolean } = {}) =>
  usePagedQuery<CylinderRow, CylinderPage>(cylinderKeys.list, '/cylinders', filters, opts);

export function useCylinder(id: number | null) {
  return useQuery({
    queryKey: cylinderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<CylinderDetail>(`/cylinders/${id}`, { signal }),
    enabled: id !== null,
  });
}

const registryWrites = resourceWrites<CylinderBody | CylinderCreateBody, CylinderRow>('/cylinders', CYLINDERS, FORM_ANSWERS);
/** Adds (no id: the registry form's new cylinder) or changes (with the row's id). */
export const useSaveCylinder = registryWrites.useSave;
/** Deletes a wrongly keyed-in cylinder (its numbers are free again; its history is kept). */
export const useDeleteCylinder = registryWrites.useDelete;

/** Key-in: many cylinders at once, all or none (row problems come back as `rows.<i>.<field>`). */
export const useKeyInCylinders = () =>
  useWrite((body: CylinderBulkBody) => api.post<CylinderBulkResult>('/cylinders/bulk', body, FORM_ANSWERS), CYLINDERS);

/** Checks (`dryRun`) or imports cylinders; only an import that added cylinders refreshes the lists. */
export function useImportCylinders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBody) => api.post<ImportReport>('/cylinders/import', body),
    onSuccess: (report, body) => {
      if (!body.dryRun && report.imported > 0) void qc.invalidateQueries({ queryKey: cylinderKeys.all });
    },
  });
}

export const useSaveCylinderImage = () =>
  useWrite(
    ({ id, body }: { id: number; body: CylinderImageBody }) => api.put<CylinderImageSaved>(`/cylinders/${id}/image`, body),
    CYLINDERS,
  );

/**
 * The photo's address (served with the session cookie): the upload, or its 160 px thumbnail for
 * the lists; `version` busts the browser's cache after an upload.
 */
export const cylinderImageUrl = (id: number, version?: string, size: 'full' | 'thumb' = 'full') => {
  const q = new URLSearchParams();
  if (size === 'thumb') q.set('size', 'thumb');
  if (version) q.set('v', version);
  const qs = q.toString();
  return `/api/cylinders/${id}/image${qs ? `?${qs}` : ''}`;
};

/**
 * The label sheet (PDF, QR code and Code 128 per cylinder) of the selected cylinders, or of every
 * cylinder the registry's filters match; downloaded as a file.
 */
export const usePrintLabels = () =>
  useMutation({
    mutationFn: async (q: { ids: number[] } | { filters: Record<string, QueryValue> }) => {
      const query = 'ids' in q ? { ids: q.ids.join(',') } : q.filters;
      const pdf = await api.get<Blob>('/cylinders/labels.pdf', { query, responseType: 'blob', headers: { Accept: 'application/pdf' } });
      const url = URL.createObjectURL(pdf);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'cylinder-labels.pdf';
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });

/** Looks a scanned code up (container or label number): the matching cylinders, at most a few. */
export const useFindCylinder = () =>
  useMutation({
    mutationFn: (code: string) => api.get<CylinderPage>('/cylinders', { query: { keyword: code, pageSize: 5 } }),
  });

/**
 * The group's inspection rules (its interval-table parameters) for the forms' deadline suggestion;
 * DOMAIN.md's tables until they arrive.
 */
export function useInspectionRules(): InspectionRules {
  const q = useQuery({
    queryKey: cylinderKeys.rules(),
    queryFn: ({ signal }) => api.get<InspectionRulesAnswer>('/cylinders/inspection-rules', { signal, auxiliary: true }),
    staleTime: 5 * 60_000,
  });
  return q.data ?? INSPECTION_RULES;
}

/** The processing stations (filling plants, inspection agencies) for pickers. */
export function useHandlingSites(enabled = true) {
  return useQuery({
    queryKey: cylinderKeys.sites(),
    queryFn: ({ signal }) => api.get<SitePage>('/system/handling-sites', { signal, query: { pageSize: 500 }, auxiliary: true }),
    select: (d): SiteRow[] => d.items,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/* stock documents */

export const useStockDocuments = (filters: Record<string, QueryValue>) =>
  usePagedQuery<StockDocumentRow, StockDocumentPage>(cylinderKeys.documents, '/cylinders/stock-documents', filters);

export function useStockDocument(id: number | null) {
  return useQuery({
    queryKey: cylinderKeys.document(id ?? 0),
    queryFn: ({ signal }) => api.get<StockDocumentDetail>(`/cylinders/stock-documents/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Applies a stock document; one Idempotency-Key per opened form, so a double click applies it once. */
export const useCreateStockDocument = () =>
  useWrite(
    ({ body, idempotencyKey }: { body: FormBody<StockDocumentBody>; idempotencyKey: string }) =>
      api.post<StockDocumentDetail>('/cylinders/stock-documents', body, {
        ...FORM_ANSWERS,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    CYLINDERS,
  );

/* pending data */

export const usePending = (filters: Record<string, QueryValue>) =>
  usePagedQuery<PendingRow, PendingPage>(cylinderKeys.pending, '/cylinders/pending', filters);

export const useApplyPending = () =>
  useWrite(
    ({ id, reason }: { id: number; reason: string }) => api.post<PendingRow>(`/cylinders/pending/${id}/apply`, { reason }),
    CYLINDERS,
  );

export const useCorrectPending = () =>
  useWrite(
    ({ id, body }: { id: number; body: FormBody<PendingCorrectBody> }) =>
      api.post<PendingRow>(`/cylinders/pending/${id}/correct`, body, { silent: [400] }),
    CYLINDERS,
  );

export const useDiscardPending = () =>
  useWrite(
    ({ id, reason }: { id: number; reason: string }) => api.post<PendingRow>(`/cylinders/pending/${id}/discard`, { reason }),
    CYLINDERS,
  );

/* scans and readers */

export function useScanStats(q: { from: string; to: string; interval: 'day' | 'hour'; readerId?: number; storeId?: number }) {
  return useQuery({
    queryKey: cylinderKeys.stats(q),
    queryFn: ({ signal }) => api.get<ScanStats>('/cylinders/scans/statistics', { signal, query: q }),
  });
}

export const useScanReads = (filters: Record<string, QueryValue>) =>
  usePagedQuery<ScanReadRow, ScanReadPage>(cylinderKeys.reads, '/cylinders/scans/reads', filters);

export function useReaders(enabled = true) {
  return useQuery({
    queryKey: cylinderKeys.readers(),
    queryFn: ({ signal }) => api.get<ScanReaderRow[]>('/cylinders/readers', { signal }),
    enabled,
  });
}

export const useCreateReader = () =>
  useWrite((body: FormBody<ScanReaderBody>) => api.post<ScanReaderSecret>('/cylinders/readers', body, FORM_ANSWERS), CYLINDERS);
export const useUpdateReader = () =>
  useWrite(
    ({ id, body }: { id: number; body: FormBody<ScanReaderBody> }) =>
      api.put<ScanReaderRow>(`/cylinders/readers/${id}`, body, FORM_ANSWERS),
    CYLINDERS,
  );
export const useRenewReaderSecret = () =>
  useWrite((id: number) => api.post<ScanReaderSecret>(`/cylinders/readers/${id}/secret`), CYLINDERS);
export const useDeleteReader = () => useWrite((id: number) => api.delete<{ detail: string }>(`/cylinders/readers/${id}`), CYLINDERS);

/* inspection suggestions */

/** `enabled: false` until the query can be answered (a user of no group must name a store). */
export function useSuggestions(q: { storeId?: number; limit?: number }, enabled = true) {
  return useQuery({
    queryKey: cylinderKeys.suggestions(q),
    queryFn: ({ signal }) => api.get<Suggestions>('/cylinders/inspection-suggestions', { signal, query: q }),
    enabled,
  });
}
