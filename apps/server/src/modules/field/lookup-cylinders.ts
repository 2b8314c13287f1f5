import type { z } from 'zod';
import type { FieldCylinder, FieldCylinderLookup, fieldCylinderQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { inspectionDayOf } from '../cylinders/index.js';
import { cylindersByCodes, toFieldCylinder } from './field-cylinders.js';

/** The caller's store group (a phone works for one); the platform administrator has none here. */
export function groupOfUser(ctx: Ctx): number {
  if (ctx.user.groupId === null) throw notFound();
  return ctx.user.groupId;
}

/**
 * What a phone needs to check scanned codes: each known cylinder of the caller's group (a truck
 * carries cylinders of any store of the group) with its tare, place, fill and inspection status, and
 * the codes that match none ("no matching field"). Another group's codes are unknown.
 */
export async function lookupCylinders(db: Executor, ctx: Ctx, q: z.output<typeof fieldCylinderQuery>): Promise<FieldCylinderLookup> {
  const groupId = groupOfUser(ctx);
  const codes = [...new Set(q.codes)];
  const found = await cylindersByCodes(db, groupId, codes);
  const day = await inspectionDayOf(db, groupId);
  const items = new Map<number, FieldCylinder>();
  for (const code of codes) {
    const c = found.get(code);
    if (c && !items.has(c.id)) items.set(c.id, toFieldCylinder(c, day));
  }
  return { items: [...items.values()], unknown: codes.filter((c) => !found.has(c)) };
}

/** One cylinder by its code; 404 when no cylinder of the caller's group has it. */
export async function lookupCylinder(db: Executor, ctx: Ctx, code: string): Promise<FieldCylinder> {
  const groupId = groupOfUser(ctx);
  const c = (await cylindersByCodes(db, groupId, [code])).get(code);
  if (!c) throw notFound();
  return toFieldCylinder(c, await inspectionDayOf(db, groupId));
}
