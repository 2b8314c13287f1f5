import { dateIn, EINVOICE_TIME_ZONE, isUploadOverdue, uploadDeadline, uploadKindOf, type Invoice } from '@gasops/shared';
import type { invoices } from './invoices.schema.js';

/**
 * The upload fields of an invoice answer: the stored summary of its messages (upload-job.ts `summarize`),
 * or, before the upload job has looked at it, what is due: the deadline, and after a void the
 * void's own message (pending, due from the void's day) once the issue was accepted.
 */
export function uploadView(
  i: typeof invoices.$inferSelect,
  today = dateIn(EINVOICE_TIME_ZONE),
): Pick<Invoice, 'uploadStatus' | 'uploadDeadline' | 'uploadOverdue' | 'uploadError'> {
  const kind = uploadKindOf(i.buyerUbn);
  let status = i.uploadStatus;
  let deadline = i.uploadDeadline ?? uploadDeadline(kind, i.invoiceDate);
  if (i.status === 'voided' && i.uploadMessage !== 'F0501' && status === 'good') {
    status = 'pending';
    deadline = uploadDeadline(kind, dateIn(EINVOICE_TIME_ZONE, i.voidedAt ?? new Date()));
  }
  return {
    uploadStatus: status,
    uploadDeadline: deadline,
    uploadOverdue: isUploadOverdue(deadline, today, status === 'good'),
    uploadError: i.uploadError,
  };
}
