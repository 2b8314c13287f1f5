import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dateIn, shiftDate, type FieldActionResult, type FieldActionsResult } from '@gasops/shared';
import { createTestApp, PASSWORD, type Caller, type Tenant, type TestApp } from '../../../test/helpers.js';
import { hashPassword } from '../../platform/auth.js';
import { roles, users, userStores } from '../../platform/platform.schema.js';
import { cylinderMovements, cylinderPending, cylinders } from '../cylinders/cylinders.schema.js';
import { customerGasCredits, orders } from '../orders/orders.schema.js';
import { fieldActions, inspections } from './field.schema.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let driver: Caller;
let inspector: Caller;
let dataDir: string;
let c1: number;
let c2: number;
let siteId: number;
const today = () => dateIn('Asia/Taipei');
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

// Driver: the four field screens but the inspection; the staff user of tenant A (store A only).
const DRIVER_MENU = {
  mobileIndex: ['view'],
  gasRound: ['view', 'create'],
  gasReturn: ['view', 'create'],
  gasPackaging: ['view', 'create'],
} as const;

type Body = Record<string, unknown>;
async function createCylinder(containerNo: string, over: Body = {}): Promise<number> {
  const res = await a.manager.post('/api/cylinders', {
    storeId: a.storeIds[0],
    containerNo,
    sizeKg: 20,
    tareG: 15_350,
    material: 'steel',
    pressureTestDate: shiftYears(-5),
    nextInspectionDeadline: shiftYears(3),
    locationKind: 'store',
    fill: 'full',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const shiftDays = (days: number) => shiftDate(today(), { days });
const shiftYears = (n: number) => `${Number(today().slice(0, 4)) + n}${today().slice(4, 10) === '-02-29' ? '-02-28' : today().slice(4)}`;
async function stockDocument(kind: string, codes: string[], over: Body = {}) {
  const res = await a.manager.post('/api/cylinders/stock-documents', { storeId: a.storeIds[0], kind, docDate: today(), codes, ...over });
  expect(res.statusCode, res.body).toBe(201);
}
async function stateOf(id: number) {
  const [c] = await t.db.select().from(cylinders).where(eq(cylinders.id, id));
  return c!;
}
async function dispatchedOrder(customerId: number, gasWeightG = 20_000): Promise<number> {
  const o = await a.manager.post('/api/orders', { storeId: a.storeIds[0], customerId, orderDate: today(), gasWeightG });
  expect(o.statusCode, o.body).toBe(201);
  const d = await a.manager.post('/api/orders/dispatch', {
    orderIds: [o.json().id],
    deliveryPersonId: a.userIds.staff,
    deliveryAt: new Date().toISOString(),
  });
  expect(d.statusCode, d.body).toBe(200);
  return o.json().id;
}

const action = (kind: string, payload: Body, id: string = crypto.randomUUID()) => ({
  id,
  kind,
  deviceTime: new Date(Date.now() - 3_600_000).toISOString(),
  payload,
});
async function sync(caller: Caller, actions: Body[], headers: Record<string, string> = {}): Promise<FieldActionResult[]> {
  const res = await caller.post('/api/field/actions', { actions }, { headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FieldActionsResult>().results;
}
const deliver = (orderId: number, over: Body = {}) => ({
  orderId,
  handedOver: [],
  takenBack: [],
  gasStatus: 'return',
  paymentType: 'cash',
  cashAmount: 0,
  signature: PNG,
  position: { lat: 25.05, lng: 121.52, accuracyM: 8 },
  ...over,
});

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-field-'));
  t = await createTestApp({ dataDir });
  a = await t.tenant('Field A', { ...DRIVER_MENU } as never);
  b = await t.tenant('Field B');
  driver = a.staff;
  // An inspector of store A: mobileIndex and gasExamine only.
  const [role] = await t.db
    .insert(roles)
    .values({ groupId: a.groupId, code: 'inspector', name: 'Inspector', menu: { mobileIndex: ['view'], gasExamine: ['view', 'create'] } })
    .returning();
  const [u] = await t.db
    .insert(users)
    .values({
      groupId: a.groupId,
      account: 'field-inspector',
      name: 'Inspector Wu',
      passwordHash: await hashPassword(PASSWORD),
      roleId: role!.id,
      defaultStoreId: a.storeIds[0],
    })
    .returning();
  await t.db.insert(userStores).values({ userId: u!.id, storeId: a.storeIds[0] });
  inspector = await t.login('field-inspector');

  const customer = async (name: string) =>
    (
      await a.manager.post('/api/customers', {
        storeId: a.storeIds[0],
        type: 'residential',
        name,
        phone: '0911-222-333',
        address: `${name} 路 1 號`,
      })
    ).json().id as number;
  c1 = await customer('林美華');
  c2 = await customer('王大同');
  const dp = await a.manager.put('/api/delivery-persons', { storeId: a.storeIds[0], userIds: [a.userIds.staff] });
  expect(dp.statusCode, dp.body).toBeLessThan(300);
  const site = await t.admin.post('/api/system/handling-sites', { code: 'FP01', name: 'Filling plant 1', type: 'filling' });
  expect(site.statusCode, site.body).toBeLessThan(300);
  siteId = site.json().id;

  // Full cylinders in store A; C1 has one at the door from an earlier sale (to be taken back).
  for (const n of [1, 2, 3, 4]) await createCylinder(`AA11200000${n}0`, n === 1 ? { labelNo: 'Q-0001' } : {});
  await createCylinder('AA1120000900');
  await stockDocument('sales_out', ['AA1120000900'], { customerId: c1 });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the day and the cylinder check', () => {
  it("answers the driver's dispatched orders in route order with what the door needs, and the cylinders of the day", async () => {
    const orderId = await dispatchedOrder(c1);
    const res = await driver.get('/api/field/today');
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json();
    expect(day).toMatchObject({ today: today(), maxCylinderEntries: 20, inspections: null, stores: [{ id: a.storeIds[0] }] });
    expect(Date.parse(day.fetchedAt)).toBeGreaterThan(Date.now() - 60_000);
    const o = day.orders.find((x: { id: number }) => x.id === orderId);
    expect(o).toMatchObject({
      routeIndex: 1,
      status: 'not_delivered',
      customerName: '林美華',
      phone: '0911-222-333',
      totalAmount: 72_000,
      gasCreditG: 0,
      cylindersAtCustomer: ['AA1120000900'],
    });
    expect(day.cylinders.find((c: { containerNo: string }) => c.containerNo === 'AA1120000010')).toMatchObject({
      tareG: 15_350,
      locationKind: 'store',
      fill: 'full',
      inspectionStatus: 'in_date',
      handOver: true,
    });
    await a.manager.post(`/api/orders/${orderId}/cancel`, { reason: 'test setup' });
  });

  it('checks codes: by container or label number, unknown ones listed; another tenant gets 404', async () => {
    const res = await driver.get('/api/field/cylinders?codes=aa1120000010, q-0001 ,ZZ404');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().unknown).toEqual(['ZZ404']);
    expect((await driver.get('/api/field/cylinders/Q-0001')).json()).toMatchObject({ containerNo: 'AA1120000010', tareG: 15_350 });
    expect((await b.manager.get('/api/field/cylinders/Q-0001')).statusCode).toBe(404);
    expect((await driver.get('/api/field/cylinders/ZZ404')).statusCode).toBe(404);
  });

  it('403 for a user without the field screens', async () => {
    expect((await b.staff.get('/api/field/today')).statusCode).toBe(403);
    expect(
      (await b.staff.post('/api/field/actions', { actions: [action('return', { storeId: b.storeIds[0], codes: ['X'] })] })).statusCode,
    ).toBe(403);
    expect((await driver.get('/api/field/inspections')).statusCode).toBe(403);
  });
});

describe('deliver, exactly once', () => {
  let orderId: number;
  let first: FieldActionResult;
  const uuid = crypto.randomUUID();

  it('delivers: cylinders moved, residual from the tare kept as gas credit, cash, the order completed with the right amounts', async () => {
    orderId = await dispatchedOrder(c1);
    const [r] = await sync(driver, [
      action(
        'deliver',
        deliver(orderId, {
          handedOver: ['AA1120000010'],
          takenBack: [{ code: 'AA1120000900', grossG: 17_850 }],
          gasStatus: 'store',
          cashAmount: 72_000,
          photo: PNG,
        }),
        uuid,
      ),
    ]);
    first = r!;
    expect(first).toMatchObject({
      id: uuid,
      status: 'applied',
      message: 'Delivery successful',
      orderId,
      orderStatus: 'completed',
      totalAmount: 72_000,
      errors: {},
    });
    expect(first.lines).toEqual([
      expect.objectContaining({ code: 'AA1120000010', movement: 'sales_out', result: 'applied', residualG: null }),
      expect.objectContaining({ code: 'AA1120000900', movement: 'collection_in', result: 'applied', residualG: 2_500 }),
    ]);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(o).toMatchObject({
      status: 'completed',
      gasWeightG: 20_000,
      residualGasG: 2_500,
      gasStatus: 'store',
      storedGasG: 2_500,
      gasRefundAmount: 0,
      gasAmount: 72_000,
      totalAmount: 72_000,
    });
    expect(await t.db.select().from(customerGasCredits).where(eq(customerGasCredits.orderId, orderId))).toEqual([
      expect.objectContaining({ kind: 'stored', grams: 2_500, customerId: c1 }),
    ]);
    const [full] = await t.db.select().from(cylinders).where(eq(cylinders.containerNo, 'AA1120000010'));
    expect(full).toMatchObject({ locationKind: 'customer', customerId: c1, fill: 'full', holding: 'sale' });
    const [empty] = await t.db.select().from(cylinders).where(eq(cylinders.containerNo, 'AA1120000900'));
    expect(empty).toMatchObject({ locationKind: 'store', fill: 'empty', customerId: null });
    const [row] = await t.db.select().from(fieldActions).where(eq(fieldActions.actionId, uuid));
    expect(row).toMatchObject({ status: 'applied', paymentType: 'cash', cashAmount: 72_000, orderId, lineCount: 2, pendingCount: 0 });
    expect(row!.deviceTime.getTime()).toBeLessThan(row!.serverTime.getTime() - 3_000_000);
    expect(fs.existsSync(path.join(dataDir, row!.signaturePath!))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, row!.photoPath!))).toBe(true);
    expect(await t.lastAudit('field_actions', row!.id)).toMatchObject({ action: 'deliver', groupId: a.groupId });
    expect(await t.lastAudit('orders', orderId)).toMatchObject({ action: 'delivered' });
    // The next day's view shows the customer's credit.
    const next = await dispatchedOrder(c1);
    const day = (await driver.get('/api/field/today')).json();
    expect(day.orders.find((x: { id: number }) => x.id === next)).toMatchObject({ gasCreditG: 2_500 });
    expect(day.orders.find((x: { id: number }) => x.id === orderId)).toMatchObject({ status: 'completed' });
    await a.manager.post(`/api/orders/${next}/cancel`, { reason: 'test' });
  });

  it('the same UUID again (a lost answer, a second tab): one effect, the first answer as duplicate', async () => {
    const body = deliver(orderId, {
      handedOver: ['AA1120000010'],
      takenBack: [{ code: 'AA1120000900', grossG: 17_850 }],
      gasStatus: 'store',
    });
    const [again] = await sync(driver, [action('deliver', body, uuid)]);
    expect(again).toMatchObject({ ...first, status: 'duplicate', firstStatus: 'applied' });
    const [x, y] = await Promise.all([sync(driver, [action('deliver', body, uuid)]), sync(driver, [action('deliver', body, uuid)])]);
    expect([x[0]!.status, y[0]!.status]).toEqual(['duplicate', 'duplicate']);
    expect(await t.db.select().from(fieldActions).where(eq(fieldActions.actionId, uuid))).toHaveLength(1);
    expect(await t.db.select().from(customerGasCredits).where(eq(customerGasCredits.orderId, orderId))).toHaveLength(1);
    const [full] = await t.db.select().from(cylinders).where(eq(cylinders.containerNo, 'AA1120000010'));
    expect(await t.db.select().from(cylinderMovements).where(eq(cylinderMovements.cylinderId, full!.id))).toHaveLength(1);
    // Two first sends of one new action at the same time: one applies, the other answers its result.
    const twin = action('packaging', { storeId: a.storeIds[0], handlingSiteId: siteId, codes: ['AA1120000900'] });
    const [p, q] = await Promise.all([sync(driver, [twin]), sync(driver, [twin])]);
    expect([p[0]!.status, q[0]!.status].sort()).toEqual(['applied', 'duplicate']);
    const [sent] = await t.db.select().from(cylinders).where(eq(cylinders.containerNo, 'AA1120000900'));
    expect(sent).toMatchObject({ locationKind: 'filling', locationId: siteId });
    // Another user sending someone's UUID is refused.
    const [stolen] = await sync(a.manager, [action('deliver', body, uuid)]);
    expect(stolen!.status).toBe('rejected');
  });

  it("the office sees the delivery with the cash collected, the order's state and the proof; filters; another tenant 404", async () => {
    const [o] = await t.db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, orderId));
    const res = await a.manager.get(`/api/field/actions?kind=deliver&from=${today()}&to=${today()}&keyword=${o!.orderNo}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 1 });
    const row = res.json().items[0];
    expect(row).toMatchObject({
      actionId: uuid,
      kind: 'deliver',
      status: 'applied',
      orderId,
      orderNo: o!.orderNo,
      orderStatus: 'completed',
      orderTotal: 72_000,
      customerName: '林美華',
      paymentType: 'cash',
      cashAmount: 72_000,
      hasSignature: true,
      hasPhoto: true,
      message: 'Delivery successful',
    });
    expect(Date.parse(row.deviceTime)).toBeLessThan(Date.parse(row.serverTime));
    // The keyword also finds the customer; other filters leave it out.
    expect((await a.manager.get('/api/field/actions?kind=deliver&keyword=林美')).json().items.map((r: { id: number }) => r.id)).toContain(
      row.id,
    );
    expect((await a.manager.get(`/api/field/actions?kind=return&keyword=${o!.orderNo}`)).json().total).toBe(0);
    expect((await a.manager.get(`/api/field/actions?status=conflict&keyword=${o!.orderNo}`)).json().total).toBe(0);
    expect((await a.manager.get(`/api/field/actions?to=${shiftDays(-1)}&keyword=${o!.orderNo}`)).json().total).toBe(0);
    // The proof files: the very bytes the phone sent; another tenant and the driver get nothing.
    const sig = await a.manager.get(`/api/field/actions/${row.id}/signature`);
    expect(sig.statusCode).toBe(200);
    expect(sig.headers['content-type']).toBe('image/png');
    expect(sig.rawPayload.equals(Buffer.from(PNG.split(',')[1]!, 'base64'))).toBe(true);
    expect((await a.manager.get(`/api/field/actions/${row.id}/photo`)).statusCode).toBe(200);
    expect((await b.manager.get(`/api/field/actions/${row.id}/signature`)).statusCode).toBe(404);
    expect((await driver.get(`/api/field/actions/${row.id}/signature`)).statusCode).toBe(403);
    expect((await a.manager.get(`/api/field/actions/${row.id}/video`)).statusCode).toBe(400);
  });
});

describe('conflicts never block the queue', () => {
  it('an order cancelled meanwhile and a cylinder moved meanwhile: conflict, pending data, later actions still applied', async () => {
    const cancelled = await dispatchedOrder(c2);
    await a.manager.post(`/api/orders/${cancelled}/cancel`, { reason: 'customer away' });
    // Meanwhile the office sold AA1120000020 to C2 (the phone did not know).
    await stockDocument('sales_out', ['AA1120000020'], { customerId: c2 });
    const live = await dispatchedOrder(c2);
    const results = await sync(driver, [
      action('deliver', deliver(cancelled, { handedOver: ['AA1120000020'] })),
      action('return', { storeId: a.storeIds[0], codes: ['ZZ0000000001'] }),
      action('deliver', deliver(live, { handedOver: ['AA1120000030'], cashAmount: 72_000 })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['conflict', 'conflict', 'applied']);
    expect(results[0]).toMatchObject({
      reasons: ['orderCancelled', 'cylindersPending'],
      message: 'The order was cancelled; the delivery is kept for the office',
      orderStatus: 'cancelled',
      errors: { 'handedOver.0': 'The cylinder is already there' },
    });
    expect(results[0]!.lines[0]).toMatchObject({ result: 'pending', reason: 'alreadyThere', pendingId: expect.any(Number) });
    expect(results[1]).toMatchObject({ reasons: ['cylindersPending'], errors: { 'codes.0': 'No matching field' } });
    expect(results[2]).toMatchObject({ orderStatus: 'completed', message: 'Delivery successful' });
    const pending = await t.db.select().from(cylinderPending).where(eq(cylinderPending.groupId, a.groupId));
    expect(pending.map((p) => [p.code, p.reason, p.status])).toEqual(
      expect.arrayContaining([
        ['AA1120000020', 'alreadyThere', 'unprocessed'],
        ['ZZ0000000001', 'unknownCylinder', 'unprocessed'],
      ]),
    );
    const [o] = await t.db.select().from(orders).where(eq(orders.id, cancelled));
    expect(o!.status).toBe('cancelled');
    // The office's list of conflicts.
    const list = await a.manager.get('/api/field/actions?status=conflict');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          orderId: cancelled,
          reasons: ['orderCancelled', 'cylindersPending'],
          pendingCount: 1,
          userName: expect.any(String),
        }),
        expect.objectContaining({ kind: 'return', pendingCount: 1 }),
      ]),
    );
    expect(list.json().items.every((r: { status: string }) => r.status === 'conflict')).toBe(true);
    expect((await b.manager.get('/api/field/actions')).json().items).toEqual([]);
  });
});

describe('seed §5 rules and refusals', () => {
  const ret = (codes: unknown) => action('return', { storeId: a.storeIds[0], codes });

  it('duplicate number or barcode, no space available, at least one cylinder, in the caller language; a refusal stores nothing', async () => {
    const [dup, twoNames, full, none, missing] = await sync(driver, [
      ret(['AA1120000040', 'aa1120000040']),
      ret(['AA1120000010', 'Q-0001']),
      ret(Array.from({ length: 21 }, (_, i) => `XX${i}`)),
      ret([]),
      action('packaging', { storeId: a.storeIds[0], codes: ['AA1120000040'] }),
    ]);
    expect(dup).toMatchObject({
      status: 'rejected',
      message: 'Duplicate cylinder barcode or number',
      errors: { 'codes.1': 'Duplicate cylinder barcode or number' },
    });
    expect(twoNames).toMatchObject({ status: 'rejected', errors: { 'codes.1': 'Duplicate cylinder barcode or number' } });
    expect(full).toMatchObject({ status: 'rejected', message: 'No space available', errors: { codes: 'No space available' } });
    expect(none).toMatchObject({ status: 'rejected', errors: { codes: 'Enter at least one cylinder number' } });
    expect(missing).toMatchObject({ status: 'rejected', errors: { handlingSiteId: 'This field is required' } });
    const ids = [dup, twoNames, full, none].map((r) => r!.id);
    for (const id of ids) expect(await t.db.select().from(fieldActions).where(eq(fieldActions.actionId, id))).toEqual([]);
    const [zh] = await sync(driver, [ret(['A1', 'A1'])], { 'accept-language': 'zh-TW' });
    expect(zh!.errors['codes.1']).toBe('鋼瓶條碼或編號重複');
    const [ja] = await sync(driver, [ret([])], { 'accept-language': 'ja-JP' });
    expect(ja!.errors.codes).toBe('ボンベ番号を少なくとも1つ入力してください');
  });

  it('a kind without its screen, another tenant’s order and a malformed envelope', async () => {
    const [examine] = await sync(driver, [action('examine', { customerId: c1 })]);
    expect(examine).toMatchObject({ status: 'rejected', message: 'You do not have permission to do this' });
    const [foreign] = await sync(b.manager, [action('deliver', deliver(1))]);
    expect(foreign!.status).toBe('rejected');
    const bad = await driver.post('/api/field/actions', {
      actions: [{ id: 'not-a-uuid', kind: 'return', deviceTime: new Date().toISOString(), payload: {} }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['actions.0.id']).toBe('Invalid format');
    const tooMany = await driver.post('/api/field/actions', { actions: Array.from({ length: 51 }, () => ret(['A'])) });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('a day offline', () => {
  it('syncs 200 queued actions (refill out and back for 100 cylinders) in order, each once', async () => {
    const codes = Array.from({ length: 100 }, (_, i) => `BB1120${String(i).padStart(6, '0')}`);
    const bulk = await a.manager.post('/api/cylinders/bulk', {
      storeId: a.storeIds[0],
      rows: codes.map((containerNo) => ({
        containerNo,
        sizeKg: 20,
        tareG: 15_000,
        pressureTestDate: shiftYears(-3),
        nextInspectionDeadline: shiftYears(2),
        locationKind: 'store',
        fill: 'empty',
      })),
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    const queue = [
      ...codes.map((c) => action('packaging', { storeId: a.storeIds[0], handlingSiteId: siteId, codes: [c] })),
      ...codes.map((c) => action('filling-in', { storeId: a.storeIds[0], handlingSiteId: siteId, codes: [c] })),
    ];
    const results: FieldActionResult[] = [];
    for (let i = 0; i < queue.length; i += 50) results.push(...(await sync(driver, queue.slice(i, i + 50))));
    expect(results).toHaveLength(200);
    expect(results.every((r) => r.status === 'applied')).toBe(true);
    expect(results[0]!.message).toBe('Refill dispatched');
    const rows = await t.db
      .select()
      .from(cylinders)
      .where(and(eq(cylinders.groupId, a.groupId), eq(cylinders.tareG, 15_000)));
    expect(rows).toHaveLength(100);
    expect(rows.every((c) => c.locationKind === 'store' && c.fill === 'full')).toBe(true);
    // The whole queue resent (the phone never saw the answers): nothing happens twice.
    const again: FieldActionResult[] = [];
    for (let i = 0; i < queue.length; i += 50) again.push(...(await sync(driver, queue.slice(i, i + 50))));
    expect(again.every((r) => r.status === 'duplicate')).toBe(true);
    const one = await stateOf(rows[0]!.id);
    expect(await t.db.select().from(cylinderMovements).where(eq(cylinderMovements.cylinderId, one.id))).toHaveLength(2);
  });
});

describe('gas safety inspection', () => {
  it('records an inspection with a failed item; the back office lists it; the inspector sees the customer due', async () => {
    const items = {
      hose: { result: 'fail', note: 'Cracked hose' },
      regulator: { result: 'pass' },
      leakTest: { result: 'pass' },
      ventilation: { result: 'pass' },
      placement: { result: 'pass' },
      cylinderInDate: { result: 'pass' },
    };
    const body = { customerId: c2, items, codes: ['AA1120000020'], signature: PNG, nextDueDate: today() };
    // Recorded on the phone two days ago, synced now: dated the day it was made.
    const madeAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const [wrong, done] = await sync(inspector, [
      action('examine', { ...body, result: 'pass' }),
      { ...action('examine', { ...body, result: 'fail' }), deviceTime: madeAt },
    ]);
    expect(wrong).toMatchObject({ status: 'rejected', errors: { result: 'With a failed item the result must be fail' } });
    expect(done).toMatchObject({ status: 'applied', message: 'Saved', inspectionId: expect.any(Number) });
    const [row] = await t.db.select().from(inspections).where(eq(inspections.id, done!.inspectionId!));
    expect(row).toMatchObject({
      result: 'fail',
      failedItems: ['hose'],
      customerId: c2,
      inspectionDate: dateIn('Asia/Taipei', new Date(madeAt)),
    });
    expect(row!.inspectedAt.toISOString()).toBe(madeAt);
    expect(row!.cylinders).toEqual([{ code: 'AA1120000020', cylinderId: expect.any(Number), inspectionStatus: 'in_date' }]);
    const list = await a.manager.get(`/api/field/inspections?result=fail&customerId=${c2}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 1 });
    expect(list.json().items[0]).toMatchObject({
      customerName: '王大同',
      inspectorName: 'Inspector Wu',
      failedItems: ['hose'],
      failedItemsText: 'Hose',
      items: { hose: { result: 'fail', note: 'Cracked hose' } },
      hasSignature: true,
      hasPhoto: false,
    });
    expect((await b.manager.get('/api/field/inspections')).json().total).toBe(0);
    const day = (await inspector.get('/api/field/today')).json();
    expect(day.orders).toEqual([]);
    expect(day.inspections).toEqual(expect.arrayContaining([expect.objectContaining({ customerId: c2, lastResult: 'fail' })]));
    // The driver may not record one; a customer of another tenant is refused.
    const [foreign] = await sync(inspector, [action('examine', { ...body, customerId: 999_999, result: 'fail' })]);
    expect(foreign!.status).toBe('rejected');
  });

  it('the back office filters inspections (period, result, store, keyword) and serves the signature and photo to its tenant only', async () => {
    const items = Object.fromEntries(
      ['hose', 'regulator', 'leakTest', 'ventilation', 'placement', 'cylinderInDate'].map((k) => [k, { result: 'pass' }]),
    );
    // Made now (not an hour ago, which may be yesterday in Taipei just after midnight).
    const [ok] = await sync(inspector, [
      {
        ...action('examine', { customerId: c1, items, codes: [], result: 'pass', signature: PNG, photo: PNG, nextDueDate: shiftYears(1) }),
        deviceTime: new Date().toISOString(),
      },
    ]);
    expect(ok).toMatchObject({ status: 'applied', inspectionId: expect.any(Number) });
    const ids = async (query: string) => {
      const res = await a.manager.get(`/api/field/inspections?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((r: { id: number }) => r.id) as number[];
    };
    expect(await ids(`from=${today()}&to=${today()}`)).toEqual([ok!.inspectionId]);
    expect(await ids(`to=${shiftDays(-1)}`)).not.toContain(ok!.inspectionId);
    expect(await ids('result=pass')).toEqual([ok!.inspectionId]);
    expect(await ids('result=fail')).not.toContain(ok!.inspectionId);
    expect(await ids(`storeId=${a.storeIds[0]}&keyword=林美華`)).toEqual([ok!.inspectionId]);
    expect(await ids('keyword=王大同 路')).toHaveLength(1);
    expect(await ids(`customerId=${c1}`)).toEqual([ok!.inspectionId]);
    expect((await a.manager.get(`/api/field/inspections?storeId=${b.storeIds[0]}`)).statusCode).toBe(404);
    expect((await a.manager.get('/api/field/inspections?result=maybe')).statusCode).toBe(400);
    const [row] = (await a.manager.get(`/api/field/inspections?customerId=${c1}`)).json().items;
    expect(row).toMatchObject({ result: 'pass', failedItems: [], hasSignature: true, hasPhoto: true, nextDueDate: shiftYears(1) });

    const url = (file: string) => `/api/field/inspections/${ok!.inspectionId}/${file}`;
    const photo = await a.manager.get(url('photo'));
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(Buffer.from(PNG.split(',')[1]!, 'base64'))).toBe(true);
    expect((await inspector.get(url('signature'))).statusCode).toBe(200);
    expect((await b.manager.get(url('signature'))).statusCode).toBe(404);
    expect((await driver.get(url('signature'))).statusCode).toBe(403);
    // The failed inspection of C2 has a signature but no photo.
    const [failed] = (await a.manager.get(`/api/field/inspections?customerId=${c2}`)).json().items;
    expect((await a.manager.get(`/api/field/inspections/${failed.id}/photo`)).statusCode).toBe(404);
    expect((await a.manager.get('/api/field/inspections/999999/signature')).statusCode).toBe(404);
    // The export streams the failed items in words, not codes.
    const columns = [
      { title: 'Date', field: 'inspectionDate', kind: 'date' },
      { title: 'Result', field: 'result', labels: { pass: 'Pass', fail: 'Fail' } },
      { title: 'Failed items', field: 'failedItemsText' },
    ];
    const csv = await a.manager.get(
      `/api/field/inspections?customerId=${c2}&format=csv&columns=${encodeURIComponent(JSON.stringify(columns))}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual(['"Date","Result","Failed items"', `"${failed.inspectionDate}","Fail","Hose"`]);
  });
});
