import { z } from 'zod';
import { DEFAULT_LOCALE, type Locale } from './locales.js';
import {
  CONTACT_SOURCES,
  FAQ_MATCH_MODES,
  FAQ_STATUSES,
  LINE_ROOM_KINDS,
  LINE_TEXT_MAX,
  REPLY_TOKEN_FRESH_SECONDS,
  type FaqMatchMode,
  type FaqStatus,
} from './line-vocabulary.js';
import { blankAsMissing, idSchema, noControlChars, optionalText, pageQuery, requiredText, V } from './validation.js';

/**
 * Customer service over LINE (issue 15, docs/LINE.md): the vocabulary and rules of chat rooms, FAQ
 * auto-replies, contacts and their replies, written once for the server and the (coming) screens.
 */

const k = (name: string) => `line.validation.${name}`;
/** The LINE module's own validation messages (i18n/line.ts); the seed §5 ones are in `V`. */
export const LINE_RULE = {
  channelId: k('channelId'),
  secretRequired: k('secretRequired'),
  tokenRequired: k('tokenRequired'),
  keyword: k('keyword'),
  reply: k('reply'),
  text: k('text'),
  content: k('content'),
} as const;

/**
 * The GasOps language of a LINE user's profile language (BCP 47, e.g. `ja`, `zh-TW`, `zh-Hans`, `en`): what
 * the texts sent to them are written in. Traditional Chinese when LINE says nothing or a language GasOps lacks.
 */
export function lineLocaleOf(language: string | null | undefined): Locale {
  const tag = (language ?? '').toLowerCase();
  if (tag.startsWith('ja')) return 'ja-JP';
  if (tag.startsWith('ms')) return 'ms-MY';
  if (tag.startsWith('en')) return 'en-US';
  if (tag === 'zh-cn' || tag === 'zh-sg' || tag.startsWith('zh-hans')) return 'zh-CN';
  return DEFAULT_LOCALE;
}

// The LINE vocabulary (FAQ statuses and match modes, room kinds, contact sources, the text limit) is in
// line-vocabulary.ts, without zod.
export * from './line-vocabulary.js';

/** Is a reply token received at `receivedAt` still worth using at `now`? */
export function replyTokenFresh(receivedAt: Date, now: Date = new Date()): boolean {
  const age = now.getTime() - receivedAt.getTime();
  return age >= 0 && age < REPLY_TOKEN_FRESH_SECONDS * 1000;
}

