import type { z } from 'zod';
import {
  cylinderCreateBody,
  fieldErrors,
  LOCALES,
  MATERIALS,
  normaliseCode,
  translate,
  type ImportReport,
  type importBody,
  type Material,
} from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { storeOf } from '../../platform/tenancy.js';
import { takenCodes } from './cylinder-values.js';
import { insertCylinders, type NewCylinder } from './key-in-cylinders.js';

type Body = z.output<typeof importBody>;

/** Material from a cell: the key itself or its name in any of the five languages (steel when blank). */
function materialOf(cell: string | null | undefined): Material | string {
  const v = (cell ?? '').trim();
  if (!v) return 'steel';
  if ((MATERIALS as readonly string[]).includes(v.toLowerCase())) return v.toLowerCase();
  for (const m of MATERIALS)
    for (const l of LOCALES) if (translate(l, `cylinders.material.${m}`).toLowerCase() === v.toLowerCase()) return m;
  return v;
}

/** A weight cell in kg (e.g. 15.35) as grams; text that is no number is passed on to fail validation. */
function gramsOf(cell: string | null | undefined): number | string | null {
  const v = (cell ?? '').trim().replace(/,/g, '');
  if (!v) return null;
  const n = Number(v);
  return Number.isFinite(n) ? Math.round(n * 1000) : v;
}

/** Dates as spreadsheets write them: 2024/5/1 or 2024-05-01. */
function dateOf(cell: string | null | undefined): string | null {
  const v = (cell ?? '').trim();
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(v);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : v || null;
}

/**
 * Cylinder import (the browser reads the xlsx/csv file and maps its columns): every row is
 * checked like a key-in row and against the registry; unless it is a dry run, all rows are saved
 * when all are valid (mode "all"), or only the valid ones (mode "valid"), in one transaction.
 */
export async function importCylinders(db: Db, ctx: Ctx, body: Body): Promise<ImportReport> {
  return db.transaction(async (tx) => {
    const store = await storeOf(tx, ctx, body.storeId);
    const parsedRows = body.rows.map((cells) =>
      cylinderCreateBody.safeParse({
        storeId: store.id,
        containerNo: cells.containerNo ?? '',
        labelNo: cells.labelNo ?? null,
        containerSpec: cells.containerSpec ?? null,
        sizeKg: cells.sizeKg ?? '',
        tareG: gramsOf(cells.tareKg),
        material: materialOf(cells.material),
        pressureTestDate: dateOf(cells.pressureTestDate),
        lastInspectionDate: dateOf(cells.lastInspectionDate),
        nextInspectionDeadline: dateOf(cells.nextInspectionDeadline),
        inspectionAgencyCode: cells.inspectionAgencyCode ?? null,
        remark: cells.remark ?? null,
        locationKind: 'store',
        fill: 'empty',
      }),
    );
    const codes = parsedRows.flatMap((p) => (p.success ? [p.data.containerNo, ...(p.data.labelNo ? [p.data.labelNo] : [])] : []));
    const taken = await takenCodes(tx, store.groupId, codes);
    const seen = new Set<string>();
    const duplicate = translate(ctx.locale, 'cylinders.import.duplicate');
    const report: ImportReport['rows'] = [];
    const valid: NewCylinder[] = [];
    parsedRows.forEach((parsed, i) => {
      if (!parsed.success) {
        report.push({ row: i + 1, ok: false, errors: fieldErrors(parsed.error.issues as never, ctx.locale) });
        return;
      }
      const v = parsed.data;
      const errors: Record<string, string> = {};
      if (taken.has(v.containerNo) || seen.has(v.containerNo)) errors.containerNo = duplicate;
      if (v.labelNo && (taken.has(v.labelNo) || seen.has(v.labelNo) || v.labelNo === v.containerNo)) errors.labelNo = duplicate;
      if (Object.keys(errors).length) {
        report.push({ row: i + 1, ok: false, errors });
        return;
      }
      seen.add(normaliseCode(v.containerNo));
      if (v.labelNo) seen.add(v.labelNo);
      valid.push({ row: i, store, value: v });
      report.push({ row: i + 1, ok: true, errors: {} });
    });
    const invalid = report.filter((r) => !r.ok).length;
    const result = { rows: report, valid: valid.length, invalid, imported: 0 };
    if (body.dryRun || valid.length === 0 || (body.mode === 'all' && invalid > 0)) return result;
    const ids = await insertCylinders(tx, ctx, store.groupId, valid, 'import');
    return { ...result, imported: ids.length };
  });
}
