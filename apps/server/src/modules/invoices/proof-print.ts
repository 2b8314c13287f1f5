import { eq, sql } from 'drizzle-orm';
import { MINOR_PER_DOLLAR, proofFace, proofRefusal, wallClockIn, type InvoiceProof } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { storeGroups } from '../../platform/platform.schema.js';
import type { SecretBoxConfig } from '../../platform/secret-box.js';
import { assertStore } from '../../platform/tenancy.js';
import { getInvoiceCodes } from './get-invoice-codes.js';
import { invoices, invoiceSettings } from './invoices.schema.js';
import { symbolSvg } from './proof-symbols.js';

/**
 * The printed proof (證明聯) of an invoice. Only one proof is printed (DOMAIN.md): each print is recorded
 * (POST …/proof/print, in the action log as `print`) and from the second print on the proof carries the
 * 補印 (reprint) mark. Three ways to ask:
 * - `preview`: what the next print will look like (marked when one was printed before); records nothing;
 * - `print`: records a print and answers the copy to print (marked from the second print on);
 * - `pdf`: the copy of the last recorded print (none recorded yet: 409, so no unrecorded copy prints).
 * A donated invoice, one kept on a carrier without a print, and a voided one have no proof (409), nor one
 * whose store has no QR AES key (the QR codes need its verification field).
 */
export type ProofMode = 'preview' | 'print' | 'pdf';

export async function invoiceProof(db: Db, ctx: Ctx, config: SecretBoxConfig, id: number, mode: ProofMode): Promise<InvoiceProof> {
  const [row] = await db
    .select({
      invoice: invoices,
      widthMm: invoiceSettings.printerWidthMm,
      keySet: sql<boolean>`${invoiceSettings.qrAesKeyEnc} is not null`,
      timeZone: storeGroups.timeZone,
    })
    .from(invoices)
    .innerJoin(storeGroups, eq(storeGroups.id, invoices.groupId))
    .leftJoin(invoiceSettings, eq(invoiceSettings.storeId, invoices.storeId))
    .where(eq(invoices.id, id));
  if (!row) throw notFound();
  const i = row.invoice;
  assertStore(ctx, i.storeId);
  const refusal = proofRefusal({ print: i.printMark, npoban: i.npoban, status: i.status });
  if (refusal) throw conflict(`invoices.proof.refused.${refusal}`);
  if (!row.keySet) throw conflict('invoices.proof.error.noQrKey');

  let prints = i.proofPrints;
  if (mode === 'print') prints = await recordPrint(db, ctx, id);
  if (mode === 'pdf' && prints === 0) throw conflict('invoices.proof.error.notPrinted');
  const reprint = mode === 'preview' ? prints >= 1 : prints >= 2;

  const codes = await getInvoiceCodes(db, ctx, config, id);
  const qrLeft = codes.qrLeft!;
  const qrRight = codes.qrRight!;
  const [code39Svg, qrLeftSvg, qrRightSvg] = await Promise.all([
    symbolSvg('code39', codes.code39),
    symbolSvg('qrcode', qrLeft),
    symbolSvg('qrcode', qrRight),
  ]);
  return {
    invoiceId: i.id,
    number: i.number,
    widthMm: row.widthMm ?? 57,
    prints,
    reprint,
    face: proofFace(
      {
        sellerName: i.sellerName,
        rocYear: i.rocYear,
        period: i.period,
        number: i.number,
        date: i.invoiceDate,
        time: wallClockIn(row.timeZone, i.issuedAt).slice(11),
        randomCode: i.randomCode,
        total: i.totalAmount / MINOR_PER_DOLLAR,
        sellerUbn: i.sellerUbn,
        buyerUbn: i.buyerUbn,
      },
      reprint,
    ),
    code39: { text: codes.code39, svg: code39Svg },
    qrLeft: { text: qrLeft, svg: qrLeftSvg },
    qrRight: { text: qrRight, svg: qrRightSvg },
  };
}

/** Counts one print (the first keeps its time and user) and logs it; answers the prints so far. */
async function recordPrint(db: Db, ctx: Ctx, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ proofPrints: invoices.proofPrints, groupId: invoices.groupId })
      .from(invoices)
      .where(eq(invoices.id, id))
      .for('update');
    if (!before) throw notFound();
    const first = before.proofPrints === 0;
    const [after] = await tx
      .update(invoices)
      .set({
        proofPrints: sql`${invoices.proofPrints} + 1`,
        ...(first ? { proofFirstPrintedAt: new Date(), proofFirstPrintedBy: ctx.user.id } : {}),
      })
      .where(eq(invoices.id, id))
      .returning({ proofPrints: invoices.proofPrints, proofFirstPrintedAt: invoices.proofFirstPrintedAt });
    await recordAction(tx, ctx, {
      entity: 'invoices',
      entityId: id,
      action: 'print',
      before: { proofPrints: before.proofPrints },
      after: { ...after, reprint: !first },
      groupId: before.groupId,
    });
    return after!.proofPrints;
  });
}