/** Compares texts as a customer means them: full-width/half-width folded (NFKC), case and outer spaces ignored. */
export function normalizeFaqText(s: string): string {
  return s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export type FaqCandidate = {
  id: number;
  keyword: string;
  matchMode: FaqMatchMode;
  priority: number;
  status: FaqStatus;
  /** null: every room of the group; else only this room. */
  roomId: number | null;
};

export function faqMatches(faq: Pick<FaqCandidate, 'keyword' | 'matchMode'>, text: string): boolean {
  const key = normalizeFaqText(faq.keyword);
  const msg = normalizeFaqText(text);
  if (key === '') return false;
  if (faq.matchMode === 'exact') return msg === key;
  if (faq.matchMode === 'startsWith') return msg.startsWith(key);
  return msg.includes(key);
}

const MODE_RANK: Record<FaqMatchMode, number> = { exact: 0, startsWith: 1, contains: 2 };

/**
 * The FAQ that answers a message in a room, or null. Only maintained FAQs of all rooms or of this room
 * take part; the highest priority wins; on equal priority a room's own FAQ beats an all-rooms one, an
 * exact match beats starts-with beats contains, a longer keyword beats a shorter one, then the lower id.
 */
export function matchFaq<T extends FaqCandidate>(faqs: readonly T[], text: string, roomId: number | null): T | null {
  let best: T | null = null;
  for (const f of faqs) {
    if (f.status !== 'maintained') continue;
    if (f.roomId !== null && f.roomId !== roomId) continue;
    if (!faqMatches(f, text)) continue;
    if (!best || compareFaq(f, best) < 0) best = f;
  }
  return best;
}

function compareFaq(a: FaqCandidate, b: FaqCandidate): number {
  return (
    b.priority - a.priority ||
    (a.roomId === null ? 1 : 0) - (b.roomId === null ? 1 : 0) ||
    MODE_RANK[a.matchMode] - MODE_RANK[b.matchMode] ||
    normalizeFaqText(b.keyword).length - normalizeFaqText(a.keyword).length ||
    a.id - b.id
  );
}

// ---- request schemas ----

const secretText = (message: string) =>
  noControlChars(z.string({ error: message }).trim().max(500, { error: V.tooLong }))
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * A LINE channel of the store group (or of one store). The secret and the access token are write-only:
 * required when the channel is created, and on an update an absent or empty one keeps the stored one.
 */
export const lineChannelBody = z.object({
  name: requiredText(60),
  storeId: blankAsMissing(idSchema.nullable())
    .nullish()
    .transform((v) => v ?? null),
  channelId: z
    .string({ error: LINE_RULE.channelId })
    .trim()
    .regex(/^\d{6,20}$/, { error: LINE_RULE.channelId }),
  channelSecret: secretText(LINE_RULE.secretRequired),
  accessToken: secretText(LINE_RULE.tokenRequired),
  /** Only the platform administrator names the group. */
  groupId: blankAsMissing(idSchema).optional(),
});
export type LineChannelBody = z.input<typeof lineChannelBody>;

export const lineRoomQuery = pageQuery.extend({
  storeId: blankAsMissing(idSchema).optional(),
  kind: z.enum(LINE_ROOM_KINDS, { error: V.invalid }).optional(),
});
export type LineRoomQuery = z.input<typeof lineRoomQuery>;

export const lineRoomBody = z.object({
  staffHandling: z.boolean({ error: V.invalid }),
  storeId: blankAsMissing(idSchema.nullable())
    .nullish()
    .transform((v) => v ?? null),
});
export type LineRoomBody = z.input<typeof lineRoomBody>;

export const lineMessageQuery = z.object({
  page: pageQuery.shape.page,
  pageSize: pageQuery.shape.pageSize,
});

/** A staff member's message to a room. */
export const lineSendBody = z.object({ text: requiredText(LINE_TEXT_MAX, LINE_RULE.text) });
export type LineSendBody = z.infer<typeof lineSendBody>;

export const faqQuery = pageQuery.extend({
  status: z.enum(FAQ_STATUSES, { error: V.invalid }).optional(),
});
export type FaqQuery = z.input<typeof faqQuery>;

export const faqBody = z
  .object({
    keyword: requiredText(100, LINE_RULE.keyword),
    reply: optionalText(LINE_TEXT_MAX),
    matchMode: z.enum(FAQ_MATCH_MODES, { error: V.invalid }).default('contains'),
    priority: z.number({ error: V.integer }).int({ error: V.integer }).min(0, { error: V.min }).max(1000, { error: V.max }).default(0),
    status: z.enum(FAQ_STATUSES, { error: V.invalid }).default('maintained'),
    /** The LINE group the FAQ answers in: null = all rooms. */
    roomId: blankAsMissing(idSchema.nullable())
      .nullish()
      .transform((v) => v ?? null),
    groupId: blankAsMissing(idSchema).optional(),
  })
  // A FAQ that answers by itself needs an answer.
  .refine((b) => b.status !== 'maintained' || (b.reply ?? '') !== '', { path: ['reply'], error: LINE_RULE.reply });
export type FaqBody = z.input<typeof faqBody>;

export const contactQuery = pageQuery.extend({
  storeId: blankAsMissing(idSchema).optional(),
  /** Only contacts nobody has replied to yet. */
  unanswered: z
    .enum(['true', 'false'], { error: V.invalid })
    .optional()
    .transform((v) => v === 'true'),
  source: z.enum(CONTACT_SOURCES, { error: V.invalid }).optional(),
  /** Reported on these days of the store group (both included). */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalid })
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalid })
    .optional(),
});
export type ContactQuery = z.input<typeof contactQuery>;

/** A contact typed in by staff (a phone call, a visit). */
export const contactBody = z.object({
  storeId: blankAsMissing(idSchema.nullable())
    .nullish()
    .transform((v) => v ?? null),
  reporter: requiredText(60),
  content: requiredText(2000, LINE_RULE.content),
  groupId: blankAsMissing(idSchema).optional(),
});
export type ContactBody = z.input<typeof contactBody>;

