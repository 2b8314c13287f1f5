import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_IMAGE_BYTES, type cylinderImageBody } from '@gasops/shared';
import { updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { invalidField, notFound } from '../../platform/errors.js';
import { assertStore } from '../../platform/tenancy.js';
import { cylinders } from './cylinders.schema.js';
import { loadCylinder } from './save-cylinder.js';

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
/** The longest side of a thumbnail (px): what the registry lists show. */
export const THUMBNAIL_PX = 160;

/** Where a photo's thumbnail lives: beside the photo (`<name>.thumb.webp`). */
export const thumbnailPath = (imagePath: string) => imagePath.replace(/\.[a-z]+$/, '') + '.thumb.webp';

/**
 * A WebP thumbnail (longest side THUMBNAIL_PX, turned upright by its EXIF orientation) with sharp;
 * null when the bytes are not an image sharp can read.
 */
export async function makeThumbnail(bytes: Buffer): Promise<Buffer | null> {
  const { default: sharp } = await import('sharp'); // with the first photo, not at start
  try {
    return await sharp(bytes)
      .rotate()
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Whether the bytes are what the declared type says (its magic number), so nothing else is stored as an image. */
function isImage(bytes: Buffer, type: keyof typeof EXTENSIONS): boolean {
  if (type === 'image/jpeg') return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (type === 'image/png') return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
}

/**
 * Stores a cylinder's photo under DATA_DIR/cylinders/<group>/ with its thumbnail beside it (the
 * previous ones are removed) and records its path. Bytes that are not a readable image of the
 * declared type are a 400 on `data`.
 */
export async function saveCylinderImage(
  db: Db,
  ctx: Ctx,
  dataDir: string,
  id: number,
  body: z.output<typeof cylinderImageBody>,
): Promise<{ hasImage: true; contentType: keyof typeof EXTENSIONS; bytes: number }> {
  const bytes = Buffer.from(body.data, 'base64');
  if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES || !isImage(bytes, body.contentType))
    throw invalidField('data', 'cylinders.error.imageInvalid');
  const thumbnail = await makeThumbnail(bytes);
  if (!thumbnail) throw invalidField('data', 'cylinders.error.imageInvalid');
  const old = await db.transaction(async (tx) => {
    const c = await loadCylinder(tx, ctx, id);
    const relative = path.join(
      'cylinders',
      String(c.groupId),
      `${c.id}-${crypto.randomBytes(6).toString('hex')}.${EXTENSIONS[body.contentType]}`,
    );
    const file = path.join(dataDir, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
    await fs.writeFile(path.join(dataDir, thumbnailPath(relative)), thumbnail);
    await updateAudited(tx, ctx, cylinders, id, { imagePath: relative, imageType: body.contentType, updatedAt: new Date() });
    return c.imagePath;
  });
  if (old) {
    await fs.rm(path.join(dataDir, old), { force: true });
    await fs.rm(path.join(dataDir, thumbnailPath(old)), { force: true });
  }
  return { hasImage: true, contentType: body.contentType, bytes: bytes.length };
}

/**
 * A cylinder's photo (its bytes and type), or its thumbnail (WebP; made from the photo and kept
 * when missing, e.g. for photos stored before thumbnails existed); 404 when it has none or is
 * another tenant's.
 */
export async function readCylinderImage(
  db: Executor,
  ctx: Ctx,
  dataDir: string,
  id: number,
  size: 'full' | 'thumb' = 'full',
): Promise<{ type: string; bytes: Buffer }> {
  const [c] = await db
    .select({ storeId: cylinders.storeId, imagePath: cylinders.imagePath, imageType: cylinders.imageType })
    .from(cylinders)
    .where(and(eq(cylinders.id, id), isNull(cylinders.deletedAt)));
  if (!c) throw notFound();
  assertStore(ctx, c.storeId);
  if (!c.imagePath || !c.imageType) throw notFound('cylinders.error.noImage');
  const root = path.resolve(dataDir);
  const file = path.resolve(root, c.imagePath);
  if (!file.startsWith(root + path.sep)) throw notFound('cylinders.error.noImage');
  if (size === 'thumb') {
    const thumbFile = path.resolve(root, thumbnailPath(c.imagePath));
    const kept = await fs.readFile(thumbFile).catch(() => null);
    if (kept) return { type: 'image/webp', bytes: kept };
    const original = await fs.readFile(file).catch(() => null);
    const made = original && (await makeThumbnail(original));
    if (!made) throw notFound('cylinders.error.noImage');
    await fs.writeFile(thumbFile, made).catch(() => undefined);
    return { type: 'image/webp', bytes: made };
  }
  const bytes = await fs.readFile(file).catch(() => null);
  if (!bytes) throw notFound('cylinders.error.noImage');
  return { type: c.imageType, bytes };
}
