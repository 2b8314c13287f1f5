import { describe, expect, it } from 'vitest';
import {
  ALL_STATES,
  allowedMovements,
  deadlineCheck,
  distinctCodes,
  endOfLifeDate,
  forcedState,
  inspectionStatus,
  looksLikeContainerNo,
  mayOverrideInspection,
  MOVEMENT_KINDS,
  MOVEMENT_RULES,
  nextState,
  normaliseCode,
  suggestDeadline,
  wholeYears,
  type MovementKind,
} from './cylinders.js';

// The expected answer of every movement from every state, written out by hand (not derived from
// MOVEMENT_RULES), so a change of the table shows up here as a deliberate edit.
// States in ALL_STATES order: new/full new/empty store/full store/empty storage/full storage/empty
// customer/full customer/empty filling/full filling/empty inspection/full inspection/empty
// scrapped/full scrapped/empty. "!x" is a refusal with reason x.
const N = '!notFromHere';
const A = '!alreadyThere';
const S = '!scrapped';
const F = '!mustBeFull';
const E = '!mustBeEmpty';
const EXPECTED: Record<MovementKind, string[]> = {
  filling_in: [N, N, A, A, N, N, N, N, 'store/full', 'store/full', N, N, S, S],
  collection_in: [N, N, A, A, N, N, 'store/empty', 'store/empty', N, N, N, N, S, S],
  new_cylinder_in: ['store/full', 'store/empty', A, A, N, N, N, N, N, N, N, N, S, S],
  sales_out: [N, N, 'customer/full', F, 'customer/full', F, A, A, N, N, N, N, S, S],
  filling_out: [N, N, E, 'filling/empty', E, 'filling/empty', N, N, A, A, N, N, S, S],
  inspection_out: [N, N, E, 'inspection/empty', E, 'inspection/empty', N, N, 'inspection/empty', 'inspection/empty', A, A, S, S],
  inspection_in: [N, N, A, A, N, N, N, N, N, N, 'store/empty', 'store/empty', S, S],
  cylinder_deposit: [N, N, 'customer/full', 'customer/empty', 'customer/full', 'customer/empty', A, A, N, N, N, N, S, S],
  loan_out: [N, N, 'customer/full', 'customer/empty', 'customer/full', 'customer/empty', A, A, N, N, N, N, S, S],
  return_in: [N, N, A, A, N, N, 'store/empty', 'store/empty', N, N, N, N, S, S],
  consignment_in: [N, N, A, A, N, N, 'store/full', 'store/empty', N, N, N, N, S, S],
  storage_full: [N, N, 'storage/full', F, A, A, N, N, 'storage/full', 'storage/full', N, N, S, S],
  storage_empty: [N, N, E, 'storage/empty', A, A, 'storage/empty', 'storage/empty', N, N, N, N, S, S],
  scrap: [
    'scrapped/empty',
    'scrapped/empty',
    'scrapped/empty',
    'scrapped/empty',
    'scrapped/empty',
    'scrapped/empty',
    N,
    N,
    'scrapped/empty',
    'scrapped/empty',
    'scrapped/empty',
    'scrapped/empty',
    S,
    S,
  ],
};

const show = (a: ReturnType<typeof nextState>) => (a.ok ? `${a.state.location}/${a.state.fill}` : `!${a.reason}`);

