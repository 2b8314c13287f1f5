import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBody,
  idParam,
  invoiceAllowanced,
  invoiceAllowanceBody,
  invoiceAllowanceList,
  invoiceCheckSchema,
  invoiceCodesSchema,
  invoiceIssueBody,
  invoiceIssued,
  invoiceListQuery,
  invoiceProofSchema,
  invoicePage,
  invoicesDone,
  invoiceSettingsBody,
  invoiceSettingsQuery,
  invoiceSettingsSaved,
  invoiceSettingsSchema,
  invoiceTrackBody,
  invoiceTrackPage,
  invoiceTrackQuery,
  invoiceTrackSaved,
  invoiceVoidBody,
  invoiceVoided,
  type InvoiceTrack,
} from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import { t } from '../../platform/i18n.js';
import { idempotencyKeyOf } from '../../platform/idempotency.js';
import type { ModuleOptions } from '../../platform/module.js';
import { inlinePdf } from '../../platform/pdf.js';
import { routeOptions } from '../../platform/route-options.js';
import { getInvoiceCodes } from './get-invoice-codes.js';
import { getInvoiceSettings } from './invoice-settings.js';
import { issueAllowance, listAllowances } from './issue-allowance.js';
import { issueInvoice } from './issue-invoice.js';
import { listInvoices } from './list-invoices.js';
import { listTracks } from './list-tracks.js';
import { proofPdf } from './proof-pdf.js';
import { invoiceProof } from './proof-print.js';
import { resendRefused } from './resend-upload.js';
import { saveInvoiceSettings } from './save-invoice-settings.js';
import { uploadRuntimeOf } from './upload-runtime.js';
import { latestCheck } from './upload-track-check.js';
import { createTrack, deleteTrack, updateTrack } from './save-track.js';
import { voidInvoice } from './void-invoice.js';

const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

