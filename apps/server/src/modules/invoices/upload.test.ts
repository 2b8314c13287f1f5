import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { dateIn, invoicePeriodOf, shiftDate, type Invoice, type RocPeriod } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { stores } from '../../platform/platform.schema.js';
import { einvoiceMessages, invoiceAllowances, invoices, invoiceTracks } from './invoices.schema.js';
import { f0401Xml, f0501Xml, g0401Xml } from './mig-xml.js';
import { TurnkeyFolderChannel } from './turnkey-channel.js';
import { FakeUploadChannel } from './upload-fake-channel.js';
import { runUpload } from './upload-job.js';
import { uploadJobTuning } from './upload-runtime.js';
import { checkTracks } from './upload-track-check.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let c: Tenant;

const today = () => dateIn('Asia/Taipei');
const now = (): RocPeriod => invoicePeriodOf(today());
const previous = (): RocPeriod =>
  now().period === 1
    ? { rocYear: now().rocYear - 1, period: 6 }
    : { rocYear: now().rocYear, period: (now().period - 1) as RocPeriod['period'] };

beforeAll(async () => {
  uploadJobTuning.checkEveryMs = 0;
  uploadJobTuning.uploadEveryMs = 0;
  t = await createTestApp({ secretsKey: 'test-secret' });
  a = await t.tenant('Upload A');
  b = await t.tenant('Upload B');
  c = await t.tenant('Upload C', { Home: ['view'] });
  for (const tenant of [a, b, c]) {
    await t.db.update(stores).set({ issuesInvoice: true, unifiedNumber: '04595257' }).where(eq(stores.groupId, tenant.groupId));
    const s = await tenant.manager.put('/api/store/StoreInvoice/settings', {
      storeId: tenant.storeIds[0],
      sellerUbn: '04595257',
      sellerName: 'Gas shop',
    });
    expect(s.statusCode).toBe(200);
  }
  const prefixes = { [a.groupId]: 'UA', [b.groupId]: 'UB', [c.groupId]: 'UC' };
  for (const tenant of [a, b, c]) {
    const res = await tenant.manager.post('/api/store/StoreInvoice', {
      storeId: tenant.storeIds[0],
      rocYear: now().rocYear,
      period: now().period,
      prefix: prefixes[tenant.groupId],
      start: '00000000',
      end: '00000099',
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

const issue = async (tenant: Tenant, over: Record<string, unknown> = {}): Promise<Invoice> => {
  const res = await tenant.manager.post('/api/invoices', {
    storeId: tenant.storeIds[0],
    items: [{ description: '液化石油氣 20 kg', quantity: 1, unitPrice: 72000 }],
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().invoice;
};
const shown = async (tenant: Tenant, id: number): Promise<Invoice> => {
  const res = await tenant.manager.get('/api/invoices?pageSize=100');
  return (res.json().items as Invoice[]).find((i) => i.id === id)!;
};
const messagesOf = (invoiceId: number) => t.db.select().from(einvoiceMessages).where(eq(einvoiceMessages.invoiceId, invoiceId));
const rowOf = async (id: number) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

describe('upload deadlines on the invoice answer', () => {
  it('B2C is due 2 days after the issue day, B2B 7; pending and not overdue; overdue once the day is over and not good', async () => {
    const b2c = await issue(a, { carrierType: '3J0002', carrierId: '/ABC+123' });
    expect(b2c).toMatchObject({
      uploadStatus: 'pending',
      uploadDeadline: shiftDate(b2c.date, { days: 2 }),
      uploadOverdue: false,
      uploadError: null,
    });
    const b2b = await issue(a, { buyerUbn: '04595257', buyerName: 'Buyer Co' });
    expect(b2b.uploadDeadline).toBe(shiftDate(b2b.date, { days: 7 }));
    await t.db.update(invoices).set({ uploadDeadline: '2020-01-01', uploadStatus: 'processing' }).where(eq(invoices.id, b2c.id));
    expect(await shown(a, b2c.id)).toMatchObject({ uploadDeadline: '2020-01-01', uploadOverdue: true });
    await t.db.update(invoices).set({ uploadStatus: 'good' }).where(eq(invoices.id, b2c.id));
    expect((await shown(a, b2c.id)).uploadOverdue).toBe(false);
  });
});

describe('the upload job through a channel (fake: accepts, rejects, delays, refuses)', () => {
  it('puts F0401 once per invoice, P then G; rejects carry the error; delayed ones wait; a down channel keeps them queued', async () => {
    // Leftovers of the test above are this group's too: start from what is there.
    const fake = new FakeUploadChannel();
    const good = await issue(a);
    const rejected = await issue(a);
    const delayed = await issue(a);
    const refused = await issue(a);
    fake.set(rejected.number, 'reject');
    fake.set(delayed.number, 'delay');
    fake.set(refused.number, 'refuse');

    const first = await runUpload(t.db, fake, new Date());
    expect(first.failed).toBe(1);
    const sentXml = fake.sent.find((m) => m.ref === good.number)!;
    expect(sentXml.message).toBe('F0401');
    expect(sentXml.xml).toBe(await f0401Xml(await rowOf(good.id)));
    expect((await shown(a, good.id)).uploadStatus).toBe('processing');
    const [msg] = await messagesOf(good.id);
    expect(msg).toMatchObject({ message: 'F0401', state: 'P', attempts: 1, deadline: good.uploadDeadline });
    expect(msg!.fileName).toMatch(new RegExp(`^F0401_${good.number}_\\d{17}\\.xml$`));
    expect(msg!.sentAt).not.toBeNull();
    const [down] = await messagesOf(refused.id);
    expect(down).toMatchObject({ state: 'queued', attempts: 1, error: 'upload channel unavailable', fileName: null });
    // Issuing does not depend on the channel.
    await issue(a);

    await runUpload(t.db, fake, new Date());
    expect(await shown(a, good.id)).toMatchObject({ uploadStatus: 'good', uploadOverdue: false });
    expect(await shown(a, rejected.id)).toMatchObject({ uploadStatus: 'error', uploadError: 'buyer identifier invalid' });
    expect((await shown(a, delayed.id)).uploadStatus).toBe('processing');
    expect((await shown(a, refused.id)).uploadStatus).toBe('pending');
    // Nothing is put twice.
    expect(fake.sent.filter((m) => m.ref === good.number)).toHaveLength(1);

    fake.release(delayed.number);
    fake.set(refused.number, 'accept');
    await runUpload(t.db, fake, new Date());
    await runUpload(t.db, fake, new Date());
    expect((await shown(a, delayed.id)).uploadStatus).toBe('good');
    expect((await shown(a, refused.id)).uploadStatus).toBe('good');
    expect((await messagesOf(refused.id))[0]).toMatchObject({ attempts: 3, error: null, state: 'G' });
  });

  it('a void is pending again with its own deadline, uploaded as F0501 after the issue; never before the issue is put', async () => {
    const fake = new FakeUploadChannel();
    const inv = await issue(a);
    await runUpload(t.db, fake, new Date());
    await runUpload(t.db, fake, new Date());
    expect((await shown(a, inv.id)).uploadStatus).toBe('good');
    const v = await a.manager.post(`/api/invoices/${inv.id}/void`, { reason: '開錯品項' });
    expect(v.statusCode).toBe(200);
    // Before the job has seen the void: pending, due 2 days after the void's day (Taiwan's calendar).
    expect(v.json()).toMatchObject({ uploadStatus: 'pending', uploadDeadline: shiftDate(today(), { days: 2 }) });
    await runUpload(t.db, fake, new Date());
    const cancel = fake.sent.find((m) => m.message === 'F0501' && m.ref === inv.number)!;
    expect(cancel.xml).toBe(await f0501Xml(await rowOf(inv.id)));
    expect((await shown(a, inv.id)).uploadStatus).toBe('processing');
    await runUpload(t.db, fake, new Date());
    expect((await shown(a, inv.id)).uploadStatus).toBe('good');

    // The issue cannot be put (channel refuses it): the void waits behind it.
    const stuck = await issue(a);
    fake.set(stuck.number, 'refuse');
    expect((await a.manager.post(`/api/invoices/${stuck.id}/void`, { reason: '重開' })).statusCode).toBe(200);
    await runUpload(t.db, fake, new Date());
    expect(fake.sent.some((m) => m.ref === stuck.number)).toBe(false);
    expect((await messagesOf(stuck.id)).map((m) => [m.message, m.state]).sort()).toEqual([
      ['F0401', 'queued'],
      ['F0501', 'queued'],
    ]);
    fake.set(stuck.number, 'accept');
    await runUpload(t.db, fake, new Date());
    // Put in order: the issue first, then its void.
    expect(fake.sent.filter((m) => m.ref === stuck.number).map((m) => m.message)).toEqual(['F0401', 'F0501']);
  });

  it('an allowance is uploaded as G0401 after its invoice’s issue, with its own deadline and state', async () => {
    const fake = new FakeUploadChannel();
    const inv = await issue(a, { buyerUbn: '53212539', buyerName: 'Noodle House' });
    fake.set(inv.number, 'refuse');
    const res = await a.manager.post(`/api/invoices/${inv.id}/allowances`, { reason: '少送一桶', lines: [{ sequence: 1, amount: 10500 }] });
    expect(res.statusCode).toBe(200);
    // B2B: due 7 days after the allowance's day; nothing queued yet.
    expect(res.json().allowance).toMatchObject({ uploadState: null, uploadDeadline: shiftDate(today(), { days: 7 }) });
    // The issue cannot be put: the allowance waits behind it.
    await runUpload(t.db, fake, new Date());
    expect(fake.sent.some((m) => m.message === 'G0401')).toBe(false);
    fake.set(inv.number, 'accept');
    await runUpload(t.db, fake, new Date());
    const number = res.json().allowance.number as string;
    const g0401 = fake.sent.find((m) => m.message === 'G0401' && m.ref === number)!;
    const [allowance] = await t.db.select().from(invoiceAllowances).where(eq(invoiceAllowances.invoiceId, inv.id));
    expect(g0401.xml).toBe(await g0401Xml(allowance!, await rowOf(inv.id)));
    expect(fake.sent.filter((m) => m.ref === inv.number || m.ref === number).map((m) => m.message)).toEqual(['F0401', 'G0401']);
    await runUpload(t.db, fake, new Date());
    await runUpload(t.db, fake, new Date());
    const listed = (await a.manager.get(`/api/invoices/${inv.id}/allowances`)).json().items;
    expect(listed).toMatchObject([{ number, uploadState: 'G', uploadError: null }]);
    // The invoice's own summary still speaks of its issue only.
    expect((await shown(a, inv.id)).uploadStatus).toBe('good');
  });

  it('sends again what the platform refused, once the cause is fixed: a new file, then good; audited; nothing refused is 409', async () => {
    const fake = new FakeUploadChannel();
    const inv = await issue(a);
    fake.set(inv.number, 'reject');
    await runUpload(t.db, fake, new Date());
    await runUpload(t.db, fake, new Date());
    expect(await shown(a, inv.id)).toMatchObject({ uploadStatus: 'error', uploadError: 'buyer identifier invalid' });
    const [refused] = await messagesOf(inv.id);
    expect((await b.manager.post(`/api/invoices/${inv.id}/upload/resend`)).statusCode).toBe(404);
    expect((await a.staff.post(`/api/invoices/${inv.id}/upload/resend`)).statusCode).toBe(403);

    const res = await a.manager.post(`/api/invoices/${inv.id}/upload/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uploadStatus: 'pending',
      uploadError: null,
      detail: `Invoice ${inv.number} queued for upload again`,
    });
    expect(await t.lastAudit('invoices', inv.id)).toMatchObject({ action: 'resend' });
    const [queued] = await messagesOf(inv.id);
    expect(queued).toMatchObject({ state: 'queued', error: null, fileName: null, attempts: refused!.attempts });
    // The cause is fixed on the platform's side: the next runs put a new file and it is accepted.
    fake.set(inv.number, 'accept');
    await runUpload(t.db, fake, new Date());
    await runUpload(t.db, fake, new Date());
    expect((await shown(a, inv.id)).uploadStatus).toBe('good');
    const [done] = await messagesOf(inv.id);
    expect(done!.fileName).not.toBe(refused!.fileName);
    expect(fake.sent.filter((m) => m.ref === inv.number)).toHaveLength(2);
    // Nothing refused any more.
    const again = await a.manager.post(`/api/invoices/${inv.id}/upload/resend`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Nothing of this invoice was refused by the platform');
  });

  it('E0402: the blank numbers of a track whose period is over, due 10 days after the period', async () => {
    const p = previous();
    const res = await c.manager.post('/api/store/StoreInvoice', {
      storeId: c.storeIds[0],
      rocYear: p.rocYear,
      period: p.period,
      prefix: 'EC',
      start: '00000100',
      end: '00000149',
    });
    expect(res.statusCode).toBe(200);
    const trackId = res.json().id as number;
    // Two numbers were issued in that period.
    await t.db.update(invoiceTracks).set({ used: 2 }).where(eq(invoiceTracks.id, trackId));
    const fake = new FakeUploadChannel();
    await runUpload(t.db, fake, new Date());
    const blank = fake.sent.find((m) => m.message === 'E0402' && m.ref === 'EC00000100')!;
    // No invoice rows exist for the two numbers here, so the whole range is blank but for nothing: 100–149.
    expect(blank.xml).toContain('<InvoiceTrack>EC</InvoiceTrack>');
    expect(blank.xml).toContain('<InvoiceBeginNo>00000100</InvoiceBeginNo>');
    expect(blank.xml).toContain('<InvoiceEndNo>00000149</InvoiceEndNo>');
    const [m] = await t.db.select().from(einvoiceMessages).where(eq(einvoiceMessages.trackId, trackId));
    const periodEnd = shiftDate(`${p.rocYear + 1911}-${String(p.period * 2).padStart(2, '0')}-01`, { months: 1, days: -1 });
    expect(m).toMatchObject({ message: 'E0402', storeId: c.storeIds[0], deadline: shiftDate(periodEnd, { days: 10 }) });
    // The current period's track is not reported (its period is not over).
    expect(fake.sent.some((x) => x.message === 'E0402' && x.ref.startsWith('UC'))).toBe(false);
  });
});

describe('the Turnkey folder channel', () => {
  it('writes SRC atomically, reads BAK as P, ERR as E and the result file as G / E', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-turnkey-'));
    try {
      const channel = new TurnkeyFolderChannel(dir);
      const one = await issue(c);
      const two = await issue(c);
      const three = await issue(c);
      await runUpload(t.db, channel, new Date());
      const src = path.join(dir, 'UpCast/B2SSTORAGE/F0401/SRC');
      const files = fs.readdirSync(src);
      const fileOf = (n: string) => files.find((f) => f.startsWith(`F0401_${n}_`))!;
      expect(fileOf(one.number)).toBeDefined();
      expect(fs.readFileSync(path.join(src, fileOf(one.number)), 'utf8')).toBe(await f0401Xml(await rowOf(one.id)));
      expect(fs.readdirSync(path.join(dir, 'UpCast/B2SSTORAGE/F0401/.gasops-tmp'))).toEqual([]);
      expect((await shown(c, one.id)).uploadStatus).toBe('processing');
      expect((await messagesOf(one.id))[0]!.state).toBe('sent');

      // Turnkey sends one and two (BAK), fails three (ERR).
      const box = (f: string) => path.join(dir, 'UpCast/B2SSTORAGE/F0401', f);
      fs.mkdirSync(box('BAK'));
      fs.mkdirSync(box('ERR'));
      fs.renameSync(path.join(src, fileOf(one.number)), path.join(box('BAK'), fileOf(one.number)));
      fs.renameSync(path.join(src, fileOf(two.number)), path.join(box('BAK'), fileOf(two.number)));
      fs.renameSync(path.join(src, fileOf(three.number)), path.join(box('ERR'), fileOf(three.number)));
      await runUpload(t.db, channel, new Date());
      expect((await messagesOf(one.id))[0]!.state).toBe('P');
      expect(await shown(c, three.id)).toMatchObject({ uploadStatus: 'error', uploadError: 'Turnkey: moved to ERR' });

      // The platform's answers (assumed result file format, docs/INVOICES.md).
      fs.mkdirSync(path.join(dir, 'Result'));
      fs.writeFileSync(
        path.join(dir, 'Result', 'result-1.txt'),
        `# message,invoice,status,info\nF0401,${one.number},G\nF0401,${two.number},E,買方統編錯誤\nnot a line\n`,
      );
      await runUpload(t.db, channel, new Date());
      expect((await shown(c, one.id)).uploadStatus).toBe('good');
      expect(await shown(c, two.id)).toMatchObject({ uploadStatus: 'error', uploadError: '買方統編錯誤' });
      expect(fs.readdirSync(path.join(dir, 'Result', 'READ'))).toEqual(['result-1.txt']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/invoices/checks: the daily gap / duplicate check', () => {
  it('answers null before the first check, no problems for sound tracks, then the gap and duplicate of a broken row', async () => {
    expect((await b.manager.get('/api/invoices/checks')).json()).toEqual({ checkedAt: null, tracks: 0, problems: [] });
    const one = await issue(b);
    const two = await issue(b);
    await checkTracks(t.db);
    const clean = (await b.manager.get('/api/invoices/checks')).json();
    expect(clean.problems).toEqual([]);
    expect(clean.tracks).toBeGreaterThanOrEqual(1);
    expect(clean.checkedAt).not.toBeNull();

    // Broken on purpose: the second invoice carries the first one's number (in another period row, so the
    // unique index lets it in) and a number is taken from the track without an invoice.
    await t.db
      .update(invoices)
      .set({ number: one.number, period: ((two.period % 6) + 1) as number })
      .where(eq(invoices.id, two.id));
    await t.db
      .update(invoiceTracks)
      .set({ used: sql`${invoiceTracks.used} + 1` })
      .where(and(eq(invoiceTracks.storeId, b.storeIds[0]), eq(invoiceTracks.prefix, 'UB')));
    const [track] = await t.db
      .select()
      .from(invoiceTracks)
      .where(and(eq(invoiceTracks.storeId, b.storeIds[0]), eq(invoiceTracks.prefix, 'UB')));
    await checkTracks(t.db);
    const res = await b.manager.get('/api/invoices/checks');
    expect(res.statusCode).toBe(200);
    const kinds = (res.json().problems as { kind: string; number: string }[]).map((p) => `${p.kind} ${p.number}`).sort();
    const last = `UB${String(track!.startNo + track!.used - 1).padStart(8, '0')}`;
    expect(kinds).toEqual([`duplicate ${one.number}`, `gap ${last}`, `gap ${two.number}`].sort());
    // Another group sees its own check only; a role without InvoiceLookup gets 403.
    expect((await a.manager.get('/api/invoices/checks')).json().problems).toEqual([]);
    expect((await c.staff.get('/api/invoices/checks')).statusCode).toBe(403);
  });

  it('reports the numbers outside the track (another prefix) and at most 100 problems of a broken track, in number order', async () => {
    const d = await t.tenant('Upload D');
    await t.db.update(stores).set({ issuesInvoice: true, unifiedNumber: '04595257' }).where(eq(stores.groupId, d.groupId));
    await d.manager.put('/api/store/StoreInvoice/settings', { storeId: d.storeIds[0], sellerUbn: '04595257', sellerName: 'Gas shop' });
    const track = (
      await d.manager.post('/api/store/StoreInvoice', {
        storeId: d.storeIds[0],
        rocYear: now().rocYear,
        period: now().period,
        prefix: 'UD',
        start: '00001000',
        end: '00001199',
      })
    ).json();
    const first = await issue(d);
    const second = await issue(d);
    const third = await issue(d);
    // The second carries a number of another prefix; then 150 numbers are taken without invoices.
    await t.db.update(invoices).set({ number: 'ZZ00000005' }).where(eq(invoices.id, second.id));
    await t.db
      .update(invoiceTracks)
      .set({ used: sql`${invoiceTracks.used} + 150` })
      .where(eq(invoiceTracks.id, track.id));
    await checkTracks(t.db);
    const check = (await d.manager.get('/api/invoices/checks')).json();
    expect(check.tracks).toBe(1);
    const problems = check.problems as { kind: string; number: string; trackId: number }[];
    expect(problems).toHaveLength(100);
    expect(problems.every((p) => p.trackId === track.id)).toBe(true);
    // The gap of the second's number, then the 150 numbers taken after the third: the first 99 of them.
    expect(problems[0]).toMatchObject({ kind: 'gap', number: second.number });
    expect(problems.slice(1).map((p) => `${p.kind} ${p.number}`)).toEqual(
      Array.from({ length: 99 }, (_, k) => `gap UD${String(Number(third.number.slice(2)) + 1 + k).padStart(8, '0')}`),
    );
    expect(first.number).toBe('UD00001000');

    // Once the taken numbers are given back, the problems left: the gap and the number of another prefix.
    await t.db
      .update(invoiceTracks)
      .set({ used: sql`${invoiceTracks.used} - 150` })
      .where(eq(invoiceTracks.id, track.id));
    await checkTracks(t.db);
    const after = (await d.manager.get('/api/invoices/checks')).json().problems as { kind: string; number: string }[];
    expect(after.map((p) => `${p.kind} ${p.number}`)).toEqual([`gap ${second.number}`, 'outside ZZ00000005']);
  });
});

describe('the upload job in several server processes at once', () => {
  it('puts each queued message once when two runs go together, and a message a stopped process took is put later', async () => {
    const issued = [await issue(b), await issue(b), await issue(b)];
    // Two processes' runs, each with its own channel (the same Turnkey folder in production).
    const one = new FakeUploadChannel();
    const two = new FakeUploadChannel();
    const moment = new Date();
    await Promise.all([runUpload(t.db, one, moment), runUpload(t.db, two, moment)]);
    const put = [...one.sent, ...two.sent].filter((m) => issued.some((i) => i.number === m.ref)).map((m) => m.ref);
    expect(put.sort()).toEqual(issued.map((i) => i.number).sort());

    // A process took the next one and stopped before putting it: no run puts it for ten minutes, then one does.
    const left = await issue(b);
    await runUpload(t.db, new FakeUploadChannel(), moment).catch(() => undefined);
    const [queued] = await t.db
      .update(einvoiceMessages)
      .set({ state: 'queued', puttingSince: sql`now() - interval '1 minute'` })
      .where(and(eq(einvoiceMessages.invoiceId, left.id), eq(einvoiceMessages.message, 'F0401')))
      .returning();
    expect(queued).toBeDefined();
    const soon = new FakeUploadChannel();
    await runUpload(t.db, soon, moment);
    expect(soon.sent.filter((m) => m.ref === left.number)).toEqual([]);
    await t.db
      .update(einvoiceMessages)
      .set({ puttingSince: sql`now() - interval '11 minutes'` })
      .where(eq(einvoiceMessages.id, queued!.id));
    const later = new FakeUploadChannel();
    await runUpload(t.db, later, moment);
    expect(later.sent.filter((m) => m.ref === left.number)).toHaveLength(1);
  });
});
