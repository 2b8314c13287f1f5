import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { LABELS_PER_PAGE, MAX_LABELS, translate, type cylinderLabelQuery, type Locale } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { openPdf } from '../../platform/pdf.js';
import { stores } from '../../platform/platform.schema.js';
import { cylinders } from './cylinders.schema.js';
import { inspectionDayOf } from './inspection-day.js';
import { registryFilter } from './list-cylinders.js';

type Query = z.output<typeof cylinderLabelQuery>;

// A4 in points, and the 21-up label stock (3 × 7 labels of 63.5 × 38.1 mm).
const PAGE = { width: 595.28, height: 841.89 };
const COLUMNS = 3;
const ROWS = LABELS_PER_PAGE / COLUMNS;
const LABEL = { width: 180, height: 108 };
const MARGIN = { x: (PAGE.width - COLUMNS * LABEL.width) / 2, y: (PAGE.height - ROWS * LABEL.height) / 2 };
const PAD = 6;
const QR_SIZE = 58;

/** Whether the PDF's standard fonts (WinAnsi) can print a text. */
const isLatin = (text: string) => /^[\u0020-\u007e\u00a0-\u00ff]*$/.test(text);

export type LabelRow = {
  containerNo: string;
  labelNo: string | null;
  containerSpec: string | null;
  sizeKg: number;
  material: 'steel' | 'composite';
  nextInspectionDeadline: string | null;
  shopName: string;
  shopPhone: string | null;
};

/**
 * The cylinders a sheet prints: those listed by id (all of them must be the caller's: another
 * tenant's id is a 404), else the registry's filter; at most MAX_LABELS (a 400 past it).
 */
export async function labelRows(db: Executor, ctx: Ctx, q: Query): Promise<LabelRow[]> {
  if (q.groupId != null && !ctx.user.isPlatformAdmin && q.groupId !== ctx.user.groupId) throw notFound();
  const day = await inspectionDayOf(db, q.groupId ?? ctx.user.groupId);
  const ids = q.ids ? [...new Set(q.ids)] : null;
  const rows = await db
    .select({
      id: cylinders.id,
      containerNo: cylinders.containerNo,
      labelNo: cylinders.labelNo,
      containerSpec: cylinders.containerSpec,
      sizeKg: cylinders.sizeKg,
      material: cylinders.material,
      nextInspectionDeadline: cylinders.nextInspectionDeadline,
      shopName: stores.name,
      shopPhone: stores.phone,
    })
    .from(cylinders)
    .innerJoin(stores, eq(stores.id, cylinders.storeId))
    .where(and(registryFilter(ctx, q, day), ids ? sql`${cylinders.id} = any(${`{${ids.join(',')}}`}::int[])` : undefined))
    .orderBy(asc(cylinders.containerNo), asc(cylinders.id))
    .limit(MAX_LABELS + 1);
  if (rows.length > MAX_LABELS) throw new AppError(400, 'cylinders.error.tooManyLabels', { max: MAX_LABELS });
  if (rows.length === 0 || (ids && rows.length !== ids.length)) throw notFound();
  if (!ids) return rows;
  // The sheet prints the selected rows in the order they were chosen.
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

/** A code as a PNG (bwip-js, loaded with the first sheet): QR code or Code 128. */
const barcode = async (bcid: 'qrcode' | 'code128', text: string) =>
  (await import('bwip-js/node')).default.toBuffer(bcid === 'qrcode' ? { bcid, text, scale: 3 } : { bcid, text, scale: 2, height: 8 });

/**
 * A sheet of labels (A4 PDF, 21 per page) for cylinders without RFID tags: on each, the container
 * number as a QR code and as Code 128 (what the scanners and the public /barcode check read), the
 * container number in print, the size, material and specification, the next inspection deadline
 * and the owning shop's name.
 */
export async function labelSheet(rows: LabelRow[], locale: Locale): Promise<Buffer> {
  // Without a CJK font (the machine's, platform/pdf.ts) the labels print Latin text only: a shop name
  // in CJK characters is replaced by the shop's phone number.
  const { doc, cjk, bytes } = await openPdf({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Cylinder labels', Creator: 'GasOps' },
  });
  const printable = (text: string) => cjk || isLatin(text);
  // Captions in the caller's language when the fonts can print it, else in English.
  const caption = (key: string) => {
    const text = translate(locale, key);
    return printable(text) ? text : translate('en-US', key);
  };
  const regular = (text: string) => doc.font(cjk && !isLatin(text) ? 'cjk' : 'Helvetica');

  const nextInspection = caption('cylinders.labels.nextInspection');
  const materials = { steel: caption('cylinders.material.steel'), composite: caption('cylinders.material.composite') };
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const slot = i % LABELS_PER_PAGE;
    if (slot === 0) doc.addPage({ size: 'A4', margin: 0 });
    const x = MARGIN.x + (slot % COLUMNS) * LABEL.width;
    const y = MARGIN.y + Math.floor(slot / COLUMNS) * LABEL.height;
    doc.save().lineWidth(0.3).strokeColor('#bbbbbb').rect(x, y, LABEL.width, LABEL.height).stroke().restore();
    const [qr, code128] = await Promise.all([barcode('qrcode', r.containerNo), barcode('code128', r.containerNo)]);
    doc.image(qr, x + PAD, y + PAD, { fit: [QR_SIZE, QR_SIZE] });
    const textX = x + PAD + QR_SIZE + 6;
    const width = LABEL.width - (textX - x) - PAD;
    const line = (text: string, top: number, size: number, bold = false) => {
      (bold ? doc.font('Helvetica-Bold') : regular(text)).fontSize(size).fillColor('black');
      doc.text(text, textX, y + top, { width, height: size + 2, lineBreak: false, ellipsis: true });
    };
    line(r.containerNo, PAD, 10, true);
    const spec = [`${r.sizeKg} kg`, materials[r.material], r.containerSpec && printable(r.containerSpec) ? r.containerSpec : null];
    line(spec.filter(Boolean).join(' · '), PAD + 14, 7);
    line(`${nextInspection}: ${r.nextInspectionDeadline ?? '—'}`, PAD + 24, 7);
    if (r.labelNo) line(`# ${r.labelNo}`, PAD + 34, 7);
    const shop = printable(r.shopName) ? r.shopName : r.shopPhone ? `Tel ${r.shopPhone}` : '';
    if (shop) line(shop, PAD + 44, 7);
    doc.image(code128, x + PAD, y + PAD + QR_SIZE + 6, {
      fit: [LABEL.width - 2 * PAD, LABEL.height - QR_SIZE - 2 * PAD - 6],
      align: 'center',
    });
  }
  doc.end();
  return bytes;
}

/** The label sheet of a registry query. */
export async function printLabels(db: Executor, ctx: Ctx, q: Query, locale: Locale): Promise<Buffer> {
  return labelSheet(await labelRows(db, ctx, q), locale);
}
