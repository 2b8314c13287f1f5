import crypto from 'node:crypto';
import { asc, eq, isNull } from 'drizzle-orm';
import {
  dateIn,
  inspectionStatus,
  QUALIFIED_STATUSES,
  shiftDate,
  suggestDeadline,
  type FillState,
  type Holding,
  type LocationKind,
  type Material,
  type MovementKind,
  type MoveProblem,
  type ScanResult,
} from '@gasops/shared';
import type { DemoSeed } from '../../platform/demo.js';
import { addDays, rng } from '../../platform/demo-random.js';
import { customers } from '../customers/customers.schema.js';
import { cylinderHandlingSites } from '../system/system.schema.js';
import {
  cylinderLabels,
  cylinderMovements,
  cylinderPending,
  cylinders,
  scanBatches,
  scanReaders,
  scanReads,
  stockDocumentLines,
  stockDocuments,
} from './cylinders.schema.js';

const SIZES = [20, 20, 20, 20, 20, 20, 16, 16, 50, 50, 4] as const;
const SPEC_CODE: Record<number, string> = { 20: '20', 16: '16', 50: '50', 4: '04' };
const MAKERS = ['AA', 'KH', 'TY', 'SN'] as const;
const PER_STORE = 120;

type Plan = {
  storeId: number;
  containerNo: string;
  labelNo: string | null;
  sizeKg: number;
  tareG: number;
  material: Material;
  pressureTestDate: string;
  lastInspectionDate: string | null;
  nextInspectionDeadline: string;
  location: LocationKind;
  fill: FillState;
  customerId: number | null;
  holding: Holding | null;
  siteId: number | null;
  /** The movement that brought it where it is (null: registered, not yet in stock). */
  last: { kind: MovementKind; from: LocationKind; fromFill: FillState; daysAgo: number } | null;
};

/**
 * Demo cylinders: 120 per demo store in every place and state (at customers, in the store and the
 * storage site, at the filling plant and the inspection agency, new and scrapped), some due, some
 * overdue, a few past their end of life; the stock documents and movements that brought them
 * there over the last four weeks; pending data from refused lines and unknown scans; scan
 * readers (their secrets are random and never shown: renew one to connect a real reader) with
 * batches over the last four weeks. The gates' batches stand for filling out (refusing overdue
 * cylinders); as history only, they move nothing: the cylinders' places come from the documents.
 */
