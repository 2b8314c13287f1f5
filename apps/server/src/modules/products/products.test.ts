import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { products } from './products.schema.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Products A');
  b = await t.tenant('Products B');
});
afterAll(async () => {
  await t.close();
});

describe('/api/prod/type', () => {
  it('creates, lists, edits and deletes product types of the caller’s group, audited', async () => {
    const res = await a.manager.post('/api/prod/type', { name: '桶裝瓦斯', sortOrder: 1 });
    expect(res.statusCode).toBe(200);
    const type = res.json();
    expect(type).toMatchObject({ groupId: a.groupId, name: '桶裝瓦斯', productCount: 0 });
    expect(await t.lastAudit('product_types', type.id)).toMatchObject({ action: 'create', screen: 'Product' });
    expect((await a.manager.get('/api/prod/type')).json().items.map((x: { id: number }) => x.id)).toEqual([type.id]);
    expect((await b.manager.get('/api/prod/type')).json().total).toBe(0);
    const edit = await a.manager.put('/api/prod/type', { id: type.id, name: '家用瓦斯', sortOrder: 2 });
    expect(edit.json()).toMatchObject({ name: '家用瓦斯', sortOrder: 2 });
    expect(await t.lastAudit('product_types', type.id)).toMatchObject({ action: 'edit' });
    const del = await a.manager.del('/api/prod/type', { id: type.id });
    expect(del.statusCode).toBe(200);
    expect(await t.lastAudit('product_types', type.id)).toMatchObject({ action: 'delete' });
    expect((await a.manager.get('/api/prod/type')).json().total).toBe(0);
  });

  it('validates, refuses duplicates, 404 across groups, 403 without rights', async () => {
    const bad = await a.manager.post('/api/prod/type', { name: '', sortOrder: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: 'This field is required', sortOrder: 'Must be at least 0' });
    const type = (await a.manager.post('/api/prod/type', { name: '器具' })).json();
    const dup = await a.manager.post('/api/prod/type', { name: '器具' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.name).toBe('This name already exists');
    expect((await b.manager.post('/api/prod/type', { name: '器具' })).statusCode).toBe(200);
    expect((await b.manager.put('/api/prod/type', { id: type.id, name: 'x' })).statusCode).toBe(404);
    expect((await b.manager.del('/api/prod/type', { id: type.id })).statusCode).toBe(404);
    expect((await b.manager.get(`/api/prod/type?id=${type.id}`)).json().total).toBe(0);
    expect((await a.staff.get('/api/prod/type')).statusCode).toBe(403);
    expect((await a.staff.post('/api/prod/type', { name: 'x' })).statusCode).toBe(403);
    expect((await t.admin.post('/api/prod/type', { name: 'x' })).json().errors.groupId).toBe('This field is required');
  });
});

describe('/api/prod', () => {
  it('manages products with type, unit and price (minor units); a type in use cannot be deleted', async () => {
    const type = (await a.manager.post('/api/prod/type', { name: '瓦斯' })).json();
    const res = await a.manager.post('/api/prod', { typeId: type.id, name: '20公斤桶裝瓦斯', code: 'GAS-20', unit: '桶', price: 72000 });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ typeName: '瓦斯', price: 72000, currency: 'TWD', active: true, groupId: a.groupId });
    expect(await t.lastAudit('products', p.id)).toMatchObject({ action: 'create' });
    const inUse = await a.manager.del('/api/prod/type', { id: type.id });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('inUse');
    const edit = await a.manager.put('/api/prod', {
      id: p.id,
      typeId: type.id,
      name: '20公斤桶裝瓦斯',
      unit: '桶',
      price: 75000,
      active: false,
    });
    expect(edit.json()).toMatchObject({ price: 75000, active: false, code: null });
    expect((await a.manager.get('/api/prod?active=false&keyword=GAS')).json().total).toBe(0);
    expect((await a.manager.get('/api/prod?active=false&keyword=20公斤')).json().total).toBe(1);
    expect((await a.manager.get(`/api/prod?typeId=${type.id}`)).json().items[0].price).toBe(75000);
    expect((await b.manager.put('/api/prod', { id: p.id, typeId: type.id, name: 'x', unit: 'x', price: 1 })).statusCode).toBe(404);
    expect((await b.manager.del('/api/prod', { id: p.id })).statusCode).toBe(404);
    expect((await a.manager.del('/api/prod', { id: p.id })).statusCode).toBe(200);
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await a.manager.del('/api/prod/type', { id: type.id })).statusCode).toBe(200);
  });

  it('validates fields, the type must be the group’s own', async () => {
    const bad = await a.manager.post('/api/prod', { typeId: 0, name: '', unit: '', price: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      typeId: 'Must be at least 1',
      name: 'This field is required',
      unit: 'This field is required',
      price: 'Enter a whole number',
    });
    const foreignType = (await b.manager.post('/api/prod/type', { name: '他組' })).json();
    const res = await a.manager.post('/api/prod', { typeId: foreignType.id, name: 'x', unit: 'x', price: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.typeId).toBe('Invalid format');
    expect((await a.staff.post('/api/prod', { typeId: foreignType.id, name: 'x', unit: 'x', price: 1 })).statusCode).toBe(403);
  });
});