describe('cylinder state machine', () => {
  it('has the 14 processing statuses of seed §4 and a rule for each', () => {
    expect(MOVEMENT_KINDS).toHaveLength(14);
    expect(Object.keys(MOVEMENT_RULES).sort()).toEqual([...MOVEMENT_KINDS].sort());
    expect(ALL_STATES).toHaveLength(14);
  });

  for (const kind of MOVEMENT_KINDS) {
    it(`${kind}: allowed and refused from every state`, () => {
      expect(ALL_STATES.map((s) => show(nextState(s, kind)))).toEqual(EXPECTED[kind]);
    });
  }

  it('sets the customer relation of movements to and from customers', () => {
    const store = { location: 'store', fill: 'full' } as const;
    const customer = { location: 'customer', fill: 'full' } as const;
    expect(nextState(store, 'sales_out')).toMatchObject({ ok: true, holding: 'sale' });
    expect(nextState(store, 'cylinder_deposit')).toMatchObject({ ok: true, holding: 'deposit' });
    expect(nextState(store, 'loan_out')).toMatchObject({ ok: true, holding: 'loan' });
    expect(nextState(customer, 'consignment_in')).toMatchObject({ ok: true, holding: 'consignment' });
    expect(nextState(customer, 'return_in')).toMatchObject({ ok: true, holding: null });
  });

  it('refuses gated movements of an overdue or end-of-life cylinder unless overridden', () => {
    const full = { location: 'store', fill: 'full' } as const;
    const empty = { location: 'store', fill: 'empty' } as const;
    expect(nextState(full, 'sales_out', { inspection: 'overdue' })).toEqual({ ok: false, reason: 'overdue', overridable: true });
    expect(nextState(full, 'sales_out', { inspection: 'end_of_life' })).toEqual({ ok: false, reason: 'endOfLife', overridable: true });
    expect(nextState(empty, 'filling_out', { inspection: 'overdue' })).toMatchObject({ ok: false, reason: 'overdue' });
    expect(nextState(full, 'cylinder_deposit', { inspection: 'overdue' })).toMatchObject({ ok: false, reason: 'overdue' });
    expect(nextState(full, 'loan_out', { inspection: 'end_of_life' })).toMatchObject({ ok: false, reason: 'endOfLife' });
    expect(nextState(full, 'sales_out', { inspection: 'overdue', override: true })).toEqual({
      ok: true,
      state: { location: 'customer', fill: 'full' },
      holding: 'sale',
      overridden: true,
    });
    // Due soon, in date or unknown: no gate. Not a gated movement: no gate.
    for (const inspection of ['due', 'in_date', 'unknown'] as const)
      expect(nextState(full, 'sales_out', { inspection })).toMatchObject({ ok: true, overridden: false });
    expect(nextState(empty, 'inspection_out', { inspection: 'overdue' })).toMatchObject({ ok: true, overridden: false });
    expect(nextState(full, 'storage_full', { inspection: 'end_of_life' })).toMatchObject({ ok: true });
    // The place and the fill are explained first.
    expect(nextState(empty, 'sales_out', { inspection: 'overdue' })).toMatchObject({ reason: 'mustBeFull', overridable: false });
  });

  it('applies a movement anyway to the place it leads (never a scrapped cylinder)', () => {
    expect(forcedState({ location: 'customer', fill: 'full' }, 'filling_in')).toMatchObject({
      ok: true,
      state: { location: 'store', fill: 'full' },
    });
    expect(forcedState({ location: 'store', fill: 'full' }, 'sales_out')).toMatchObject({ state: { location: 'customer', fill: 'full' } });
    expect(forcedState({ location: 'scrapped', fill: 'empty' }, 'filling_in')).toMatchObject({ ok: false, reason: 'scrapped' });
  });

  it('lists the movements a state allows', () => {
    expect(allowedMovements({ location: 'store', fill: 'full' })).toEqual([
      'sales_out',
      'cylinder_deposit',
      'loan_out',
      'storage_full',
      'scrap',
    ]);
    expect(allowedMovements({ location: 'scrapped', fill: 'empty' })).toEqual([]);
  });

  it('lets only users who may edit the registry override', () => {
    expect(mayOverrideInspection({ isPlatformAdmin: true, menu: {} })).toBe(true);
    expect(mayOverrideInspection({ isPlatformAdmin: false, menu: { CylinderMaintenance: ['view', 'edit'] } })).toBe(true);
    expect(mayOverrideInspection({ isPlatformAdmin: false, menu: { CylinderStockMaintenance: ['view', 'create'] } })).toBe(false);
  });
});

