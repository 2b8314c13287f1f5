/**
 * The LINE vocabulary (line.ts has the request schemas and the FAQ matching): no zod here, so a list screen
 * that labels or filters FAQ statuses, room kinds or contact sources loads neither the schemas nor zod (issue 16).
 */

/** Seed §4: FAQ maintained / not maintained / pending. Only a maintained FAQ answers by itself. */
export const FAQ_STATUSES = ['maintained', 'notMaintained', 'pending'] as const;
export type FaqStatus = (typeof FAQ_STATUSES)[number];
/** How an FAQ keyword is compared with a customer's message. */
export const FAQ_MATCH_MODES = ['exact', 'contains', 'startsWith'] as const;
export type FaqMatchMode = (typeof FAQ_MATCH_MODES)[number];
/** LINE event sources: a user who follows the account, a group or a multi-person room it is in. */
export const LINE_ROOM_KINDS = ['user', 'group', 'room'] as const;
export type LineRoomKind = (typeof LINE_ROOM_KINDS)[number];
/** How a message went: received, answered by an FAQ, or sent by staff (with the reply token or a push). */
export const LINE_MESSAGE_DIRECTIONS = ['in', 'out'] as const;
export type LineMessageDirection = (typeof LINE_MESSAGE_DIRECTIONS)[number];
export const LINE_SEND_MODES = ['reply', 'push'] as const;
export type LineSendMode = (typeof LINE_SEND_MODES)[number];
/** Where a contact record came from: an unanswered LINE question, or typed in by staff. */
export const CONTACT_SOURCES = ['line', 'staff'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

/**
 * A reply token is single-use and short-lived (DOMAIN.md: use within ~50 s, failures seen after ~30 s).
 * GasOps replies with it only while it is younger than this, and pushes (with a retry key) after.
 */
export const REPLY_TOKEN_FRESH_SECONDS = 25;
/** LINE takes 1–5 messages per request and up to 5,000 characters per text message. */
export const LINE_TEXT_MAX = 5000;
