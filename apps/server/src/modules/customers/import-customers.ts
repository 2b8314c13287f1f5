import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CUSTOMER_TYPES,
  customerBody,
  fieldErrors,
  translate,
  type importBody,
  type CustomerType,
  type ImportReport,
  LOCALES,
} from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { storeGroups } from '../../platform/platform.schema.js';
import { categories, customers } from './customers.schema.js';
import { storeOf } from '../../platform/tenancy.js';

type Body = z.infer<typeof importBody>;

/** Customer type from a cell: the key itself or its label in any of the five languages. */
function typeOf(cell: string | null | undefined): CustomerType | string {
  const v = (cell ?? '').trim();
  if (!v) return 'residential';
  if ((CUSTOMER_TYPES as readonly string[]).includes(v)) return v;
  for (const t of CUSTOMER_TYPES)
    for (const l of LOCALES) if (translate(l, `customers.type.${t}`).toLowerCase() === v.toLowerCase()) return t;
  return v;
}

/** Money cells are in major units (e.g. 36.5 per kg); stored in minor units of the group currency. */
function minorOf(cell: string | null | undefined, digits: number): number | null | string {
  const v = (cell ?? '').trim().replace(/,/g, '');
  if (!v) return null;
  const n = Number(v);
  if (!Number.isFinite(n)) return v;
  return Math.round(n * 10 ** digits);
}

/**
 * Validates every row of an import (the browser has read the file and mapped its columns) and,
 * unless it is a dry run, writes them in one transaction: all rows only when every row is valid
 * (mode "all"), or just the valid ones (mode "valid"). Unknown category names are created.
 */
export async function importCustomers(db: Db, ctx: Ctx, body: Body): Promise<ImportReport> {
  return db.transaction(async (tx) => {
    const store = await storeOf(tx, ctx, body.storeId);
    const [group] = await tx.select({ currency: storeGroups.currency }).from(storeGroups).where(eq(storeGroups.id, store.groupId));
    const digits =
      new Intl.NumberFormat('en', { style: 'currency', currency: group?.currency ?? 'TWD' }).resolvedOptions().maximumFractionDigits ?? 2;
    const existing = await tx
      .select({ name: customers.name, phone: customers.phone })
      .from(customers)
      .where(
        and(
          eq(customers.storeId, store.id),
          inArray(
            sql`lower(${customers.name})`,
            body.rows.map((r) => (r.name ?? '').trim().toLowerCase()),
          ),
        ),
      );
    const seen = new Set(existing.map((e) => `${e.name.toLowerCase()}|${e.phone ?? ''}`));

    const report: ImportReport['rows'] = [];
    const valid: { row: number; value: z.infer<typeof customerBody>; category: string | null }[] = [];
    body.rows.forEach((cells, i) => {
      const candidate = {
        storeId: store.id,
        type: typeOf(cells.type),
        name: cells.name ?? '',
        phone: cells.phone ?? null,
        address: cells.address ?? null,
        unifiedNumber: cells.unifiedNumber ?? null,
        remark1: cells.remark1 ?? null,
        remark2: cells.remark2 ?? null,
        gasPrice: minorOf(cells.gasPrice, digits),
        meterNumber: cells.meterNumber ?? null,
        latitude: cells.latitude?.trim() ? cells.latitude.trim() : null,
        longitude: cells.longitude?.trim() ? cells.longitude.trim() : null,
        inArrears: false,
      };
      const parsed = customerBody.safeParse(candidate);
      if (!parsed.success) {
        report.push({ row: i + 1, ok: false, errors: fieldErrors(parsed.error.issues as never, ctx.locale) });
        return;
      }
      const key = `${parsed.data.name.toLowerCase()}|${parsed.data.phone ?? ''}`;
      if (seen.has(key)) {
        report.push({ row: i + 1, ok: false, errors: { name: translate(ctx.locale, 'customers.import.duplicate') } });
        return;
      }
      seen.add(key);
      valid.push({ row: i + 1, value: parsed.data, category: cells.category?.trim() || null });
      report.push({ row: i + 1, ok: true, errors: {} });
    });

    const invalid = report.filter((r) => !r.ok).length;
    const result = { rows: report, valid: valid.length, invalid, imported: 0 };
    if (body.dryRun || valid.length === 0 || (body.mode === 'all' && invalid > 0)) return result;

    const names = [...new Set(valid.map((v) => v.category).filter((c): c is string => !!c))];
    const catIds = new Map<string, number>();
    if (names.length) {
      const found = await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(and(eq(categories.groupId, store.groupId), eq(categories.kind, 'customer')));
      for (const c of found) catIds.set(c.name.toLowerCase(), c.id);
      const missing = names.filter((n) => !catIds.has(n.toLowerCase()));
      if (missing.length) {
        const created = await tx
          .insert(categories)
          .values(missing.map((name) => ({ groupId: store.groupId, kind: 'customer' as const, name })))
          .returning();
        for (const c of created) catIds.set(c.name.toLowerCase(), c.id);
      }
    }
    const inserted = await tx
      .insert(customers)
      .values(
        valid.map((v) => ({
          ...v.value,
          groupId: store.groupId,
          categoryId: v.category ? (catIds.get(v.category.toLowerCase()) ?? null) : null,
        })),
      )
      .returning({ id: customers.id, name: customers.name });
    await recordAction(tx, ctx, {
      entity: 'customers',
      action: 'import',
      groupId: store.groupId,
      after: { storeId: store.id, count: inserted.length, ids: inserted.map((r) => r.id) },
    });
    return { ...result, imported: inserted.length };
  });
}