describe('periodic inspection', () => {
  const steel = (pressureTestDate: string, lastInspectionDate: string | null, sizeKg = 20) => ({
    material: 'steel' as const,
    sizeKg,
    pressureTestDate,
    lastInspectionDate,
  });

  it('counts whole years like a birthday', () => {
    expect(wholeYears('2005-03-01', '2023-02-28')).toBe(17);
    expect(wholeYears('2005-03-01', '2023-03-01')).toBe(18);
  });

  it('suggests the next deadline for steel tested since 2005-03-01 by age', () => {
    expect(suggestDeadline(steel('2010-05-10', null))).toBe('2015-05-10');
    expect(suggestDeadline(steel('2010-05-10', '2020-05-01'))).toBe('2025-05-01'); // age 9: 5 years
    expect(suggestDeadline(steel('2007-03-01', '2025-06-01'))).toBe('2029-06-01'); // age 18: 4 years
    expect(suggestDeadline(steel('2006-03-01', '2025-06-01'))).toBe('2028-06-01'); // age 19: 3 years
    expect(suggestDeadline(steel('2005-03-01', '2025-06-01'))).toBe('2027-06-01'); // age 20: 2 years
    expect(suggestDeadline(steel('2005-03-01', '2034-06-01'))).toBe('2035-03-01'); // age 29: capped at end of life
  });

  it('uses the size tables for steel tested before 2005-03-01', () => {
    expect(suggestDeadline(steel('2005-02-28', '2013-03-01', 20))).toBe('2018-03-01'); // old medium table, age 8: 5
    expect(suggestDeadline(steel('2000-01-01', '2009-02-01', 20))).toBe('2013-02-01'); // medium, age 9: 4
    expect(suggestDeadline(steel('2000-01-01', '2012-02-01', 16))).toBe('2015-02-01'); // medium, age 12: 3
    expect(suggestDeadline(steel('2000-01-01', '2007-02-01', 50))).toBe('2011-02-01'); // large, age 7: 4
    expect(suggestDeadline(steel('2000-01-01', '2010-02-01', 50))).toBe('2013-02-01'); // large, age 10: 3
    expect(suggestDeadline(steel('2000-01-01', '2013-02-01', 4))).toBe('2019-02-01'); // small, age 13: 6
    expect(suggestDeadline(steel('2000-01-01', '2016-02-01', 10))).toBe('2019-02-01'); // small, age 16: 3
    expect(suggestDeadline(steel('2000-01-01', '2020-02-01', 2))).toBe('2022-02-01'); // small, age 20: 2
    expect(suggestDeadline(steel('1996-01-01', '2025-02-01', 20))).toBe('2026-01-01'); // age 29: 1 → capped at 30 years
  });

  it('composite cylinders: every 5 years, end of life at 20', () => {
    const c = { material: 'composite' as const, sizeKg: 10, pressureTestDate: '2015-01-01' };
    expect(suggestDeadline({ ...c, lastInspectionDate: '2020-01-01' })).toBe('2025-01-01');
    expect(suggestDeadline({ ...c, lastInspectionDate: '2034-01-01' })).toBe('2035-01-01');
    expect(endOfLifeDate('composite', '2015-01-01')).toBe('2035-01-01');
    expect(endOfLifeDate('steel', '2015-01-01')).toBe('2045-01-01');
    expect(suggestDeadline({ ...c, pressureTestDate: null, lastInspectionDate: null })).toBeNull();
  });

  it('warns when the entered deadline disagrees with the computed one', () => {
    const c = steel('2010-05-10', '2020-05-01');
    expect(deadlineCheck('2025-05-31', c)).toEqual({ suggested: '2025-05-01', disagrees: false, differenceDays: 30 });
    expect(deadlineCheck('2026-05-01', c)).toMatchObject({ disagrees: true, differenceDays: 365 });
    expect(deadlineCheck(null, c)).toMatchObject({ disagrees: false, suggested: '2025-05-01' });
  });

  it('gives the status on a day: in date, due within the window, overdue after the deadline, end of life, scrapped', () => {
    const c = { material: 'steel' as const, pressureTestDate: '2010-01-01', nextInspectionDeadline: '2026-03-01' };
    expect(inspectionStatus(c, '2025-12-30')).toBe('in_date');
    expect(inspectionStatus(c, '2025-12-31')).toBe('due'); // 60 days before
    expect(inspectionStatus(c, '2026-03-01')).toBe('due'); // the deadline day itself is still in date
    expect(inspectionStatus(c, '2026-03-02')).toBe('overdue');
    expect(inspectionStatus(c, '2025-11-01', 180)).toBe('due');
    expect(inspectionStatus({ ...c, pressureTestDate: '1996-01-01' }, '2026-01-01')).toBe('end_of_life');
    // A label deadline past the end of life: the end of life counts.
    expect(inspectionStatus({ ...c, pressureTestDate: '1996-03-01', nextInspectionDeadline: '2027-01-01' }, '2025-12-31')).toBe('due');
    expect(inspectionStatus({ ...c, scrapped: true }, '2025-01-01')).toBe('scrapped');
    expect(inspectionStatus({ material: 'steel', pressureTestDate: null, nextInspectionDeadline: null }, '2025-01-01')).toBe('unknown');
    expect(inspectionStatus({ material: 'composite', pressureTestDate: '2005-06-01', nextInspectionDeadline: null }, '2025-06-01')).toBe(
      'end_of_life',
    );
  });
});