export const contactReplyBody = z.object({ content: requiredText(LINE_TEXT_MAX, LINE_RULE.content) });
export type ContactReplyBody = z.infer<typeof contactReplyBody>;

export const contactReplyQuery = pageQuery.extend({
  contactId: blankAsMissing(idSchema).optional(),
});

/** The `:channel` of the webhook URL: the channel's random webhook key. */
export const lineWebhookParam = z.object({ channel: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

// ---- customer linking and notices (docs/LINE.md "Customer linking") ----

/** A link code: 8 characters of 31 without look-alikes (0/O, 1/I/L): about 40 bits, random. */
export const LINK_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const LINK_CODE_LENGTH = 8;
/** A link code is valid this long after staff made it. */
export const LINK_CODE_DAYS = 7;
/** An order link sent in the chat opens /addOrder prefilled for this long. */
export const ORDER_LINK_HOURS = 24;
/**
 * Words a customer may put before the code ("link AB3D5FGH"), and words that ask for an order link
 * ("order"), in the five languages; compared after `normalizeFaqText`.
 */
export const LINK_WORDS = ['link', '綁定', '绑定', '連携', 'リンク', 'pautan'] as const;
export const ORDER_WORDS = ['order', '訂購', '订购', '叫瓦斯', '注文', 'pesan'] as const;

/** What a customer may send to start linking from the chat: a link word and their phone number (9–15 digits: never
 * an 8-character code, and every Taiwanese number with its area code). */
const LINK_PHONE = /^\+?[\d\s()-]{8,24}$/;
/** Link requests by phone a LINE user may make in 24 hours (each one may make staff call a customer). */
export const LINK_REQUESTS_PER_DAY = 3;

/** A chat text read for linking: a code (`explicit` when a link word came first) or a phone number after a link word. */
export type LinkText = { kind: 'code'; code: string; explicit: boolean } | { kind: 'phone'; phone: string };

/**
 * A chat text read as a link code: `{code, explicit}` (explicit: it started with a link word, so a
 * code that does not exist is answered as wrong), or, after a link word, a phone number (`{phone}`,
 * its digits: the shop then calls that phone with a code), or null when it is neither.
 * Spaces and hyphens inside the code are ignored, full-width letters folded, case ignored.
 */
export function parseLinkText(text: string): LinkText | null {
  let rest = normalizeFaqText(text);
  let explicit = false;
  for (const w of LINK_WORDS)
    if (rest.startsWith(w)) {
      rest = rest.slice(w.length).replace(/^[\s:：]+/, '');
      explicit = true;
      break;
    }
  if (explicit && LINK_PHONE.test(rest)) {
    const phone = rest.replace(/\D/g, '');
    if (phone.length >= 9 && phone.length <= 15) return { kind: 'phone', phone };
  }
  const code = rest.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== LINK_CODE_LENGTH || [...code].some((c) => !LINK_CODE_ALPHABET.includes(c)))
    return explicit ? { kind: 'code', code, explicit } : null;
  return { kind: 'code', code, explicit };
}

/** Does a chat text ask for an order link? */
export const asksForOrderLink = (text: string): boolean => (ORDER_WORDS as readonly string[]).includes(normalizeFaqText(text));

/** What a linked customer is told on LINE, each switchable per customer. */
export const LINE_NOTICE_KINDS = ['orderDispatched', 'orderDelivered', 'lowGas'] as const;
export type LineNoticeKind = (typeof LINE_NOTICE_KINDS)[number];
export const LINE_NOTICE_STATUSES = ['pending', 'sent', 'failed'] as const;
export type LineNoticeStatus = (typeof LINE_NOTICE_STATUSES)[number];

/** The two switches of a linked customer: order status (dispatched, delivered) and low gas. */
export const customerLinkBody = z.object({
  notifyOrders: z.boolean({ error: V.invalid }),
  notifyLowGas: z.boolean({ error: V.invalid }),
});
export type CustomerLinkBody = z.infer<typeof customerLinkBody>;

export const customerIdParam = z.object({ customerId: idSchema });
/** The token of an order link (`/addOrder?line=<token>`): a sealed value, opaque to the page. */
export const lineOrderTokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_.-]{20,400}$/) });
