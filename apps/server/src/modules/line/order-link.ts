import { and, eq } from 'drizzle-orm';
import { ORDER_LINK_HOURS, type LineOrderPrefill } from '@gasops/shared';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { openSecret, sealSecret } from '../../platform/secret-box.js';
import { customers } from '../customers/customers.schema.js';
import type { LineConfig } from './line-access.js';
import { lineCustomerLinks } from './line.schema.js';

/**
 * Order links: without LINE Login the public page cannot know who opens it, so a linked customer gets a
 * link carrying a sealed token (secret-box.ts, AES-256-GCM, its own purpose): the link's id, the customer
 * and an expiry, unreadable and unforgeable without the server's key. It only prefills /addOrder for
 * that one customer, until it expires (ORDER_LINK_HOURS) or the customer is unlinked; the order itself
 * goes through the public order API like any other (matched to the customer by phone and store).
 */
const PURPOSE = 'line.order.link';
type TokenBody = { l: number; c: number; e: number };

export async function orderLinkToken(
  db: Executor,
  config: LineConfig,
  linkId: number,
  customerId: number,
  now = new Date(),
): Promise<string> {
  const body: TokenBody = { l: linkId, c: customerId, e: now.getTime() + ORDER_LINK_HOURS * 3_600_000 };
  return sealSecret(db, config, JSON.stringify(body), PURPOSE);
}

/** The address of the public order page with a token, on the server LINE reached (null when unknown yet). */
export const orderLinkUrl = (origin: string | null, token: string): string | null =>
  origin ? `${origin}/addOrder?line=${encodeURIComponent(token)}` : null;

/** GET /api/public/line-order/:token: the customer an order link prefills, or 404 (bad, expired, unlinked). */
export async function lineOrderPrefill(db: Executor, config: LineConfig, token: string, now = new Date()): Promise<LineOrderPrefill> {
  let body: TokenBody;
  try {
    body = JSON.parse(await openSecret(db, config, token, PURPOSE)) as TokenBody;
  } catch {
    throw notFound();
  }
  if (!Number.isInteger(body.l) || !Number.isInteger(body.c) || !(body.e > now.getTime())) throw notFound();
  const [row] = await db
    .select({ storeId: customers.storeId, name: customers.name, phone: customers.phone, address: customers.address })
    .from(lineCustomerLinks)
    .innerJoin(customers, eq(customers.id, lineCustomerLinks.customerId))
    .where(and(eq(lineCustomerLinks.id, body.l), eq(lineCustomerLinks.customerId, body.c)));
  if (!row) throw notFound();
  return {
    storeId: row.storeId,
    name: row.name,
    phone: row.phone ?? '',
    address: row.address ?? '',
    expiresAt: new Date(body.e).toISOString(),
  };
}
