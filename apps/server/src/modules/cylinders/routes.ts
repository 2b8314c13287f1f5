import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeParam,
  cylinderBody,
  cylinderBulkBody,
  cylinderBulkResultSchema,
  cylinderCreateBody,
  cylinderDetailSchema,
  cylinderDone,
  cylinderImageBody,
  cylinderImageQuery,
  cylinderImageSavedSchema,
  importBody,
  importReportSchema,
  cylinderLabelQuery,
  cylinderListQuery,
  cylinderPage,
  cylinderRowSchema,
  errorBody,
  idParam,
  inspectionRulesSchema,
  pendingCorrectBody,
  pendingPage,
  pendingQuery,
  pendingReasonBody,
  pendingRowSchema,
  publicCylinderSchema,
  scanBatchBody,
  scanBatchResultSchema,
  scanReaderBody,
  scanReaderRowSchema,
  scanReaderSecretSchema,
  scanReadPage,
  scanReadQuery,
  scanStatsQuery,
  scanStatsSchema,
  stockDocumentBody,
  stockDocumentDetailSchema,
  stockDocumentPage,
  stockDocumentQuery,
  suggestionQuery,
  suggestionSchema,
} from '@gasops/shared';
import type { Permission } from '../../platform/context.js';
import { ctxOf } from '../../platform/guard.js';
import { localeOf, t } from '../../platform/i18n.js';
import { idempotencyKeyOf } from '../../platform/idempotency.js';
import type { ModuleOptions } from '../../platform/module.js';
import { applyStockDocument } from './apply-stock-document.js';
import { checkLabel } from './check-label.js';
import { getCylinder } from './get-cylinder.js';
import { importCylinders } from './import-cylinders.js';
import { keyInCylinders } from './key-in-cylinders.js';
import { listCylinders } from './list-cylinders.js';
import { listPending } from './list-pending.js';
import { listScanReads, scanStatistics } from './list-scans.js';
import { getStockDocument, listStockDocuments } from './list-stock-documents.js';
import { inspectionRulesOf } from './inspection-day.js';
import { printLabels } from './print-labels.js';
import { recordScans } from './record-scans.js';
import { applyPendingAnyway, correctPending, discardPending } from './resolve-pending.js';
import { createCylinder, deleteCylinder, updateCylinder } from './save-cylinder.js';
import { readCylinderImage, saveCylinderImage } from './save-cylinder-image.js';
import { authenticateReader, createReader, deleteReader, listReaders, renewReaderSecret, updateReader } from './scan-readers.js';
import { suggestInspections } from './suggest-inspections.js';

const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

// Store cylinders (CylinderMaintenance), system cylinders across groups (SystemCylinderMaintenance:
// the platform administrator, who passes every check), the key-in screen and the phone's cylinder
// list all read the same registry; writes are the registry screen's (and the key-in's bulk POST).
const registryView: Permission = {
  anyOf: [
    { screen: 'CylinderMaintenance', action: 'view' },
    { screen: 'SystemCylinderMaintenance', action: 'view' },
    { screen: 'CylinderMaintenanceKeyIn', action: 'view' },
    { screen: 'MobileCylinderMaintenance', action: 'view' },
  ],
};
// Stock movements are recorded on the stock screen and by the phone's delivery, return and refill screens.
const stockCreate: Permission = {
  anyOf: [
    { screen: 'CylinderStockMaintenance', action: 'create' },
    { screen: 'gasRound', action: 'create' },
    { screen: 'gasReturn', action: 'create' },
    { screen: 'gasPackaging', action: 'create' },
  ],
};
const stockView: Permission = {
  anyOf: [
    { screen: 'CylinderStockMaintenance', action: 'view' },
    { screen: 'penddingDataMaintenance', action: 'view' },
  ],
};
const scanCreate: Permission = {
  anyOf: [
    { screen: 'CylinderStockMaintenance', action: 'create' },
    { screen: 'gasRound', action: 'create' },
    { screen: 'gasReturn', action: 'create' },
    { screen: 'gasPackaging', action: 'create' },
    { screen: 'MobileCylinderMaintenance', action: 'edit' },
  ],
};
const readerView: Permission = {
  anyOf: [
    { screen: 'ScanResultStatistics', action: 'view' },
    { screen: 'ScanResultSearch', action: 'view' },
  ],
};

const READER_SCAN_DESCRIPTION = [
  'Scan batches from an RFID gate or handheld reader, without a user session.',
  'Authenticate with `Authorization: Reader <readerId>:<secret>` (the secret is shown once when the reader is created or its',
  'secret renewed). The body is the same as POST /api/cylinders/scans; `readerId` and `storeId` are taken from the reader.',
  'Idempotent per (reader, batchId): a resent batch is answered with the first result (`replayed: true`).',
].join(' ');

