import { bigserial, bigint, boolean, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import type {
  ContactSource,
  LineNoticeKind,
  LineNoticeStatus,
  FaqMatchMode,
  FaqStatus,
  LineMessageDirection,
  LineRoomKind,
  LineSendMode,
} from '@gasops/shared';
import { timestampTz } from '../../platform/columns.js';

/** Drizzle view of migrations/0800_line.sql, 0801–0804 (the SQL files are the source of truth). */

export const lineChannels = pgTable('line_channels', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id'),
  name: text('name').notNull(),
  channelId: text('channel_id').notNull(),
  secretEnc: text('secret_enc').notNull(),
  tokenEnc: text('token_enc').notNull(),
  webhookKey: text('webhook_key').notNull(),
  endedAt: timestampTz('ended_at'),
  publicOrigin: text('public_origin'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const lineEvents = pgTable('line_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channelId: integer('channel_id').notNull(),
  webhookEventId: text('webhook_event_id').notNull(),
  type: text('type').notNull(),
  isRedelivery: boolean('is_redelivery').notNull().default(false),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  receivedAt: timestampTz('received_at').notNull().defaultNow(),
  handledAt: timestampTz('handled_at'),
  handlingSince: timestampTz('handling_since'),
  error: text('error'),
});

export const lineRooms = pgTable('line_rooms', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  channelId: integer('channel_id').notNull(),
  storeId: integer('store_id'),
  lineId: text('line_id').notNull(),
  kind: text('kind').$type<LineRoomKind>().notNull(),
  name: text('name'),
  // migrations/0802_line_room_language.sql: the user's profile language (texts to them are written in it).
  language: text('language'),
  active: boolean('active').notNull().default(true),
  staffHandling: boolean('staff_handling').notNull().default(false),
  lastMessageAt: timestampTz('last_message_at'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const lineFaqs = pgTable('line_faqs', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  keyword: text('keyword').notNull(),
  reply: text('reply').notNull().default(''),
  matchMode: text('match_mode').$type<FaqMatchMode>().notNull().default('contains'),
  priority: integer('priority').notNull().default(0),
  status: text('status').$type<FaqStatus>().notNull().default('maintained'),
  roomId: integer('room_id'),
  maintainedAt: timestampTz('maintained_at'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const lineMessages = pgTable('line_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  groupId: integer('group_id').notNull(),
  roomId: integer('room_id').notNull(),
  direction: text('direction').$type<LineMessageDirection>().notNull(),
  lineUserId: text('line_user_id'),
  lineMessageId: text('line_message_id'),
  messageType: text('message_type').notNull(),
  text: text('text'),
  replyToken: text('reply_token'),
  replyTokenAt: timestampTz('reply_token_at'),
  replyTokenUsedAt: timestampTz('reply_token_used_at'),
  sentVia: text('sent_via').$type<LineSendMode>(),
  faqId: integer('faq_id'),
  sentBy: integer('sent_by'),
  retryKey: uuid('retry_key'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

export const lineContacts = pgTable('line_contacts', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id'),
  source: text('source').$type<ContactSource>().notNull(),
  roomId: integer('room_id'),
  messageId: bigint('message_id', { mode: 'number' }),
  reporter: text('reporter').notNull(),
  reportedAt: timestampTz('reported_at').notNull().defaultNow(),
  content: text('content').notNull(),
  createdBy: integer('created_by'),
});

export const lineContactReplies = pgTable('line_contact_replies', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  contactId: integer('contact_id').notNull(),
  replierId: integer('replier_id').notNull(),
  repliedAt: timestampTz('replied_at').notNull().defaultNow(),
  content: text('content').notNull(),
  sentVia: text('sent_via').$type<LineSendMode>(),
  messageId: bigint('message_id', { mode: 'number' }),
});

// migrations/0801_line_links.sql: customer linking and notices.

export const lineLinkCodes = pgTable('line_link_codes', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  customerId: integer('customer_id').notNull(),
  code: text('code').notNull(),
  expiresAt: timestampTz('expires_at').notNull(),
  usedAt: timestampTz('used_at'),
  createdBy: integer('created_by'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

export const lineLinkRequests = pgTable('line_link_requests', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  roomId: integer('room_id').notNull(),
  customerId: integer('customer_id'),
  phone: text('phone').notNull(),
  requestedAt: timestampTz('requested_at').notNull().defaultNow(),
  doneAt: timestampTz('done_at'),
});

export const lineCustomerLinks = pgTable('line_customer_links', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  customerId: integer('customer_id').notNull(),
  roomId: integer('room_id').notNull(),
  notifyOrders: boolean('notify_orders').notNull().default(true),
  notifyLowGas: boolean('notify_low_gas').notNull().default(true),
  linkedAt: timestampTz('linked_at').notNull().defaultNow(),
});

export const lineNotices = pgTable('line_notices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  groupId: integer('group_id').notNull(),
  customerId: integer('customer_id').notNull(),
  kind: text('kind').$type<LineNoticeKind>().notNull(),
  sourceId: bigint('source_id', { mode: 'number' }).notNull(),
  roomId: integer('room_id').notNull(),
  text: text('text').notNull(),
  retryKey: uuid('retry_key').notNull(),
  status: text('status').$type<LineNoticeStatus>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  error: text('error'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  sentAt: timestampTz('sent_at'),
});