describe('cylinder codes', () => {
  it('compares codes without case and spaces', () => {
    expect(normaliseCode(' aa01 2012 3456 ')).toBe('AA0120123456');
    expect(normaliseCode('ａａ０１')).toBe('AA01');
  });

  it('checks the container number shape as a warning', () => {
    expect(looksLikeContainerNo('AA0120123456')).toBe(true);
    expect(looksLikeContainerNo('aa0120123456')).toBe(true);
    expect(looksLikeContainerNo('A10120123456')).toBe(false);
    expect(looksLikeContainerNo('AA012012345')).toBe(false);
  });

  it('counts the same code twice in a batch once', () => {
    expect(distinctCodes(['aa1', 'AA1', ' b2', '', 'aa 1'])).toEqual({ codes: ['AA1', 'B2'], repeats: [1, 4] });
  });
});

describe('cylinder request contracts', () => {
  it('normalises codes and flags the same cylinder twice in a document (seed §5)', async () => {
    const { stockDocumentBody } = await import('./api/cylinders.js');
    const ok = stockDocumentBody.safeParse({ storeId: 1, kind: 'sales_out', docDate: '2026-01-02', codes: [' aa 01 ', 'B2'] });
    expect(ok.success && ok.data.codes).toEqual(['AA01', 'B2']);
    const dup = stockDocumentBody.safeParse({ storeId: 1, kind: 'sales_out', docDate: '2026-01-02', codes: ['aa01', 'AA 01'] });
    expect(dup.success).toBe(false);
    expect(dup.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['codes.1', 'feedback.validation.duplicateCylinder']]);
    const none = stockDocumentBody.safeParse({ storeId: 1, kind: 'sales_out', docDate: '2026-01-02', codes: ['  '] });
    expect(none.error?.issues[0]?.message).toBe('feedback.validation.atLeastOneCylinder');
  });

  it('asks for a size when none is given, a number when it is not one, and tare to 0.01 kg', async () => {
    const { cylinderCreateBody } = await import('./api/cylinders.js');
    const messages = (body: object) =>
      Object.fromEntries((cylinderCreateBody.safeParse(body).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages({ storeId: 1, containerNo: 'A1' })).toEqual({ sizeKg: 'feedback.validation.required' });
    expect(messages({ storeId: 1, containerNo: 'A1', sizeKg: 'x' })).toEqual({ sizeKg: 'feedback.validation.number' });
    expect(messages({ storeId: 1, containerNo: 'A1', sizeKg: '20', tareG: 15_355 })).toEqual({ tareG: 'feedback.validation.invalid' });
    expect(cylinderCreateBody.parse({ storeId: 1, containerNo: 'a1', sizeKg: '20' })).toMatchObject({
      containerNo: 'A1',
      sizeKg: 20,
      material: 'steel',
      locationKind: 'new',
      fill: 'empty',
    });
  });
});
