import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { ProofFile } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { groupScope, storeScope } from '../../platform/tenancy.js';
import { fieldActions, inspections } from './field.schema.js';

const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp' };

/** A stored proof file to stream: its absolute path, type and size. */
export type ProofFileAnswer = { file: string; type: string; size: number };

/**
 * The signature or photo kept with an inspection (`inspection`) or a phone's action (`action`, a
 * delivery's proof), for the back office. 404 when the row is another tenant's or outside the
 * caller's stores, when it has no such file, or when the file is gone from DATA_DIR.
 */
export async function getProofFile(
  db: Executor,
  ctx: Ctx,
  dataDir: string,
  of: 'inspection' | 'action',
  id: number,
  which: ProofFile,
): Promise<ProofFileAnswer> {
  const [row] =
    of === 'inspection'
      ? await db
          .select({ signature: inspections.signaturePath, photo: inspections.photoPath })
          .from(inspections)
          .where(and(eq(inspections.id, id), groupScope(ctx, inspections.groupId), storeScope(ctx, inspections.storeId)))
      : await db
          .select({ signature: fieldActions.signaturePath, photo: fieldActions.photoPath })
          .from(fieldActions)
          .where(and(eq(fieldActions.id, id), groupScope(ctx, fieldActions.groupId), storeScope(ctx, fieldActions.storeId)));
  const relative = row?.[which];
  if (!relative) throw notFound();
  // Paths are written by store-proof.ts under DATA_DIR/field/; refuse anything that would leave it.
  const root = path.resolve(dataDir, 'field');
  const file = path.resolve(dataDir, relative);
  const type = TYPES[path.extname(file).toLowerCase()];
  if (!file.startsWith(root + path.sep) || !type) throw notFound();
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw notFound();
  return { file, type, size: stat.size };
}
