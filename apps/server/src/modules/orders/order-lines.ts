import { eq } from 'drizzle-orm';
import type { CylinderOpKind } from '@gasops/shared';
import type { Executor } from '../../platform/db.js';
import { cylinderOperations, orderProductLines, orderServiceLines } from './orders.schema.js';

/** An order's lines as priced, before they have an order to belong to. */
export type OrderLines = {
  products: { productId: number; productName: string; unitPrice: number; quantity: number; amount: number }[];
  services: { content: string; amount: number }[];
  cylinders: { kind: CylinderOpKind; opDate: string; gas: string; quantity: number; unitPrice: number; amount: number }[];
};

/** The order a line belongs to (its tenancy columns and, for cylinder operations, its customer). */
type LineOwner = { id: number; groupId: number; storeId: number; customerId: number | null };

/** Writes an order's lines (one statement per kind that has lines) and answers the rows as stored. */
export async function insertLines(tx: Executor, order: LineOwner, lines: OrderLines) {
  const base = { orderId: order.id, groupId: order.groupId, storeId: order.storeId };
  const products = lines.products.length
    ? await tx
        .insert(orderProductLines)
        .values(lines.products.map((l) => ({ ...base, ...l })))
        .returning()
    : [];
  const services = lines.services.length
    ? await tx
        .insert(orderServiceLines)
        .values(lines.services.map((l) => ({ ...base, ...l })))
        .returning()
    : [];
  const cylinders = lines.cylinders.length
    ? await tx
        .insert(cylinderOperations)
        .values(lines.cylinders.map((l) => ({ ...base, customerId: order.customerId, ...l })))
        .returning()
    : [];
  return { products, services, cylinders };
}

/** Removes an order's lines (before an edit writes its new ones). */
export async function deleteLines(tx: Executor, orderId: number) {
  await tx.delete(orderProductLines).where(eq(orderProductLines.orderId, orderId));
  await tx.delete(orderServiceLines).where(eq(orderServiceLines.orderId, orderId));
  await tx.delete(cylinderOperations).where(eq(cylinderOperations.orderId, orderId));
}
