import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { getParamNumber, getParamText } from '../../platform/params.js';
import { actionLog } from '../../platform/platform.schema.js';

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Params A');
});
afterAll(async () => {
  await t.close();
});

const lastAudit = async (entity: string) =>
  (
    await t.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.entity, entity)))
      .orderBy(desc(actionLog.id))
      .limit(1)
  )[0];

describe('parameters', () => {
  it('lists every registered parameter with platform, group and effective values', async () => {
    const res = await t.admin.get(`/api/system/params?groupId=${a.groupId}`);
    expect(res.statusCode).toBe(200);
    const low = res.json().items.find((p: { code: string }) => p.code === 'LOW_GAS_PERCENT');
    expect(low).toMatchObject({
      type: 'number',
      min: 1,
      max: 99,
      defaultValue: '20',
      platformValue: '20',
      groupValue: null,
      effectiveValue: '20',
      name: 'Low residual gas threshold (%)',
    });
    const zh = await t.admin.get('/api/system/params?keyword=殘氣', { headers: { 'accept-language': 'zh-TW' } });
    expect(zh.json().items.map((p: { code: string }) => p.code)).toContain('LOW_GAS_PERCENT');
  });

  it('sets the platform default and a group override, which getParam reads; audited', async () => {
    const platform = await t.admin.put('/api/system/params', { code: 'LOW_GAS_PERCENT', value: '25' });
    expect(platform.statusCode).toBe(200);
    expect(platform.json()).toMatchObject({ platformValue: '25', effectiveValue: '25' });
    expect(await getParamNumber(t.db, a.groupId, 'LOW_GAS_PERCENT')).toBe(25);
    expect(await lastAudit('params')).toMatchObject({ action: 'edit', screen: 'ParamsSetting' });
    const group = await t.admin.put('/api/system/params', { code: 'LOW_GAS_PERCENT', groupId: a.groupId, value: 30 });
    expect(group.statusCode).toBe(200);
    expect(group.json()).toMatchObject({ platformValue: '25', groupValue: '30', effectiveValue: '30' });
    expect(await getParamNumber(t.db, a.groupId, 'LOW_GAS_PERCENT')).toBe(30);
    expect(await lastAudit('params')).toMatchObject({ action: 'create' });
    const reset = await t.admin.del('/api/system/params', { code: 'LOW_GAS_PERCENT', groupId: a.groupId });
    expect(reset.statusCode).toBe(200);
    expect(await getParamNumber(t.db, a.groupId, 'LOW_GAS_PERCENT')).toBe(25);
    expect((await t.admin.del('/api/system/params', { code: 'LOW_GAS_PERCENT', groupId: a.groupId })).statusCode).toBe(404);
  });

  it('validates values by type and range, currency and time zone', async () => {
    const notNumber = await t.admin.put('/api/system/params', { code: 'LOW_GAS_PERCENT', value: 'abc' });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().errors.value).toBe('Enter a valid number');
    const tooBig = await t.admin.put('/api/system/params', { code: 'LOW_GAS_PERCENT', value: '150' });
    expect(tooBig.json().errors.value).toBe('Must be at most 99');
    const tooSmall = await t.admin.put(
      '/api/system/params',
      { code: 'NEARBY_RADIUS_KM', value: '0.01' },
      { headers: { 'accept-language': 'zh-TW' } },
    );
    expect(tooSmall.json().errors.value).toBe('不可小於 0.1');
    expect((await t.admin.put('/api/system/params', { code: 'DEFAULT_CURRENCY', value: 'XYZ' })).json().errors.value).toBe(
      'Invalid format',
    );
    expect((await t.admin.put('/api/system/params', { code: 'DEFAULT_TIME_ZONE', value: 'Mars/Base' })).statusCode).toBe(400);
    expect((await t.admin.put('/api/system/params', { code: 'DEFAULT_CURRENCY', value: 'MYR' })).statusCode).toBe(200);
    expect(await getParamText(t.db, null, 'DEFAULT_CURRENCY')).toBe('MYR');
    expect((await t.admin.put('/api/system/params', { code: 'NOPE', value: '1' })).json().errors.code).toBe('Invalid format');
    expect(
      (await t.admin.put('/api/system/params', { code: 'LOW_GAS_PERCENT', groupId: 999999, value: '1' })).json().errors.groupId,
    ).toBeTruthy();
  });

  it('is the platform administrator’s: a group manager gets 403', async () => {
    expect((await a.manager.get('/api/system/params')).statusCode).toBe(403);
    expect((await a.manager.put('/api/system/params', { code: 'LOW_GAS_PERCENT', groupId: a.groupId, value: '10' })).statusCode).toBe(403);
    expect((await a.manager.del('/api/system/params', { code: 'LOW_GAS_PERCENT', groupId: a.groupId })).statusCode).toBe(403);
  });
});

describe('cylinder handling sites', () => {
  it('creates, lists, edits and soft-deletes sites, each audited', async () => {
    const res = await t.admin.post('/api/system/handling-sites', {
      code: 'FILL-01',
      name: '五股分裝場',
      type: 'filling',
      address: '新北市五股區',
      phone: '02-2299-0000',
    });
    expect(res.statusCode).toBe(200);
    const site = res.json();
    expect(await lastAudit('cylinder_handling_sites')).toMatchObject({
      action: 'create',
      entityId: String(site.id),
      screen: 'CylinderHandlingSite',
    });
    const dup = await t.admin.post('/api/system/handling-sites', { code: 'fill-01', name: 'x', type: 'both' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.code).toBe('This code is already in use');
    const edit = await t.admin.put(`/api/system/handling-sites/${site.id}`, { code: 'FILL-01', name: '五股分裝場二廠', type: 'both' });
    expect(edit.json()).toMatchObject({ name: '五股分裝場二廠', type: 'both', address: null });
    expect((await t.admin.get('/api/system/handling-sites?type=both&keyword=五股')).json().items).toHaveLength(1);
    expect((await t.admin.del(`/api/system/handling-sites/${site.id}`)).statusCode).toBe(200);
    expect(await lastAudit('cylinder_handling_sites')).toMatchObject({ action: 'delete' });
    expect((await t.admin.get('/api/system/handling-sites?keyword=五股')).json().items).toHaveLength(0);
    expect((await t.admin.put(`/api/system/handling-sites/${site.id}`, { code: 'FILL-01', name: 'x', type: 'both' })).statusCode).toBe(404);
    // The code is free again once the site is deleted.
    expect((await t.admin.post('/api/system/handling-sites', { code: 'FILL-01', name: 'new', type: 'filling' })).statusCode).toBe(200);
  });

  it('validates with field messages', async () => {
    const res = await t.admin.post('/api/system/handling-sites', { code: 'a b', name: '', type: 'storage', phone: 'call me' });
    expect(res.statusCode).toBe(400);
    const e = res.json().errors;
    expect(e.code).toBe('Invalid format');
    expect(e.name).toBe('This field is required');
    expect(e.type).toBeTruthy();
    expect(e.phone).toBe('Invalid format');
  });

  it('lets cylinder screens read the list but only the platform administrator change it', async () => {
    expect((await a.manager.get('/api/system/handling-sites')).statusCode).toBe(200);
    expect((await a.staff.get('/api/system/handling-sites')).statusCode).toBe(403);
    expect((await a.manager.post('/api/system/handling-sites', { code: 'X', name: 'x', type: 'both' })).statusCode).toBe(403);
    expect((await a.manager.del('/api/system/handling-sites/1')).statusCode).toBe(403);
  });
});
