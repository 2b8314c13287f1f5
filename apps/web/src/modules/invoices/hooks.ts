import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CustomerRow,
  Invoice,
  InvoiceAllowanceBody,
  InvoiceAllowanced,
  InvoiceAllowanceList,
  InvoiceCheck,
  InvoiceCodes,
  InvoiceIssueBody,
  InvoiceIssued,
  InvoicePage,
  InvoiceSettings,
  InvoiceSettingsBody,
  InvoiceTrack,
  InvoiceTrackPage,
  invoiceSettingsSaved,
  invoicesDone,
  invoiceTrackBody,
  invoiceTrackSaved,
  invoiceVoided,
} from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { resourceWrites, useWrite, type FormBody } from '../../components/mutations';
import { usePagedQuery } from '../../components/paged-query';
import { orderKeys } from '../orders/hooks';

/** Query keys of the invoices module (tracks and settings under /store/StoreInvoice, issued invoices under /invoices). */
export const invoiceKeys = {
  all: ['invoices'] as const,
  tracks: (q: Record<string, QueryValue>) => [...invoiceKeys.all, 'tracks', q] as const,
  settings: (storeId: number | undefined) => [...invoiceKeys.all, 'settings', storeId] as const,
  list: (q: Record<string, QueryValue>) => [...invoiceKeys.all, 'list', q] as const,
  codes: (id: number | null) => [...invoiceKeys.all, 'codes', id] as const,
  checks: () => [...invoiceKeys.all, 'checks'] as const,
  allowances: (id: number) => [...invoiceKeys.all, 'allowances', id] as const,
};
const INVOICES = [invoiceKeys.all];

type TrackSaved = z.infer<typeof invoiceTrackSaved>;
type Done = z.infer<typeof invoicesDone>;

/** The tracks (字軌) of the group's stores. */
export const useTracks = (filters: Record<string, QueryValue>) =>
  usePagedQuery<InvoiceTrack, InvoiceTrackPage>(invoiceKeys.tracks, '/store/StoreInvoice', filters);

// 400 and 409 (an overlapping range) go under the form's fields; a refused delete (409) is shown as a notice.
const trackWrites = resourceWrites<z.input<typeof invoiceTrackBody>, TrackSaved, Done>('/store/StoreInvoice', INVOICES, {
  silent: [400, 409],
});
/** Adds (no id) or changes (with the track's id); the answer may carry the booklet `warning`. */
export const useSaveTrack = trackWrites.useSave;
export const useDeleteTrack = trackWrites.useDelete;

const settingsOf = (storeId: number, signal?: AbortSignal) =>
  api.get<InvoiceSettings>('/store/StoreInvoice/settings', { signal, query: { storeId }, auxiliary: true });

/** A store's e-invoice settings (the QR AES key only as set / not set) and its "issues invoices" flag. */
export function useInvoiceSettings(storeId: number | undefined) {
  return useQuery({
    queryKey: invoiceKeys.settings(storeId),
    queryFn: ({ signal }) => settingsOf(storeId!, signal),
    enabled: storeId != null,
  });
}

type SettingsSaved = z.infer<typeof invoiceSettingsSaved>;
export const useSaveInvoiceSettings = () =>
  useWrite(
    (body: FormBody<InvoiceSettingsBody>) => api.put<SettingsSaved>('/store/StoreInvoice/settings', body, { silent: [400] }),
    INVOICES,
  );

/** Issued invoices, newest first; the total may be a lower bound on a large list. */
export const useInvoices = (filters: Record<string, QueryValue>) =>
  usePagedQuery<Invoice, InvoicePage>(invoiceKeys.list, '/invoices', filters);

/**
 * Issues an invoice with the form's Idempotency-Key (one per opened form, so a double click issues once).
 * 400 answers go under the fields; 409 (no track, no settings, not issuing, invoiced already) are shown as
 * notices. The billing list shows each bill's invoice, so it is refreshed too.
 */
export const useIssueInvoice = () =>
  useWrite(
    ({ body, idempotencyKey }: { body: FormBody<InvoiceIssueBody>; idempotencyKey: string }) =>
      api.post<InvoiceIssued>('/invoices', body, { headers: { 'Idempotency-Key': idempotencyKey }, silent: [400] }),
    [...INVOICES, [...orderKeys.all, 'billing']],
  );

type Voided = z.infer<typeof invoiceVoided>;
export const useVoidInvoice = () =>
  useWrite(
    ({ id, reason }: { id: number; reason: string }) => api.post<Voided>(`/invoices/${id}/void`, { reason }, { silent: [400] }),
    INVOICES,
  );

/** Queues again what the platform refused for an invoice (issue, void, allowances). */
export const useResendUpload = () => useWrite((id: number) => api.post<Voided>(`/invoices/${id}/upload/resend`), INVOICES);

/** An invoice's allowances (折讓), oldest first, with the state of their G0401 uploads. */
export function useInvoiceAllowances(id: number) {
  return useQuery({
    queryKey: invoiceKeys.allowances(id),
    queryFn: ({ signal }) => api.get<InvoiceAllowanceList>(`/invoices/${id}/allowances`, { signal }),
  });
}

/** Issues an allowance; one Idempotency-Key per dialog, so a double click gives one allowance. */
export const useIssueAllowance = () =>
  useWrite(
    ({ id, body, idempotencyKey }: { id: number; body: InvoiceAllowanceBody; idempotencyKey: string }) =>
      api.post<InvoiceAllowanced>(`/invoices/${id}/allowances`, body, {
        headers: { 'Idempotency-Key': idempotencyKey },
        silent: [400, 409],
      }),
    INVOICES,
  );

/** The proof's Code39 and QR texts of an invoice (QR null while the store has no AES key). */
/** The latest daily check of the tracks' numbers (gaps, duplicates) of the user's stores. */
export function useInvoiceChecks() {
  return useQuery({
    queryKey: invoiceKeys.checks(),
    queryFn: ({ signal }) => api.get<InvoiceCheck>('/invoices/checks', { signal }),
  });
}

export function useInvoiceCodes(id: number | null) {
  return useQuery({
    queryKey: invoiceKeys.codes(id),
    queryFn: ({ signal }) => api.get<InvoiceCodes>(`/invoices/${id}/codes`, { signal }),
    enabled: id != null,
  });
}

/**
 * The customer of an order, for its invoice's buyer (a unified number makes it a company buyer). A side
 * query: a role that may issue invoices but not see customers gets a consumer invoice, not a lost session.
 */
export function useInvoiceBuyer(customerId: number | null) {
  return useQuery({
    queryKey: [...invoiceKeys.all, 'buyer', customerId] as const,
    queryFn: ({ signal }) => api.get<CustomerRow>(`/customers/${customerId}`, { signal, auxiliary: true }),
    enabled: customerId != null,
    retry: false,
  });
}
