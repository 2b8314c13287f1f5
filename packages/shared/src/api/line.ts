import { z } from 'zod';
import {
  CONTACT_SOURCES,
  FAQ_MATCH_MODES,
  FAQ_STATUSES,
  LINE_MESSAGE_DIRECTIONS,
  LINE_ROOM_KINDS,
  LINE_SEND_MODES,
} from '../line-vocabulary.js';
import { paged } from '../validation.js';
import { int, timestamp } from './answers.js';

/** A LINE channel as answered: never its secret or access token, only whether they are set. */
export const lineChannelSchema = z.object({
  id: int,
  groupId: int,
  storeId: int.nullable(),
  name: z.string(),
  channelId: z.string(),
  hasSecret: z.boolean(),
  hasAccessToken: z.boolean(),
  /** The path to paste (after the server's public address) into the LINE console's webhook URL. */
  webhookPath: z.string(),
  /** When the group's LINE service on this channel ended (retention counts from here); null in service. */
  endedAt: timestamp.nullable(),
  updatedAt: timestamp,
});
export type LineChannel = z.infer<typeof lineChannelSchema>;
export const lineChannelList = z.object({ items: z.array(lineChannelSchema) });

/** "Test connection": the bot's own name and this month's push quota, or why it failed. */
export const lineChannelTestSchema = z.object({
  ok: z.boolean(),
  botName: z.string().nullable(),
  quota: int.nullable(),
  used: int.nullable(),
  /** Pushes GasOps sent on this channel this month (staff messages, FAQ answers by push, notices). */
  pushedByGasops: int,
  /** The HTTP status LINE answered when it failed (401: bad access token), null when unreachable. */
  status: int.nullable(),
});
export type LineChannelTest = z.infer<typeof lineChannelTestSchema>;

/** What the webhook answers LINE (which ignores the body): how many events were new. */
export const lineWebhookAnswerSchema = z.object({ received: int });

export const lineRoomSchema = z.object({
  id: int,
  channelId: int,
  storeId: int.nullable(),
  lineId: z.string(),
  kind: z.enum(LINE_ROOM_KINDS),
  name: z.string().nullable(),
  active: z.boolean(),
  staffHandling: z.boolean(),
  lastMessageAt: timestamp.nullable(),
  lastText: z.string().nullable(),
  createdAt: timestamp,
});
export type LineRoom = z.infer<typeof lineRoomSchema>;
export const lineRoomPage = paged(lineRoomSchema);
export type LineRoomPage = z.infer<typeof lineRoomPage>;

export const lineMessageSchema = z.object({
  id: int,
  roomId: int,
  direction: z.enum(LINE_MESSAGE_DIRECTIONS),
  /** The sender in a group (LINE gives it only sometimes), null for the account's own messages. */
  lineUserId: z.string().nullable(),
  messageType: z.string(),
  text: z.string().nullable(),
  /** How an outgoing message was sent. */
  sentVia: z.enum(LINE_SEND_MODES).nullable(),
  faqId: int.nullable(),
  sentBy: z.string().nullable(),
  createdAt: timestamp,
});
export type LineMessage = z.infer<typeof lineMessageSchema>;
export const lineMessagePage = paged(lineMessageSchema);
export type LineMessagePage = z.infer<typeof lineMessagePage>;

export const faqSchema = z.object({
  id: int,
  groupId: int,
  keyword: z.string(),
  reply: z.string(),
  matchMode: z.enum(FAQ_MATCH_MODES),
  priority: int,
  status: z.enum(FAQ_STATUSES),
  roomId: int.nullable(),
  roomName: z.string().nullable(),
  /** Seed §3 "maintenance time": when the FAQ was last saved by staff. */
  maintainedAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type Faq = z.infer<typeof faqSchema>;
export const faqPage = paged(faqSchema);
export type FaqPage = z.infer<typeof faqPage>;

export const contactSchema = z.object({
  id: int,
  groupId: int,
  storeId: int.nullable(),
  storeName: z.string().nullable(),
  source: z.enum(CONTACT_SOURCES),
  roomId: int.nullable(),
  reporter: z.string(),
  reportedAt: timestamp,
  content: z.string(),
  replies: int,
  lastReplyAt: timestamp.nullable(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactPage = paged(contactSchema);
export type ContactPage = z.infer<typeof contactPage>;

export const contactReplySchema = z.object({
  id: int,
  contactId: int,
  replier: z.string(),
  repliedAt: timestamp,
  content: z.string(),
  /** How the reply reached the customer on LINE; null for a contact typed in by staff. */
  sentVia: z.enum(LINE_SEND_MODES).nullable(),
});
export type ContactReply = z.infer<typeof contactReplySchema>;
export const contactReplyPage = paged(contactReplySchema);
export type ContactReplyPage = z.infer<typeof contactReplyPage>;

export const lineDone = z.object({ ok: z.literal(true) });

/** A customer's LINE link as the customer detail panel shows it. */
export const customerLinkSchema = z.object({
  customerId: int,
  /** Linked: the LINE user's display name (null when LINE gave none) and the two switches. */
  linked: z.boolean(),
  lineName: z.string().nullable(),
  linkedAt: timestamp.nullable(),
  notifyOrders: z.boolean(),
  notifyLowGas: z.boolean(),
  /** The newest unused, unexpired link code staff made, to hand to the customer. */
  code: z.string().nullable(),
  codeExpiresAt: timestamp.nullable(),
  /** Whether the group has a LINE channel in service (else a code cannot be used). */
  channelReady: z.boolean(),
  /**
   * Open requests from LINE users who sent this customer's phone in the chat, newest first: staff call
   * the customer's phone and give them a code.
   */
  requests: z.array(z.object({ lineName: z.string().nullable(), phone: z.string(), requestedAt: timestamp })),
});
export type CustomerLink = z.infer<typeof customerLinkSchema>;

/** What an order link prefills on /addOrder: that one customer's store and contact details. */
export const lineOrderPrefillSchema = z.object({
  storeId: int,
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  expiresAt: timestamp,
});
export type LineOrderPrefill = z.infer<typeof lineOrderPrefillSchema>;

/** The public legal pages' retention period: the platform's CHAT_RETENTION_MONTHS. */
export const chatRetentionSchema = z.object({ months: int });
export type ChatRetention = z.infer<typeof chatRetentionSchema>;