// Tracks and settings: seed §7 `/store/StoreInvoice`, screen `invoice`. Issued invoices: `/invoices`,
// screen `InvoiceLookup` (apps/web/src/modules/invoices; docs/INVOICES.md).
export const invoicesRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['invoices'];
  const route = routeOptions(tags, errors);
  /** A saved track with the success message, and the booklet warning when the range is not whole booklets. */
  const saved = (req: Parameters<typeof t>[0], track: InvoiceTrack, key: string) => ({
    ...track,
    detail: t(req, key),
    ...(track.notWholeBooklets ? { warning: t(req, 'invoices.warning.notWholeBooklets') } : {}),
  });

  // ---- tracks (字軌) ----
  app.get(
    '/store/StoreInvoice',
    route({ screen: 'invoice', action: 'view' }, { querystring: invoiceTrackQuery }, invoiceTrackPage),
    async (req) => listTracks(db, ctxOf(req), req.query),
  );
  app.post(
    '/store/StoreInvoice',
    route({ screen: 'invoice', action: 'create' }, { body: invoiceTrackBody }, invoiceTrackSaved),
    async (req) => saved(req, await createTrack(db, ctxOf(req), req.body), 'feedback.success.added'),
  );
  app.put(
    '/store/StoreInvoice/:id',
    route({ screen: 'invoice', action: 'edit' }, { params: idParam, body: invoiceTrackBody }, invoiceTrackSaved),
    async (req) => saved(req, await updateTrack(db, ctxOf(req), req.params.id, req.body), 'feedback.success.edited'),
  );
  app.delete('/store/StoreInvoice/:id', route({ screen: 'invoice', action: 'delete' }, { params: idParam }, invoicesDone), async (req) => {
    await deleteTrack(db, ctxOf(req), req.params.id);
    return { detail: t(req, 'feedback.success.deleted') };
  });

  // ---- the store's e-invoice settings ----
  app.get(
    '/store/StoreInvoice/settings',
    route({ screen: 'invoice', action: 'view' }, { querystring: invoiceSettingsQuery }, invoiceSettingsSchema),
    async (req) => getInvoiceSettings(db, ctxOf(req), req.query.storeId),
  );
  app.put(
    '/store/StoreInvoice/settings',
    route({ screen: 'invoice', action: 'edit' }, { body: invoiceSettingsBody }, invoiceSettingsSaved),
    async (req) => ({ ...(await saveInvoiceSettings(db, ctxOf(req), config, req.body)), detail: t(req, 'feedback.success.saved') }),
  );

  // ---- invoices ----
  app.get('/invoices', route({ screen: 'InvoiceLookup', action: 'view' }, { querystring: invoiceListQuery }, invoicePage), async (req) =>
    listInvoices(db, ctxOf(req), req.query),
  );
  app.post(
    '/invoices',
    route(
      { screen: 'InvoiceLookup', action: 'create' },
      {
        description:
          "Issues an invoice for an order (completed or paid), for a monthly bill (posted; its orders' lines) or by hand. Issuing an order or a bill again answers its first invoice; an order invoiced by itself and on its bill is refused (409). Honours Idempotency-Key.",
        body: invoiceIssueBody,
      },
      invoiceIssued,
    ),
    async (req) => {
      const r = await issueInvoice(db, ctxOf(req), req.body, idempotencyKeyOf(req.headers));
      return {
        invoice: r.invoice,
        existing: r.existing,
        remaining: r.remaining,
        ...(r.lowRemaining ? { warning: t(req, 'invoices.warning.lowRemaining', { remaining: r.remaining }) } : {}),
        detail: t(
          req,
          !r.existing ? 'invoices.success.issued' : r.invoice.monthlyBillId ? 'invoices.success.existingBill' : 'invoices.success.existing',
          { number: r.invoice.number },
        ),
      };
    },
  );
  app.post(
    '/invoices/:id/void',
    route({ screen: 'InvoiceLookup', action: 'edit' }, { params: idParam, body: invoiceVoidBody }, invoiceVoided),
    async (req) => {
      const invoice = await voidInvoice(db, ctxOf(req), req.params.id, req.body.reason);
      return { ...invoice, detail: t(req, 'invoices.success.voided', { number: invoice.number }) };
    },
  );
  app.post(
    '/invoices/:id/upload/resend',
    route(
      { screen: 'InvoiceLookup', action: 'edit' },
      {
        description:
          'Queues again every message of the invoice the platform refused (E: its issue, void or allowances), for the next upload run; 409 when none was refused.',
        params: idParam,
      },
      invoiceVoided,
    ),
    async (req) => {
      const invoice = await resendRefused(db, ctxOf(req), req.params.id);
      return { ...invoice, detail: t(req, 'invoices.success.resent', { number: invoice.number }) };
    },
  );

  // ---- allowances (折讓): issue-allowance.ts ----
  app.get(
    '/invoices/:id/allowances',
    route({ screen: 'InvoiceLookup', action: 'view' }, { params: idParam }, invoiceAllowanceList),
    async (req) => listAllowances(db, ctxOf(req), req.params.id),
  );
  app.post(
    '/invoices/:id/allowances',
    route(
      { screen: 'InvoiceLookup', action: 'edit' },
      {
        description:
          'Issues an allowance (折讓) on an issued invoice: per invoice line (1-based sequence) the tax-included amount taken back, at most what earlier allowances left of it; the invoice can then no longer be voided. Its G0401 is uploaded by the next run. Honours Idempotency-Key.',
        params: idParam,
        body: invoiceAllowanceBody,
      },
      invoiceAllowanced,
    ),
    async (req) => {
      const r = await issueAllowance(db, ctxOf(req), req.params.id, req.body, idempotencyKeyOf(req.headers));
      return { ...r, detail: t(req, 'invoices.success.allowance', { number: r.allowance.number }) };
    },
  );
  app.get('/invoices/:id/codes', route({ screen: 'InvoiceLookup', action: 'view' }, { params: idParam }, invoiceCodesSchema), async (req) =>
    getInvoiceCodes(db, ctxOf(req), config, req.params.id),
  );

  // ---- the printed proof (證明聯): proof-print.ts; each print is recorded, the second on is marked 補印 ----
  /** A proof route's options: InvoiceLookup's view permission, the invoice id, `answer` or an error (503: no CJK font for the PDF). */
  const proofOptions = routeOptions(tags, { ...errors, 503: errorBody });
  const proofRoute = <A extends z.ZodType>(description: string, answer: A) =>
    proofOptions({ screen: 'InvoiceLookup', action: 'view' }, { description, params: idParam }, answer);
  app.get(
    '/invoices/:id/proof',
    proofRoute(
      'The proof as the next print would show it (records nothing): lines, Code39 and QR codes as SVG, printer width.',
      invoiceProofSchema,
    ),
    async (req) => invoiceProof(db, ctxOf(req), config, req.params.id, 'preview'),
  );
  app.post(
    '/invoices/:id/proof/print',
    proofRoute(
      'Records a print of the proof (action log `print`) and answers the copy to print; from the second print on it is marked 補印.',
      invoiceProofSchema,
    ),
    async (req) => invoiceProof(db, ctxOf(req), config, req.params.id, 'print'),
  );
  app.get(
    '/invoices/:id/proof.pdf',
    proofRoute(
      'The last recorded print of the proof as PDF, one page the printer width wide (409 before the first recorded print).',
      z.string().describe('application/pdf bytes'),
    ),
    async (req, reply) => {
      const proof = await invoiceProof(db, ctxOf(req), config, req.params.id, 'pdf');
      const pdf = await proofPdf(proof);
      return reply
        .type('application/pdf')
        .header('content-disposition', inlinePdf(`invoice-proof-${proof.number}.pdf`))
        .send(pdf as unknown as string);
    },
  );

  // ---- upload to the e-invoice platform (upload-*.ts, turnkey-channel.ts) and the daily track check ----
  const uploads = uploadRuntimeOf(db, config.einvoiceTurnkeyDir, app.log);
  app.addHook('onReady', async () => uploads.start());
  app.addHook('onClose', async () => uploads.stop());
  app.get(
    '/invoices/checks',
    route(
      { screen: 'InvoiceLookup', action: 'view' },
      {
        description:
          "The latest daily check of the group's tracks: every number start … start + used − 1 issued exactly once; gaps, duplicates and numbers outside the used range of the user's stores.",
      },
      invoiceCheckSchema,
    ),
    async (req) => latestCheck(db, ctxOf(req)),
  );
};
