import fs from 'node:fs';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBody,
  fieldActionListQuery,
  fieldActionPage,
  fieldActionsBody,
  fieldActionsResultSchema,
  fieldCodeParam,
  fieldCylinderLookupSchema,
  fieldCylinderQuery,
  fieldCylinderSchema,
  fieldTodaySchema,
  inspectionListQuery,
  inspectionPage,
  proofFileParams,
} from '@gasops/shared';
import type { Permission } from '../../platform/context.js';
import { ctxOf } from '../../platform/guard.js';
import type { ModuleOptions } from '../../platform/module.js';
import { applyFieldActions } from './apply-actions.js';
import { getProofFile, type ProofFileAnswer } from './get-proof-file.js';
import { getToday } from './get-today.js';
import { listFieldActions } from './list-field-actions.js';
import { listInspections } from './list-inspections.js';
import { lookupCylinder, lookupCylinders } from './lookup-cylinders.js';

const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const FIELD_SCREENS = ['gasRound', 'gasReturn', 'gasPackaging', 'gasExamine'] as const;
// Checking a scan: any of the four field screens.
const fieldView: Permission = { anyOf: FIELD_SCREENS.map((screen) => ({ screen, action: 'view' as const })) };
// Syncing actions: any of them; each action then needs its own kind's screen (field.ts FIELD_ACTION_SCREENS).
const fieldCreate: Permission = { anyOf: FIELD_SCREENS.map((screen) => ({ screen, action: 'create' as const })) };
// Back office: what phones did (conflicts go with pending data), and the safety inspections.
const actionsView: Permission = {
  anyOf: [
    { screen: 'penddingDataMaintenance', action: 'view' },
    { screen: 'DispatchOrder', action: 'view' },
  ],
};
const inspectionsView: Permission = {
  anyOf: [
    { screen: 'examinedSuggest', action: 'view' },
    { screen: 'CustomerDetail', action: 'view' },
    { screen: 'gasExamine', action: 'view' },
  ],
};

/** A stored signature or photo, streamed (private: it is a customer's signature). */
const imageAnswer = { 200: z.string().describe('image/png, image/jpeg or image/webp bytes'), ...errors };
function sendImage(reply: FastifyReply, f: ProofFileAnswer) {
  return reply
    .type(f.type)
    .header('content-length', f.size)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(fs.createReadStream(f.file) as unknown as string);
}

/** Signatures and photos travel inside the actions: a batch may be larger than other requests. */
const ACTIONS_BODY_LIMIT = 40 * 1024 * 1024;

export const fieldRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['field'];

  app.get(
    '/field/today',
    { config: { permission: { screen: 'mobileIndex', action: 'view' } }, schema: { tags, response: { 200: fieldTodaySchema, ...errors } } },
    async (req) => getToday(db, ctxOf(req)),
  );
  app.get(
    '/field/cylinders',
    {
      config: { permission: fieldView },
      schema: { tags, querystring: fieldCylinderQuery, response: { 200: fieldCylinderLookupSchema, ...errors } },
    },
    async (req) => lookupCylinders(db, ctxOf(req), req.query),
  );
  app.get(
    '/field/cylinders/:code',
    { config: { permission: fieldView }, schema: { tags, params: fieldCodeParam, response: { 200: fieldCylinderSchema, ...errors } } },
    async (req) => lookupCylinder(db, ctxOf(req), req.params.code),
  );
  app.post(
    '/field/actions',
    {
      bodyLimit: ACTIONS_BODY_LIMIT,
      config: { permission: fieldCreate },
      schema: {
        tags,
        body: fieldActionsBody,
        description:
          'Queued actions of a phone (at most 50), applied in order, each in its own transaction and exactly once per `id` ' +
          '(a UUID made on the phone): a repeat is answered with the first result as `duplicate`. A conflict or a bad payload ' +
          'answers that action only (`conflict`, `rejected`); the batch is 200. docs/FIELD.md.',
        response: { 200: fieldActionsResultSchema, ...errors },
      },
    },
    async (req) => applyFieldActions(db, ctxOf(req), config.dataDir, req.body),
  );
  app.get(
    '/field/actions',
    {
      config: { permission: actionsView },
      schema: { tags, querystring: fieldActionListQuery, response: { 200: fieldActionPage, ...errors } },
    },
    async (req) => listFieldActions(db, ctxOf(req), req.query),
  );
  app.get(
    '/field/inspections',
    {
      config: { permission: inspectionsView },
      schema: { tags, querystring: inspectionListQuery, response: { 200: inspectionPage, ...errors } },
    },
    async (req) => listInspections(db, ctxOf(req), req.query),
  );
  // Back office: the proof kept with an inspection or a delivery, for the detail drawers.
  app.get(
    '/field/inspections/:id/:file',
    {
      config: { permission: inspectionsView },
      schema: {
        tags,
        description: "An inspection's signature or photo (404 when it has none).",
        params: proofFileParams,
        response: imageAnswer,
      },
    },
    async (req, reply) =>
      sendImage(reply, await getProofFile(db, ctxOf(req), config.dataDir, 'inspection', req.params.id, req.params.file)),
  );
  app.get(
    '/field/actions/:id/:file',
    {
      config: { permission: actionsView },
      schema: {
        tags,
        description: "A delivery's proof: the customer's signature or the photo (404 when it has none).",
        params: proofFileParams,
        response: imageAnswer,
      },
    },
    async (req, reply) => sendImage(reply, await getProofFile(db, ctxOf(req), config.dataDir, 'action', req.params.id, req.params.file)),
  );
};