export const seedCylindersDemo: DemoSeed = async (tx, demo) => {
  const r = rng(20260601);
  const today = demo.today;
  const sites = await tx
    .select({ id: cylinderHandlingSites.id, type: cylinderHandlingSites.type })
    .from(cylinderHandlingSites)
    .where(isNull(cylinderHandlingSites.deletedAt))
    .orderBy(asc(cylinderHandlingSites.id));
  const filling = sites.filter((s) => s.type !== 'inspection').map((s) => s.id);
  const inspection = sites.filter((s) => s.type !== 'filling').map((s) => s.id);
  const dueDays = 60;

  const plans: Plan[] = [];
  let serial = 100;
  let label = 5_000_000;
  for (const store of demo.stores) {
    const storeCustomers = (
      await tx.select({ id: customers.id }).from(customers).where(eq(customers.storeId, store.id)).orderBy(asc(customers.id)).limit(200)
    ).map((c) => c.id);
    for (let i = 0; i < PER_STORE; i++) {
      const sizeKg = r.pick(SIZES);
      const material: Material = r.chance(0.08) ? 'composite' : 'steel';
      // Mostly 1–25 years old; a few near or past the end of life.
      const age = r.chance(0.05) ? r.int(28, 31) : r.int(1, 25);
      const pressureTestDate = shiftDate(today, { days: -(age * 365 + r.int(0, 300)) });
      // Inspected on time, until the shop let one slip (those are overdue now).
      let last: string | null = null;
      let next = suggestDeadline({ material, sizeKg, pressureTestDate, lastInspectionDate: null })!;
      while (next <= today && r.chance(0.93)) {
        last = shiftDate(next, { days: -r.int(5, 40) });
        next = suggestDeadline({ material, sizeKg, pressureTestDate, lastInspectionDate: last })!;
      }
      const status = inspectionStatus({ material, pressureTestDate, nextInspectionDeadline: next }, today, dueDays);
      const roc = String((Number(pressureTestDate.slice(0, 4)) - 1911) % 100).padStart(2, '0');
      const containerNo = `${r.pick(MAKERS)}${roc}${SPEC_CODE[sizeKg]}${String(++serial).padStart(6, '0')}`;
      const tareG = Math.round((sizeKg * 0.75 + 3 + r.next() * 2) * 100) * 10;
      const plan: Plan = {
        storeId: store.id,
        containerNo,
        labelNo: last || r.chance(0.6) ? `QL${++label}` : null,
        sizeKg,
        tareG,
        material,
        pressureTestDate,
        lastInspectionDate: last,
        nextInspectionDeadline: next,
        location: 'store',
        fill: 'full',
        customerId: null,
        holding: null,
        siteId: null,
        last: null,
      };
      const daysAgo = r.int(0, 27);
      const roll = r.next();
      if (status === 'end_of_life' && r.chance(0.6)) {
        Object.assign(plan, {
          location: 'scrapped',
          fill: 'empty',
          last: { kind: 'scrap', from: 'inspection', fromFill: 'empty', daysAgo },
        });
      } else if (status === 'overdue' && r.chance(0.5)) {
        plan.siteId = r.pick(inspection);
        Object.assign(plan, {
          location: 'inspection',
          fill: 'empty',
          last: { kind: 'inspection_out', from: 'store', fromFill: 'empty', daysAgo },
        });
      } else if (roll < 0.02) {
        Object.assign(plan, { location: 'new', fill: 'empty' });
      } else if (roll < 0.4 && storeCustomers.length) {
        const holding: Holding = r.chance(0.85) ? 'sale' : r.chance(0.6) ? 'deposit' : 'loan';
        const kind: MovementKind = holding === 'sale' ? 'sales_out' : holding === 'deposit' ? 'cylinder_deposit' : 'loan_out';
        Object.assign(plan, {
          location: 'customer',
          fill: 'full',
          customerId: r.pick(storeCustomers),
          holding,
          last: { kind, from: 'store', fromFill: 'full', daysAgo },
        });
      } else if (roll < 0.62) {
        plan.last = { kind: 'filling_in', from: 'filling', fromFill: 'empty', daysAgo };
      } else if (roll < 0.74) {
        const kind: MovementKind = r.chance(0.7) ? 'collection_in' : 'return_in';
        Object.assign(plan, { fill: 'empty', last: { kind, from: 'customer', fromFill: 'full', daysAgo } });
      } else if (roll < 0.82) {
        Object.assign(plan, {
          location: 'storage',
          fill: 'full',
          last: { kind: 'storage_full', from: 'store', fromFill: 'full', daysAgo },
        });
      } else if (roll < 0.87) {
        Object.assign(plan, {
          location: 'storage',
          fill: 'empty',
          last: { kind: 'storage_empty', from: 'store', fromFill: 'empty', daysAgo },
        });
      } else if (roll < 0.95) {
        plan.siteId = r.pick(filling);
        Object.assign(plan, {
          location: 'filling',
          fill: 'empty',
          last: { kind: 'filling_out', from: 'store', fromFill: 'empty', daysAgo },
        });
      } else {
        plan.siteId = r.pick(inspection);
        Object.assign(plan, {
          location: 'store',
          fill: 'empty',
          last: { kind: 'inspection_in', from: 'inspection', fromFill: 'empty', daysAgo },
        });
      }
      plans.push(plan);
    }
  }

  const at = (daysAgo: number, hour: number) => {
    const when = addDays(demo.now, -daysAgo);
    when.setUTCMinutes(0, 0, 0);
    when.setUTCHours(hour - 8); // the hour on the Taipei clock (hours 8–19 are used)
    return when > demo.now ? new Date(demo.now.getTime() - 60_000) : when;
  };
  const locationIdOf = (p: Plan) =>
    p.location === 'store'
      ? p.storeId
      : p.location === 'customer'
        ? p.customerId
        : ['filling', 'inspection'].includes(p.location)
          ? p.siteId
          : null;

  const rows = await tx
    .insert(cylinders)
    .values(
      plans.map((p) => ({
        groupId: demo.groupId,
        storeId: p.storeId,
        containerNo: p.containerNo,
        labelNo: p.labelNo,
        containerSpec: `YSP-${p.sizeKg}`,
        sizeKg: p.sizeKg,
        tareG: p.tareG,
        material: p.material,
        pressureTestDate: p.pressureTestDate,
        lastInspectionDate: p.lastInspectionDate,
        nextInspectionDeadline: p.nextInspectionDeadline,
        inspectionAgencyCode: p.lastInspectionDate ? 'INSP-TY01' : null,
        handlingSiteId: p.siteId,
        locationKind: p.location,
        locationId: locationIdOf(p),
        fill: p.fill,
        customerId: p.customerId,
        holding: p.holding,
        lastMovementKind: p.last?.kind ?? null,
        lastMovedAt: p.last ? at(p.last.daysAgo, 10) : null,
        createdAt: addDays(demo.now, -40),
        updatedAt: p.last ? at(p.last.daysAgo, 10) : addDays(demo.now, -40),
      })),
    )
    .returning({ id: cylinders.id });
  const ids = rows.map((x) => x.id);
  await tx.insert(cylinderLabels).values(
    plans.flatMap((p, i) =>
      p.labelNo
        ? [
            {
              groupId: demo.groupId,
              cylinderId: ids[i]!,
              labelNo: p.labelNo,
              fromDate: p.lastInspectionDate ?? shiftDate(today, { days: -40 }),
            },
          ]
        : [],
    ),
  );

  // Stock documents: one per store, kind and day, holding the movements that brought the cylinders where they are.
  const docs = new Map<string, { storeId: number; kind: MovementKind; daysAgo: number; members: number[] }>();
  plans.forEach((p, i) => {
    if (!p.last) return;
    const key = `${p.storeId}|${p.last.kind}|${p.last.daysAgo}`;
    const d = docs.get(key) ?? { storeId: p.storeId, kind: p.last.kind, daysAgo: p.last.daysAgo, members: [] };
    d.members.push(i);
    docs.set(key, d);
  });
  const perDay = new Map<string, number>();
  const docList = [...docs.values()].sort((a, b) => b.daysAgo - a.daysAgo || a.storeId - b.storeId);
  const docRows = await tx
    .insert(stockDocuments)
    .values(
      docList.map((d) => {
        const date = shiftDate(today, { days: -d.daysAgo });
        const n = (perDay.get(date) ?? 0) + 1;
        perDay.set(date, n);
        return {
          groupId: demo.groupId,
          storeId: d.storeId,
          docNo: `SD${date.replace(/-/g, '')}-${String(n).padStart(4, '0')}`,
          kind: d.kind,
          docDate: date,
          sourceDocNo: d.kind === 'filling_in' || d.kind === 'filling_out' ? `FP-${date.replace(/-/g, '').slice(2)}` : null,
          lineCount: d.members.length,
          appliedCount: d.members.length,
          pendingCount: 0,
          createdBy: demo.users.manager,
          createdAt: at(d.daysAgo, 10),
        };
      }),
    )
    .returning({ id: stockDocuments.id, docNo: stockDocuments.docNo });
  const moveValues = docList.flatMap((d, k) =>
    d.members.map((i) => {
      const p = plans[i]!;
      return {
        groupId: demo.groupId,
        storeId: d.storeId,
        cylinderId: ids[i]!,
        kind: d.kind,
        moveDate: shiftDate(today, { days: -d.daysAgo }),
        movedAt: at(d.daysAgo, 10),
        fromLocationKind: p.last!.from,
        fromLocationId: p.last!.from === 'store' ? p.storeId : null,
        fromFill: p.last!.fromFill,
        toLocationKind: p.location,
        toLocationId: locationIdOf(p),
        toFill: p.fill,
        customerId: p.customerId,
        source: 'document' as const,
        documentId: docRows[k]!.id,
        userId: demo.users.manager,
      };
    }),
  );
  const moved = await tx.insert(cylinderMovements).values(moveValues).returning({ id: cylinderMovements.id });
  let m = 0;
  await tx.insert(stockDocumentLines).values(
    docList.flatMap((d, k) =>
      d.members.map((i, line) => ({
        groupId: demo.groupId,
        documentId: docRows[k]!.id,
        lineNo: line + 1,
        code: plans[i]!.containerNo,
        cylinderId: ids[i]!,
        result: 'applied' as const,
        movementId: moved[m++]!.id,
      })),
    ),
  );

  // Pending data from documents: sales out of overdue cylinders, a line for a cylinder already at a customer, unknown numbers.
  const overdue = plans
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.location === 'store' && inspectionStatus({ ...p }, today, dueDays) === 'overdue');
  const atCustomer = plans.map((p, i) => ({ p, i })).filter(({ p }) => p.location === 'customer');
  const pendingValues: (typeof cylinderPending.$inferInsert)[] = [];
  for (let k = 0; k < 12; k++) {
    const daysAgo = r.int(0, 20);
    const date = shiftDate(today, { days: -daysAgo });
    const store = demo.stores[k % demo.stores.length]!;
    const pick = k % 3 === 0 ? overdue[k % Math.max(overdue.length, 1)] : k % 3 === 1 ? atCustomer[k] : undefined;
    const reason: MoveProblem = !pick ? 'unknownCylinder' : k % 3 === 0 ? 'overdue' : 'alreadyThere';
    const processed = k >= 9;
    pendingValues.push({
      groupId: demo.groupId,
      storeId: pick?.p.storeId ?? store.id,
      source: 'document',
      docDate: date,
      docNo: `SD${date.replace(/-/g, '')}-09${String(k).padStart(2, '0')}`,
      lineNo: 1,
      code: pick ? pick.p.containerNo : `XX${String(990000 + k)}`,
      cylinderId: pick ? ids[pick.i]! : null,
      kind: pick ? 'sales_out' : 'collection_in',
      prevLocationKind: pick?.p.location ?? null,
      prevFill: pick?.p.fill ?? null,
      reason,
      status: processed ? 'processed' : 'unprocessed',
      resolution: processed ? 'discarded' : null,
      resolutionReason: processed ? '重複登錄' : null,
      resolvedBy: processed ? demo.users.manager : null,
      resolvedAt: processed ? at(daysAgo, 16) : null,
      createdAt: at(daysAgo, 11),
    });
  }

  // Scan readers and four weeks of batches: gates read what passes; handhelds count the store.
  const readers = await tx
    .insert(scanReaders)
    .values([
      ...demo.stores.map((s, k) => ({
        groupId: demo.groupId,
        storeId: s.id,
        name: `RFID 門架 ${k + 1}`,
        kind: 'gate' as const,
        secretHash: crypto.createHash('sha256').update(crypto.randomBytes(24)).digest('hex'),
        lastSeenAt: demo.now,
      })),
      {
        groupId: demo.groupId,
        storeId: demo.stores[0]!.id,
        name: '手持讀取器 A',
        kind: 'handheld' as const,
        secretHash: crypto.createHash('sha256').update(crypto.randomBytes(24)).digest('hex'),
        lastSeenAt: demo.now,
      },
    ])
    .returning();
  const byStore = new Map<number, number[]>();
  plans.forEach((p, i) => {
    if (p.location !== 'new') byStore.set(p.storeId, [...(byStore.get(p.storeId) ?? []), i]);
  });
  const seenOn = new Set<string>();
  let batchNo = 0;
  for (let daysAgo = 27; daysAgo >= 0; daysAgo--) {
    for (const reader of readers) {
      const batches = r.int(1, 3);
      for (let b = 0; b < batches; b++) {
        const readAt = at(daysAgo, r.int(8, 19));
        const readDate = dateIn('Asia/Taipei', readAt);
        const pool = byStore.get(reader.storeId) ?? [];
        const picked = new Set<number>();
        const size = reader.kind === 'gate' ? r.int(8, 30) : r.int(20, 45);
        while (picked.size < Math.min(size, pool.length)) picked.add(r.pick(pool));
        type Read = { code: string; cylinderId: number | null; result: ScanResult; reason: MoveProblem | null; qualified: boolean };
        const reads: Read[] = [...picked].map((i) => {
          const p = plans[i]!;
          const status = inspectionStatus({ ...p, scrapped: p.location === 'scrapped' }, readDate, dueDays);
          const bad = status === 'overdue' || status === 'end_of_life' || status === 'scrapped';
          return {
            code: p.labelNo && r.chance(0.3) ? p.labelNo : p.containerNo,
            cylinderId: ids[i]!,
            result: bad && reader.kind === 'gate' ? 'failure' : 'success',
            reason:
              bad && reader.kind === 'gate'
                ? status === 'overdue'
                  ? 'overdue'
                  : status === 'end_of_life'
                    ? 'endOfLife'
                    : 'scrapped'
                : null,
            qualified: QUALIFIED_STATUSES.includes(status),
          };
        });
        // A foreign cylinder now and then: waits in pending data at a gate (a movement), fails a plain count.
        if (r.chance(0.25))
          reads.push({
            code: `ZZ${String(r.int(100000, 999999))}`,
            cylinderId: null,
            result: reader.kind === 'gate' ? 'unprocessed' : 'failure',
            reason: 'unknownCylinder',
            qualified: false,
          });
        const batchKey = `${reader.kind}-${reader.id}-${String(++batchNo).padStart(5, '0')}`;
        const rowsOut = reads.map((x) => {
          const key = `${readDate}|${x.code}`;
          const fresh = !seenOn.has(key);
          seenOn.add(key);
          return { ...x, newToday: fresh };
        });
        const count = (f: (x: (typeof rowsOut)[number]) => boolean) => rowsOut.filter(f).length;
        const [batch] = await tx
          .insert(scanBatches)
          .values({
            groupId: demo.groupId,
            storeId: reader.storeId,
            readerId: reader.id,
            sender: `r:${reader.id}`,
            batchKey,
            kind: reader.kind === 'gate' ? 'filling_out' : null,
            scannedAt: readAt,
            total: rowsOut.length,
            success: count((x) => x.result === 'success'),
            failure: count((x) => x.result === 'failure'),
            unprocessed: count((x) => x.result === 'unprocessed'),
            newToday: count((x) => x.newToday),
            qualified: count((x) => x.qualified),
            createdAt: readAt,
          })
          .returning({ id: scanBatches.id });
        const waiting = rowsOut.filter((x) => x.result === 'unprocessed');
        const pend = waiting.length
          ? await tx
              .insert(cylinderPending)
              .values(
                waiting.map((x) => ({
                  groupId: demo.groupId,
                  storeId: reader.storeId,
                  source: 'scan' as const,
                  docDate: readDate,
                  docNo: batchKey,
                  lineNo: rowsOut.indexOf(x) + 1,
                  code: x.code,
                  kind: 'filling_out' as const,
                  reason: 'unknownCylinder' as const,
                  status: daysAgo > 7 ? ('processed' as const) : ('unprocessed' as const),
                  resolution: daysAgo > 7 ? ('discarded' as const) : null,
                  resolutionReason: daysAgo > 7 ? '非本公司鋼瓶' : null,
                  resolvedBy: daysAgo > 7 ? demo.users.manager : null,
                  resolvedAt: daysAgo > 7 ? at(daysAgo - 1, 9) : null,
                  createdAt: readAt,
                })),
              )
              .returning({ id: cylinderPending.id })
          : [];
        let w = 0;
        await tx.insert(scanReads).values(
          rowsOut.map((x) => ({
            groupId: demo.groupId,
            storeId: reader.storeId,
            batchId: batch!.id,
            readerId: reader.id,
            code: x.code,
            readAt,
            readDate,
            kind: reader.kind === 'gate' ? ('filling_out' as const) : null,
            cylinderId: x.cylinderId,
            result: x.result,
            reason: x.reason,
            pendingId: x.result === 'unprocessed' ? pend[w++]!.id : null,
            newToday: x.newToday,
            qualified: x.qualified,
          })),
        );
      }
    }
  }
  if (pendingValues.length) await tx.insert(cylinderPending).values(pendingValues);
};
