import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { lineContacts } from './line.schema.js';

let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Line contacts period');
});
afterAll(async () => {
  await t.close();
});

/** A contact typed in by staff, then dated at `iso` (as if reported then). */
async function contactAt(content: string, iso: string) {
  const res = await a.manager.post('/api/line/contacts', { reporter: 'Tel', content });
  expect(res.statusCode).toBe(200);
  await t.db
    .update(lineContacts)
    .set({ reportedAt: new Date(iso) })
    .where(eq(lineContacts.id, res.json().id));
}

describe('contact_customer report date filter', () => {
  it('filters by days of the store group (Asia/Taipei), both ends included, and refuses a malformed day', async () => {
    await contactAt('late on the 1st', '2026-03-01T15:30:00Z'); // 23:30 on 1 March in Taipei
    await contactAt('early on the 2nd', '2026-03-01T16:30:00Z'); // 00:30 on 2 March in Taipei
    await contactAt('on the 3rd', '2026-03-03T04:00:00Z');
    const contents = async (query: string) =>
      ((await a.manager.get(`/api/line/contacts?${query}`)).json().items as { content: string }[]).map((c) => c.content).sort();
    expect(await contents('from=2026-03-02&to=2026-03-02')).toEqual(['early on the 2nd']);
    expect(await contents('from=2026-03-01&to=2026-03-02')).toEqual(['early on the 2nd', 'late on the 1st']);
    expect(await contents('from=2026-03-02')).toEqual(['early on the 2nd', 'on the 3rd']);
    expect(await contents('to=2026-03-01')).toEqual(['late on the 1st']);
    const bad = await a.manager.get('/api/line/contacts?from=2026-3-2');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors ?? {})).toContain('from');
  });
});
