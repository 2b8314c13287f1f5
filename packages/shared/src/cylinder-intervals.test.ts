import { describe, expect, it } from 'vitest';
import {
  INSPECTION_RULES,
  INTERVAL_TABLE_PARAM_CODES,
  formatIntervalTable,
  inspectionRulesFrom,
  parseIntervalTable,
  suggestDeadline,
} from './cylinders.js';
import { paramDef } from './params.js';
import { paramValueBody } from './system.js';

// The periodic-inspection interval tables of DOMAIN.md as system parameters.

describe('interval tables as parameters', () => {
  it('declares each table as a parameter whose default is DOMAIN.md’s table', () => {
    const tableOf = {
      CYLINDER_INTERVALS_STEEL: INSPECTION_RULES.steel,
      CYLINDER_INTERVALS_STEEL_OLD_SMALL: INSPECTION_RULES.steelOld.small,
      CYLINDER_INTERVALS_STEEL_OLD_MEDIUM: INSPECTION_RULES.steelOld.medium,
      CYLINDER_INTERVALS_STEEL_OLD_LARGE: INSPECTION_RULES.steelOld.large,
      CYLINDER_INTERVALS_COMPOSITE: INSPECTION_RULES.composite,
    };
    expect(INTERVAL_TABLE_PARAM_CODES).toEqual(Object.keys(tableOf));
    for (const [code, table] of Object.entries(tableOf)) {
      expect(paramDef(code), code).toMatchObject({ type: 'text', value: formatIntervalTable(table) });
      expect(parseIntervalTable(paramDef(code)!.value, 30)).toEqual(table);
    }
    expect(formatIntervalTable(INSPECTION_RULES.steel)).toBe('18:5,19:4,20:3,30:2');
  });

  it('reads a table written by hand and refuses what is not one', () => {
    expect(parseIntervalTable(' 10:5 , 20:3，30:2 ', 30)).toEqual([
      { underYears: 10, every: 5 },
      { underYears: 20, every: 3 },
      { underYears: 30, every: 2 },
    ]);
    expect(parseIntervalTable('10：5', 30)).toEqual([{ underYears: 10, every: 5 }]);
    for (const bad of ['', '5', '10:5,10:4', '20:5,10:4', '10:0', '10:11', '31:2', 'a:b', '10:5,', '-1:2'])
      expect(parseIntervalTable(bad, 30), bad).toBeNull();
    expect(parseIntervalTable('25:5', 20)).toBeNull();
  });

  it('suggests deadlines from the edited tables; a malformed value keeps DOMAIN.md’s', () => {
    const c = { material: 'steel' as const, sizeKg: 20, pressureTestDate: '2015-06-01', lastInspectionDate: null };
    expect(suggestDeadline(c)).toBe('2020-06-01');
    const every3 = inspectionRulesFrom({ CYLINDER_INTERVALS_STEEL: '18:3,30:2' });
    expect(suggestDeadline(c, every3)).toBe('2018-06-01');
    expect(suggestDeadline({ ...c, lastInspectionDate: '2034-01-10' }, every3)).toBe('2036-01-10');
    const broken = inspectionRulesFrom({ CYLINDER_INTERVALS_STEEL: '18:x' });
    expect(broken.steel).toEqual(INSPECTION_RULES.steel);
    // Older steel by size, and composite, each from its own parameter.
    const old = { material: 'steel' as const, pressureTestDate: '2000-01-01', lastInspectionDate: null };
    const edited = inspectionRulesFrom({ CYLINDER_INTERVALS_STEEL_OLD_SMALL: '14:4,30:1', CYLINDER_INTERVALS_COMPOSITE: '20:4' });
    expect(suggestDeadline({ ...old, sizeKg: 4 }, edited)).toBe('2004-01-01');
    expect(suggestDeadline({ ...old, sizeKg: 20 }, edited)).toBe(suggestDeadline({ ...old, sizeKg: 20 }));
    expect(suggestDeadline({ ...old, material: 'composite', sizeKg: 10, pressureTestDate: '2020-01-01' }, edited)).toBe('2024-01-01');
    // Life years and the 2005 cut-over are the law, not parameters.
    expect([edited.steelLifeYears, edited.compositeLifeYears, edited.newTableFrom]).toEqual([30, 20, '2005-03-01']);
  });

  it('refuses a malformed table when the parameter is saved', () => {
    const save = (code: string, value: string) => paramValueBody.safeParse({ code, groupId: null, value });
    expect(save('CYLINDER_INTERVALS_STEEL', '18:3,30:2').success).toBe(true);
    const bad = save('CYLINDER_INTERVALS_STEEL', '18 years: 3');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['value'], message: 'feedback.validation.invalid' });
    expect(save('CYLINDER_INTERVALS_COMPOSITE', '25:5').success).toBe(false);
  });
});