export const cylindersRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['cylinders'];

  // ---- registry ------------------------------------------------------------------------------------
  app.get(
    '/cylinders',
    { config: { permission: registryView }, schema: { tags, querystring: cylinderListQuery, response: { 200: cylinderPage, ...errors } } },
    async (req) => listCylinders(db, ctxOf(req), req.query),
  );
  app.get(
    '/cylinders/inspection-rules',
    {
      config: { permission: registryView },
      schema: {
        tags,
        description: 'The caller group’s inspection interval tables (system parameters CYLINDER_INTERVALS_*) and due window.',
        response: { 200: inspectionRulesSchema, ...errors },
      },
    },
    async (req) => inspectionRulesOf(db, ctxOf(req)),
  );
  app.get(
    '/cylinders/labels.pdf',
    {
      config: { permission: registryView },
      schema: {
        tags,
        querystring: cylinderLabelQuery,
        description:
          'A sheet of cylinder labels (A4 PDF, 21 per page): the container number as QR code and Code 128, size, material, ' +
          'specification, next inspection deadline and owning shop. `ids=1,2,3` (selected cylinders) or the registry filters; at most 1000.',
        response: { 200: z.string().describe('application/pdf bytes'), ...errors },
      },
    },
    async (req, reply) => {
      const pdf = await printLabels(db, ctxOf(req), req.query, localeOf(req));
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="cylinder-labels.pdf"')
        .send(pdf as unknown as string);
    },
  );
  app.get(
    '/cylinders/:id',
    { config: { permission: registryView }, schema: { tags, params: idParam, response: { 200: cylinderDetailSchema, ...errors } } },
    async (req) => getCylinder(db, ctxOf(req), req.params.id),
  );
  app.post(
    '/cylinders',
    {
      config: { permission: { screen: 'CylinderMaintenance', action: 'create' } },
      schema: { tags, body: cylinderCreateBody, response: { 201: cylinderRowSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await createCylinder(db, ctxOf(req), req.body)),
  );
  app.put(
    '/cylinders/:id',
    {
      config: { permission: { screen: 'CylinderMaintenance', action: 'edit' } },
      schema: { tags, params: idParam, body: cylinderBody, response: { 200: cylinderRowSchema, ...errors } },
    },
    async (req) => updateCylinder(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/cylinders/:id',
    {
      config: { permission: { screen: 'CylinderMaintenance', action: 'delete' } },
      schema: { tags, params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteCylinder(db, ctxOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/cylinders/bulk',
    {
      config: { permission: { screen: 'CylinderMaintenanceKeyIn', action: 'create' } },
      schema: { tags, body: cylinderBulkBody, response: { 201: cylinderBulkResultSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await keyInCylinders(db, ctxOf(req), req.body)),
  );
  app.post(
    '/cylinders/import',
    {
      config: { permission: { screen: 'CylinderMaintenance', action: 'create' } },
      schema: { tags, body: importBody, response: { 200: importReportSchema, ...errors } },
    },
    async (req) => importCylinders(db, ctxOf(req), req.body),
  );
  app.put(
    '/cylinders/:id/image',
    {
      config: { permission: { screen: 'CylinderMaintenance', action: 'edit' } },
      schema: { tags, params: idParam, body: cylinderImageBody, response: { 200: cylinderImageSavedSchema, ...errors } },
    },
    async (req) => saveCylinderImage(db, ctxOf(req), config.dataDir, req.params.id, req.body),
  );
  app.get(
    '/cylinders/:id/image',
    {
      config: { permission: registryView },
      schema: {
        tags,
        params: idParam,
        querystring: cylinderImageQuery,
        description:
          'The cylinder photo as uploaded (image/jpeg, image/png or image/webp bytes), or with `size=thumb` its thumbnail (image/webp, 160 px).',
        response: { 200: z.string().describe('image bytes'), ...errors },
      },
    },
    async (req, reply) => {
      const image = await readCylinderImage(db, ctxOf(req), config.dataDir, req.params.id, req.query.size);
      // Fastify sends a Buffer as it is (no serializer); the schema above only documents the route.
      return reply
        .type(image.type)
        .header('cache-control', 'private, max-age=300')
        .send(image.bytes as unknown as string);
    },
  );

  // ---- stock documents ------------------------------------------------------------------------------
  app.get(
    '/cylinders/stock-documents',
    {
      config: { permission: stockView },
      schema: { tags, querystring: stockDocumentQuery, response: { 200: stockDocumentPage, ...errors } },
    },
    async (req) => listStockDocuments(db, ctxOf(req), req.query),
  );
  app.get(
    '/cylinders/stock-documents/:id',
    { config: { permission: stockView }, schema: { tags, params: idParam, response: { 200: stockDocumentDetailSchema, ...errors } } },
    async (req) => getStockDocument(db, ctxOf(req), req.params.id),
  );
  app.post(
    '/cylinders/stock-documents',
    {
      config: { permission: stockCreate },
      schema: {
        tags,
        description: 'Send an `Idempotency-Key` header to make a resend harmless (answered with the first result, status 200).',
        body: stockDocumentBody,
        response: { 200: stockDocumentDetailSchema, 201: stockDocumentDetailSchema, ...errors },
      },
    },
    async (req, reply) => {
      const once = await applyStockDocument(db, ctxOf(req), req.body, idempotencyKeyOf(req.headers));
      return reply.status(once.replayed ? 200 : 201).send(once.result);
    },
  );

  // ---- pending data ---------------------------------------------------------------------------------
  const pendingEdit: Permission = { screen: 'penddingDataMaintenance', action: 'edit' };
  app.get(
    '/cylinders/pending',
    {
      config: { permission: { screen: 'penddingDataMaintenance', action: 'view' } },
      schema: { tags, querystring: pendingQuery, response: { 200: pendingPage, ...errors } },
    },
    async (req) => listPending(db, ctxOf(req), req.query),
  );
  app.post(
    '/cylinders/pending/:id/apply',
    {
      config: { permission: pendingEdit },
      schema: { tags, params: idParam, body: pendingReasonBody, response: { 200: pendingRowSchema, ...errors } },
    },
    async (req) => applyPendingAnyway(db, ctxOf(req), req.params.id, req.body.reason),
  );
  app.post(
    '/cylinders/pending/:id/correct',
    {
      config: { permission: pendingEdit },
      schema: { tags, params: idParam, body: pendingCorrectBody, response: { 200: pendingRowSchema, ...errors } },
    },
    async (req) => correctPending(db, ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/cylinders/pending/:id/discard',
    {
      config: { permission: pendingEdit },
      schema: { tags, params: idParam, body: pendingReasonBody, response: { 200: pendingRowSchema, ...errors } },
    },
    async (req) => discardPending(db, ctxOf(req), req.params.id, req.body.reason),
  );

  // ---- scans ------------------------------------------------------------------------------------------
  app.post(
    '/cylinders/scans',
    { config: { permission: scanCreate }, schema: { tags, body: scanBatchBody, response: { 200: scanBatchResultSchema, ...errors } } },
    async (req) => recordScans(db, { reader: null, ctx: ctxOf(req) }, req.body),
  );
  // Public for the user guard: the route authenticates the reader itself (like /iot/readings).
  app.post(
    '/cylinders/reader-scans',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        security: [],
        description: READER_SCAN_DESCRIPTION,
        body: scanBatchBody,
        response: { 200: scanBatchResultSchema, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const reader = await authenticateReader(db, req.headers.authorization);
      return recordScans(db, { reader, ctx: null }, req.body);
    },
  );
  app.get(
    '/cylinders/scans/statistics',
    {
      config: { permission: { screen: 'ScanResultStatistics', action: 'view' } },
      schema: { tags, querystring: scanStatsQuery, response: { 200: scanStatsSchema, ...errors } },
    },
    async (req) => scanStatistics(db, ctxOf(req), req.query),
  );
  app.get(
    '/cylinders/scans/reads',
    {
      config: { permission: { screen: 'ScanResultSearch', action: 'view' } },
      schema: { tags, querystring: scanReadQuery, response: { 200: scanReadPage, ...errors } },
    },
    async (req) => listScanReads(db, ctxOf(req), req.query),
  );

  // ---- scan readers -------------------------------------------------------------------------------------
  app.get(
    '/cylinders/readers',
    { config: { permission: readerView }, schema: { tags, response: { 200: z.array(scanReaderRowSchema), ...errors } } },
    async (req) => listReaders(db, ctxOf(req)),
  );
  app.post(
    '/cylinders/readers',
    {
      config: { permission: { screen: 'ScanResultStatistics', action: 'create' } },
      schema: { tags, body: scanReaderBody, response: { 201: scanReaderSecretSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await createReader(db, ctxOf(req), req.body)),
  );
  app.put(
    '/cylinders/readers/:id',
    {
      config: { permission: { screen: 'ScanResultStatistics', action: 'edit' } },
      schema: { tags, params: idParam, body: scanReaderBody, response: { 200: scanReaderRowSchema, ...errors } },
    },
    async (req) => updateReader(db, ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/cylinders/readers/:id/secret',
    {
      config: { permission: { screen: 'ScanResultStatistics', action: 'edit' } },
      schema: { tags, params: idParam, response: { 200: scanReaderSecretSchema, ...errors } },
    },
    async (req) => renewReaderSecret(db, ctxOf(req), req.params.id),
  );
  app.delete(
    '/cylinders/readers/:id',
    {
      config: { permission: { screen: 'ScanResultStatistics', action: 'delete' } },
      schema: { tags, params: idParam, response: { 200: cylinderDone, ...errors } },
    },
    async (req) => {
      await deleteReader(db, ctxOf(req), req.params.id);
      return { detail: t(req, 'feedback.success.deleted') };
    },
  );

  // ---- inspection suggestions ---------------------------------------------------------------------------
  app.get(
    '/cylinders/inspection-suggestions',
    {
      config: { permission: { screen: 'examinedSuggest', action: 'view' } },
      schema: { tags, querystring: suggestionQuery, response: { 200: suggestionSchema, ...errors } },
    },
    async (req) => suggestInspections(db, ctxOf(req), req.query),
  );

  // ---- public label check (/barcode) -----------------------------------------------------------------------
  app.get(
    '/public/cylinders/:code',
    {
      config: { permission: 'public', rateLimit: { max: config.publicOrderRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        security: [],
        params: codeParam,
        response: { 200: publicCylinderSchema, 400: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (req) => checkLabel(db, req.params.code),
  );
};
