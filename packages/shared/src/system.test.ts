import { describe, expect, it } from 'vitest';
import { fieldErrors } from './validation.js';
import {
  currencyMinorDigits,
  formatMoneyMinor,
  fromMinorUnits,
  isCurrencyCode,
  isTimeZone,
  storeCreateBody,
  toMinorUnits,
} from './stores.js';
import { diffValues, paramValueBody, userCreateBody } from './system.js';

describe('money in minor units', () => {
  it('knows each currency’s minor digits and converts both ways without float drift', () => {
    expect(currencyMinorDigits('TWD')).toBe(2);
    expect(currencyMinorDigits('JPY')).toBe(0);
    expect(toMinorUnits(36.5, 'TWD')).toBe(3650);
    expect(toMinorUnits(0.29, 'MYR')).toBe(29);
    expect(toMinorUnits(1200, 'JPY')).toBe(1200);
    expect(fromMinorUnits(3650, 'TWD')).toBe(36.5);
  });

  it('formats in the active language', () => {
    expect(formatMoneyMinor(3600, 'TWD', 'en-US')).toBe('NT$36.00');
    expect(formatMoneyMinor(1200, 'JPY', 'ja-JP')).toMatch(/1,200/);
    expect(formatMoneyMinor(2990, 'MYR', 'ms-MY')).toMatch(/^RM\s?29\.90$/);
  });

  it('checks ISO 4217 codes and IANA zones', () => {
    expect(isCurrencyCode('TWD')).toBe(true);
    expect(isCurrencyCode('twd')).toBe(false);
    expect(isCurrencyCode('XYQ')).toBe(false);
    expect(isTimeZone('Asia/Taipei')).toBe(true);
    expect(isTimeZone('Mars/Base')).toBe(false);
  });
});

describe('form schemas shared with the server', () => {
  const errors = (r: { success: boolean; error?: { issues: unknown[] } }) => fieldErrors((r.error?.issues ?? []) as never, 'en-US');

  it('store: integer prices, UBN checksum, UBN required when issuing invoices, both coordinates', () => {
    const r = storeCreateBody.safeParse({
      name: 'A',
      customerGasPrice: 36.5,
      storeGasPrice: 3400,
      issuesInvoice: true,
      unifiedNumber: '',
      latitude: 25,
    });
    expect(r.success).toBe(false);
    expect(errors(r)).toMatchObject({ customerGasPrice: 'Enter a whole number' });
    const ok = storeCreateBody.safeParse({
      name: 'A',
      customerGasPrice: 3650,
      storeGasPrice: 3400,
      issuesInvoice: true,
      unifiedNumber: '04595252',
      latitude: 25,
      longitude: 121.5,
    });
    expect(ok.success).toBe(true);
    const noUbn = storeCreateBody.safeParse({ name: 'A', customerGasPrice: 1, storeGasPrice: 1, issuesInvoice: true, unifiedNumber: '' });
    expect(errors(noUbn).unifiedNumber).toBe('Please enter the unified business number');
    const half = storeCreateBody.safeParse({ name: 'A', customerGasPrice: 1, storeGasPrice: 1, latitude: 25 });
    expect(errors(half).longitude).toBe('This field is required');
  });

  it('user: password rule and confirmation; chosen stores must include the default store', () => {
    const base = {
      account: 'amy',
      name: 'Amy',
      roleId: 1,
      password: 'abcd1234',
      confirmPassword: 'abcd1234',
      storeIds: [2],
      defaultStoreId: 3,
    };
    expect(errors(userCreateBody.safeParse(base)).defaultStoreId).toBe('Invalid format');
    expect(userCreateBody.safeParse({ ...base, defaultStoreId: 2 }).success).toBe(true);
    expect(userCreateBody.safeParse({ ...base, allStores: true, storeIds: [], defaultStoreId: 3 }).success).toBe(true);
    expect(errors(userCreateBody.safeParse({ ...base, confirmPassword: 'x' })).confirmPassword).toBe('The two passwords do not match');
  });

  it('parameter values follow their definition', () => {
    expect(paramValueBody.parse({ code: 'LOW_GAS_PERCENT', value: 25 })).toMatchObject({ value: '25', groupId: null });
    expect(errors(paramValueBody.safeParse({ code: 'LOW_GAS_PERCENT', value: '0' })).value).toBe('Must be at least 1');
    expect(errors(paramValueBody.safeParse({ code: 'LOW_GAS_PERCENT', value: '1e3' })).value).toBe('Enter a valid number');
    expect(errors(paramValueBody.safeParse({ code: 'DEFAULT_TIME_ZONE', value: ' ' })).value).toBe('This field is required');
    expect(paramValueBody.safeParse({ code: 'DEFAULT_TIME_ZONE', value: 'Asia/Kuala_Lumpur' }).success).toBe(true);
  });
});

describe('diffValues', () => {
  it('lists only changed fields, added and removed ones included', () => {
    expect(
      diffValues({ name: 'A', price: 1, menu: { Home: ['view'] } }, { name: 'B', price: 1, menu: { Home: ['view'] }, code: 'x' }),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'code', before: null, after: 'x' },
    ]);
    expect(diffValues(null, { a: 1 })).toEqual([{ field: 'a', before: null, after: 1 }]);
    expect(diffValues({ a: 1 }, null)).toEqual([{ field: 'a', before: 1, after: null }]);
  });
});
