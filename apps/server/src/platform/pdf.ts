import fs from 'node:fs';
import { AppError } from './errors.js';

/**
 * Printable documents as PDF (delivery slips, a day's order lists, the daily and monthly reports):
 * A4 pages written with pdfkit in a CJK font from Debian's packages (fonts-noto-cjk; .ci/run installs
 * it), so Chinese and Japanese names print. Without such a font a document that holds non-Latin text
 * is refused with 503 and a message (the browser's Print still works), never printed as blanks.
 */

/** Fonts that print Chinese and Japanese, where the machine has one (Debian's packages), the first found is used. */
const CJK_FONTS: { file: string; family?: string }[] = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKtc-Regular' },
  { file: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', family: 'NotoSerifCJKtc-Regular' },
  { file: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf' },
  { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  { file: '/usr/share/fonts/truetype/arphic/uming.ttc', family: 'AR PL UMing TW' },
];
const BOLD_CJK: Record<string, { file: string; family: string }> = {
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc': {
    file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
    family: 'NotoSansCJKtc-Bold',
  },
};

let found: { file: string; family?: string } | null | undefined;
/** The first CJK font the machine has (looked up once). */
export function cjkFont(): { file: string; family?: string } | null {
  if (found === undefined) found = CJK_FONTS.find((f) => fs.existsSync(f.file)) ?? null;
  return found;
}

const isLatin = (text: string) => /^[\u0000-\u00ff\u2013\u2014\u2019\u201c\u201d\u2026]*$/.test(text); // eslint-disable-line no-control-regex

/**
 * A pdfkit document, its bytes collected (`bytes` settles when it is ended), with the machine's CJK font
 * registered as `cjk` when it has one (`cjk` says whether) and the bold face to use as `bold`.
 */
export type Pdf = { doc: PDFKit.PDFDocument; cjk: boolean; bold: string; bytes: Promise<Buffer> };

/** Opens a document; pdfkit is loaded with the first one, not at start (see bench/RESULTS.md, "second start"). */
export async function openPdf(options: PDFKit.PDFDocumentOptions): Promise<Pdf> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument(options);
  const font = cjkFont();
  let cjk = false;
  let bold = 'Helvetica-Bold';
  if (font) {
    try {
      doc.registerFont('cjk', font.file, font.family);
      cjk = true;
      const b = BOLD_CJK[font.file];
      if (b && fs.existsSync(b.file)) {
        doc.registerFont('cjk-bold', b.file, b.family);
        bold = 'cjk-bold';
      } else bold = 'cjk';
    } catch {
      cjk = false;
    }
  }
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, cjk, bold, bytes };
}

export type PrintColumn = { title: string; width: number; align?: 'left' | 'right' | 'center' };

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN;

/** A document being written top to bottom (`PrintDocument.open`); `finish` gives the PDF's bytes. */
export class PrintDocument {
  readonly doc: PDFKit.PDFDocument;
  private readonly done: Promise<Buffer>;
  private readonly cjk: boolean;
  private readonly bold: string;

  static async open(title: string): Promise<PrintDocument> {
    return new PrintDocument(title, await openPdf({ size: 'A4', margin: MARGIN, info: { Title: title, Creator: 'GasOps' } }));
  }

  private constructor(title: string, pdf: Pdf) {
    this.doc = pdf.doc;
    this.cjk = pdf.cjk;
    this.bold = pdf.bold;
    this.done = pdf.bytes;
    this.doc.font(this.cjk ? 'cjk' : 'Helvetica');
    this.printable(title);
  }

  /** Refuses text the fonts cannot print (no CJK font on the server). */
  private printable(text: string): string {
    if (!this.cjk && !isLatin(text)) throw new AppError(503, 'feedback.error.noPdfFont');
    return text;
  }

  private font(bold: boolean) {
    return this.doc.font(bold ? this.bold : this.cjk ? 'cjk' : 'Helvetica');
  }

  get y(): number {
    return this.doc.y;
  }

