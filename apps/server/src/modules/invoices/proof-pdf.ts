import type { InvoiceProof } from '@gasops/shared';
import { AppError } from '../../platform/errors.js';
import { openPdf } from '../../platform/pdf.js';
import { symbolPng } from './proof-symbols.js';

/**
 * The proof as a PDF one roll-paper page: the store's printer width (57/58/80 mm) and as tall as the
 * proof, the 5.7 cm proof layout (DOMAIN.md) centred in a 48 mm printable column (what 57/58 mm thermal
 * printers print), with the same lines and symbols as the browser's proof. The proof's words are
 * Chinese, so without a CJK font on the server it is refused (503), never printed as blanks.
 */

const MM = 72 / 25.4;
/** The printable column of a 57/58 mm thermal printer. */
export const PROOF_CONTENT_MM = 48;
const QR_MM = 22;
const CODE39_HEIGHT_MM = 6;
const MARGIN_MM = 4;
const FONT = 'cjk';

type Images = { code39: Buffer; qrLeft: Buffer; qrRight: Buffer };

/** Writes the proof from the top; answers where it ended. */
function draw(doc: PDFKit.PDFDocument, p: InvoiceProof, img: Images): number {
  const width = p.widthMm * MM;
  const content = PROOF_CONTENT_MM * MM;
  const x = (width - content) / 2;
  let y = MARGIN_MM * MM;
  const centred = (text: string, size: number) => {
    doc.font(FONT).fontSize(size).fillColor('black').text(text, x, y, { width: content, align: 'center' });
    y = doc.y + 1;
  };
  /** One line with a text on the left and one on the right. */
  const pair = (left: string, right: string | null, size = 9) => {
    doc.font(FONT).fontSize(size).fillColor('black');
    doc.text(left, x, y, { width: content, align: 'left', lineBreak: false });
    if (right) doc.text(right, x, y, { width: content, align: 'right', lineBreak: false });
    y += size * 1.35;
  };
  centred(p.face.sellerName, 11);
  centred(p.face.title, 14);
  centred(p.face.period, 17);
  centred(p.face.number, 17);
  y += 2;
  pair(p.face.dateTime, p.face.format);
  pair(p.face.randomCode, p.face.total);
  pair(p.face.seller, p.face.buyer);
  y += 2 * MM;
  doc.image(img.code39, x, y, { width: content, height: CODE39_HEIGHT_MM * MM });
  y += (CODE39_HEIGHT_MM + 2) * MM;
  doc.image(img.qrLeft, x, y, { width: QR_MM * MM, height: QR_MM * MM });
  doc.image(img.qrRight, x + content - QR_MM * MM, y, { width: QR_MM * MM, height: QR_MM * MM });
  y += QR_MM * MM;
  return y + MARGIN_MM * MM;
}

/** A document in a CJK font (the proof's words are Chinese). */
async function proofDocument(widthPt: number, heightPt: number, title: string) {
  const pdf = await openPdf({ size: [widthPt, heightPt], margin: 0, info: { Title: title, Creator: 'GasOps' } });
  if (!pdf.cjk) throw new AppError(503, 'feedback.error.noPdfFont');
  return pdf;
}

export async function proofPdf(p: InvoiceProof): Promise<Buffer> {
  const [code39, qrLeft, qrRight] = await Promise.all([
    symbolPng('code39', p.code39.text, 2),
    symbolPng('qrcode', p.qrLeft.text),
    symbolPng('qrcode', p.qrRight.text),
  ]);
  const img = { code39, qrLeft, qrRight };
  const width = p.widthMm * MM;
  const title = `${p.face.title} ${p.face.number}`;
  // Measure on a tall page first, then write on a page exactly as tall as the proof (roll paper).
  const height = draw((await proofDocument(width, 400 * MM, title)).doc, p, img);
  const { doc, bytes } = await proofDocument(width, height, title);
  draw(doc, p, img);
  doc.end();
  return bytes;
}
