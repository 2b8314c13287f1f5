import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contactBody,
  contactPage,
  contactQuery,
  contactReplyBody,
  contactReplyPage,
  contactReplyQuery,
  contactReplySchema,
  chatRetentionSchema,
  contactSchema,
  customerIdParam,
  customerLinkBody,
  customerLinkSchema,
  errorBody,
  faqBody,
  faqPage,
  faqQuery,
  faqSchema,
  idParam,
  lineChannelBody,
  lineChannelList,
  lineChannelSchema,
  lineChannelTestSchema,
  lineDone,
  lineOrderPrefillSchema,
  lineOrderTokenParam,
  lineMessagePage,
  lineMessageQuery,
  lineMessageSchema,
  lineRoomBody,
  lineRoomPage,
  lineRoomQuery,
  lineRoomSchema,
  lineSendBody,
} from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import { getParamNumber } from '../../platform/params.js';
import { getCustomerLink, makeLinkCode, saveCustomerLink, unlinkCustomer } from './customer-links.js';
import { setLineChannelEnded } from './end-line-channel.js';
import { lineOrderPrefill } from './order-link.js';
import type { ModuleOptions } from '../../platform/module.js';
import { listContactReplies } from './list-contact-replies.js';
import { listContacts } from './list-contacts.js';
import { listFaqs } from './list-faqs.js';
import { listLineChannels } from './list-line-channels.js';
import { listRoomMessages } from './list-room-messages.js';
import { listRooms } from './list-rooms.js';
import { replyContact } from './reply-contact.js';
import { createContact } from './save-contact.js';
import { createFaq, deleteFaq, updateFaq } from './save-faq.js';
import { createLineChannel, updateLineChannel } from './save-line-channel.js';
import { saveRoom } from './save-room.js';
import { sendRoomMessage } from './send-room-message.js';
import { testLineChannel } from './test-line-channel.js';
import { webhookRoutes } from './webhook-routes.js';

const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
/** Sending to LINE can fail on LINE's side (502, the status LINE answered in the message). */
const sendErrors = { ...errors, 502: errorBody };