  /** Starts a new page when fewer than `height` points are left. */
  ensure(height: number): this {
    if (this.doc.y + height > BOTTOM) this.doc.addPage();
    return this;
  }

  pageBreak(): this {
    this.doc.addPage();
    return this;
  }

  heading(text: string, size = 16): this {
    this.ensure(size * 2);
    this.font(true).fontSize(size).fillColor('black').text(this.printable(text), MARGIN, this.doc.y, { width: CONTENT_WIDTH });
    this.doc.moveDown(0.3);
    return this;
  }

  text(text: string, size = 10, opts: { bold?: boolean; color?: string } = {}): this {
    this.ensure(size * 1.6);
    this.font(!!opts.bold)
      .fontSize(size)
      .fillColor(opts.color ?? 'black')
      .text(this.printable(text), MARGIN, this.doc.y, { width: CONTENT_WIDTH });
    return this;
  }

  /** Label–value pairs in two columns. */
  fields(pairs: [string, string][], size = 10): this {
    const half = CONTENT_WIDTH / 2;
    for (let i = 0; i < pairs.length; i += 2) {
      const row = pairs.slice(i, i + 2);
      const heights = row.map(([l, v]) =>
        this.font(false)
          .fontSize(size)
          .heightOfString(`${l}: ${v}`, { width: half - 8 }),
      );
      const h = Math.max(...heights);
      this.ensure(h + 2);
      const top = this.doc.y;
      row.forEach(([label, value], j) => {
        this.font(true)
          .fontSize(size)
          .fillColor('#555555')
          .text(`${this.printable(label)}: `, MARGIN + j * half, top, { width: half - 8, continued: true });
        this.font(false).fillColor('black').text(this.printable(value));
      });
      this.doc.y = top + h + 3;
    }
    return this;
  }

  gap(points = 8): this {
    this.doc.y += points;
    return this;
  }

  rule(): this {
    this.ensure(6);
    const y = this.doc.y + 2;
    this.doc
      .save()
      .lineWidth(0.5)
      .strokeColor('#999999')
      .moveTo(MARGIN, y)
      .lineTo(PAGE.width - MARGIN, y)
      .stroke()
      .restore();
    this.doc.y = y + 4;
    return this;
  }

  /** A table with its header repeated on each page; widths are fractions of the page's width. */
  table(columns: PrintColumn[], rows: string[][], size = 9): this {
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * CONTENT_WIDTH);
    const pad = 3;
    const drawRow = (cells: string[], bold: boolean) => {
      this.font(bold).fontSize(size);
      const heights = cells.map((c, i) => this.doc.heightOfString(this.printable(c), { width: widths[i]! - 2 * pad }));
      const h = Math.max(size + 2, ...heights) + 2 * pad;
      if (this.doc.y + h > BOTTOM) {
        this.doc.addPage();
        if (!bold)
          drawRow(
            columns.map((c) => c.title),
            true,
          );
      }
      const top = this.doc.y;
      let x = MARGIN;
      if (bold) this.doc.save().rect(MARGIN, top, CONTENT_WIDTH, h).fill('#eef1f5').restore();
      cells.forEach((cell, i) => {
        this.font(bold)
          .fontSize(size)
          .fillColor('black')
          .text(cell, x + pad, top + pad, { width: widths[i]! - 2 * pad, align: columns[i]!.align ?? 'left' });
        x += widths[i]!;
      });
      this.doc
        .save()
        .lineWidth(0.3)
        .strokeColor('#cccccc')
        .moveTo(MARGIN, top + h)
        .lineTo(PAGE.width - MARGIN, top + h)
        .stroke()
        .restore();
      this.doc.y = top + h;
    };
    drawRow(
      columns.map((c) => c.title),
      true,
    );
    for (const row of rows) drawRow(row, false);
    this.doc.x = MARGIN;
    return this;
  }

  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}

/** `inline` with the file name for every browser: an ASCII fallback and the UTF-8 name. */
export function inlinePdf(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