// Seed §2 Service group: chatroom (rooms, conversation, and the channel settings), faq, contact_customer,
// replay_customer; their screens are apps/web/src/modules/line (docs/LINE.md).
export const lineRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['line'];
  await app.register(webhookRoutes);

  // ---- channel settings ----
  app.get(
    '/line/channels',
    { config: { permission: { screen: 'chatroom', action: 'view' } }, schema: { tags, response: { 200: lineChannelList, ...errors } } },
    async (req) => listLineChannels(db, ctxOf(req)),
  );
  app.post(
    '/line/channels',
    {
      config: { permission: { screen: 'chatroom', action: 'create' } },
      schema: { tags, body: lineChannelBody, response: { 200: lineChannelSchema, ...errors } },
    },
    async (req) => createLineChannel(db, ctxOf(req), config, req.body),
  );
  app.put(
    '/line/channels/:id',
    {
      config: { permission: { screen: 'chatroom', action: 'edit' } },
      schema: { tags, params: idParam, body: lineChannelBody, response: { 200: lineChannelSchema, ...errors } },
    },
    async (req) => updateLineChannel(db, ctxOf(req), config, req.params.id, req.body),
  );
  app.post(
    '/line/channels/:id/test',
    {
      config: { permission: { screen: 'chatroom', action: 'edit' } },
      schema: { tags, params: idParam, response: { 200: lineChannelTestSchema, ...errors } },
    },
    async (req) => testLineChannel(db, ctxOf(req), config, req.params.id),
  );
  // The group's LINE service on a channel ends (retention.ts counts from the last end) or resumes.
  for (const [path, ended] of [
    ['end', true],
    ['resume', false],
  ] as const)
    app.post(
      `/line/channels/:id/${path}`,
      {
        config: { permission: { screen: 'chatroom', action: 'edit' } },
        schema: { tags, params: idParam, response: { 200: lineChannelSchema, ...errors } },
      },
      async (req) => setLineChannelEnded(db, ctxOf(req), req.params.id, ended),
    );

  // ---- chat rooms ----
  app.get(
    '/line/rooms',
    {
      config: { permission: { screen: 'chatroom', action: 'view' } },
      schema: { tags, querystring: lineRoomQuery, response: { 200: lineRoomPage, ...errors } },
    },
    async (req) => listRooms(db, ctxOf(req), req.query),
  );
  app.put(
    '/line/rooms/:id',
    {
      config: { permission: { screen: 'chatroom', action: 'edit' } },
      schema: { tags, params: idParam, body: lineRoomBody, response: { 200: lineRoomSchema, ...errors } },
    },
    async (req) => saveRoom(db, ctxOf(req), req.params.id, req.body),
  );
  app.get(
    '/line/rooms/:id/messages',
    {
      config: { permission: { screen: 'chatroom', action: 'view' } },
      schema: { tags, params: idParam, querystring: lineMessageQuery, response: { 200: lineMessagePage, ...errors } },
    },
    async (req) => listRoomMessages(db, ctxOf(req), req.params.id, req.query),
  );
  app.post(
    '/line/rooms/:id/messages',
    {
      config: { permission: { screen: 'chatroom', action: 'create' } },
      schema: { tags, params: idParam, body: lineSendBody, response: { 200: lineMessageSchema, ...sendErrors } },
    },
    async (req) => sendRoomMessage(db, ctxOf(req), config, req.params.id, req.body.text),
  );

  // ---- FAQ ----
  app.get(
    '/line/faqs',
    {
      config: { permission: { screen: 'faq', action: 'view' } },
      schema: { tags, querystring: faqQuery, response: { 200: faqPage, ...errors } },
    },
    async (req) => listFaqs(db, ctxOf(req), req.query),
  );
  app.post(
    '/line/faqs',
    {
      config: { permission: { screen: 'faq', action: 'create' } },
      schema: { tags, body: faqBody, response: { 200: faqSchema, ...errors } },
    },
    async (req) => createFaq(db, ctxOf(req), req.body),
  );
  app.put(
    '/line/faqs/:id',
    {
      config: { permission: { screen: 'faq', action: 'edit' } },
      schema: { tags, params: idParam, body: faqBody, response: { 200: faqSchema, ...errors } },
    },
    async (req) => updateFaq(db, ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/line/faqs/:id',
    {
      config: { permission: { screen: 'faq', action: 'delete' } },
      schema: { tags, params: idParam, response: { 200: lineDone, ...errors } },
    },
    async (req) => {
      await deleteFaq(db, ctxOf(req), req.params.id);
      return { ok: true as const };
    },
  );

  // ---- contacts and replies ----
  app.get(
    '/line/contacts',
    {
      config: { permission: { screen: 'contact_customer', action: 'view' } },
      schema: { tags, querystring: contactQuery, response: { 200: contactPage, ...errors } },
    },
    async (req) => listContacts(db, ctxOf(req), req.query),
  );
  app.post(
    '/line/contacts',
    {
      config: { permission: { screen: 'contact_customer', action: 'create' } },
      schema: { tags, body: contactBody, response: { 200: contactSchema, ...errors } },
    },
    async (req) => createContact(db, ctxOf(req), req.body),
  );
  app.get(
    '/line/replies',
    {
      config: { permission: { screen: 'replay_customer', action: 'view' } },
      schema: { tags, querystring: contactReplyQuery, response: { 200: contactReplyPage, ...errors } },
    },
    async (req) => listContactReplies(db, ctxOf(req), req.query),
  );
  app.post(
    '/line/contacts/:id/replies',
    {
      config: { permission: { screen: 'replay_customer', action: 'create' } },
      schema: { tags, params: idParam, body: contactReplyBody, response: { 200: contactReplySchema, ...sendErrors } },
    },
    async (req) => replyContact(db, ctxOf(req), config, req.params.id, req.body.content),
  );

  // ---- a customer's LINE link (the customer detail panel) ----
  const linkPath = '/line/customers/:customerId/link';
  const linkSchema = { tags, params: customerIdParam, response: { 200: customerLinkSchema, ...errors } };
  app.get(linkPath, { config: { permission: { screen: 'Customer', action: 'view' } }, schema: linkSchema }, async (req) =>
    getCustomerLink(db, ctxOf(req), req.params.customerId),
  );
  app.post(`${linkPath}/code`, { config: { permission: { screen: 'Customer', action: 'edit' } }, schema: linkSchema }, async (req) =>
    makeLinkCode(db, ctxOf(req), req.params.customerId),
  );
  app.put(
    linkPath,
    { config: { permission: { screen: 'Customer', action: 'edit' } }, schema: { ...linkSchema, body: customerLinkBody } },
    async (req) => saveCustomerLink(db, ctxOf(req), req.params.customerId, req.body),
  );
  app.delete(linkPath, { config: { permission: { screen: 'Customer', action: 'edit' } }, schema: linkSchema }, async (req) =>
    unlinkCustomer(db, ctxOf(req), req.params.customerId),
  );

  // ---- an order link opened from LINE: what /addOrder prefills (public, sealed token) ----
  app.get(
    '/public/line-order/:token',
    {
      config: { permission: 'public', rateLimit: { max: config.publicOrderRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        security: [],
        params: lineOrderTokenParam,
        response: { 200: lineOrderPrefillSchema, 404: errorBody, 429: errorBody },
      },
    },
    async (req) => lineOrderPrefill(db, config, req.params.token),
  );

  // ---- the privacy policy and terms pages: how long chat data is kept after the service ends ----
  app.get(
    '/public/chat-retention',
    { config: { permission: 'public' }, schema: { tags: ['public'], security: [], response: { 200: chatRetentionSchema } } },
    async () => ({ months: Math.round(await getParamNumber(db, null, 'CHAT_RETENTION_MONTHS')) }),
  );
};
