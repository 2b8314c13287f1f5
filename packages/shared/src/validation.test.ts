import { describe, expect, it } from 'vitest';
import { changePasswordBody, fieldErrors, loginBody, optionalText, pageQuery, requiredText, ubnSchema } from './validation.js';
import { isValidUbn } from './ubn.js';
import { can, normaliseMenu } from './menu.js';

describe('unified business number (DOMAIN.md cases)', () => {
  it.each(['04595257', '10458575', '12345675', '04595252', '10458570'])('accepts %s', (n) => expect(isValidUbn(n)).toBe(true));
  it.each(['12345678', '04595258', '88117126', '10458573', '00000000', '1234567', 'abcdefgh', '123456789'])('rejects %s', (n) =>
    expect(isValidUbn(n)).toBe(false),
  );
  it('reports required, digits and checksum separately', () => {
    const msg = (v: unknown) => fieldErrors(ubnSchema.safeParse(v).error?.issues ?? [], 'en-US')._;
    expect(msg('')).toBe('Please enter the unified business number');
    expect(msg('1234')).toBe('The unified business number must be exactly 8 digits');
    expect(msg('12345678')).toBe('The unified business number is not valid');
    expect(ubnSchema.safeParse('04595257').success).toBe(true);
  });
});

describe('password rules (seed §5)', () => {
  const errs = (body: unknown) => fieldErrors(changePasswordBody.safeParse(body).error?.issues ?? [], 'en-US');
  it('requires all three fields', () => {
    expect(errs({})).toEqual({
      oldPassword: 'Please enter the old password',
      newPassword: 'Please enter the new password',
      confirmPassword: 'Please confirm the password',
    });
  });
  it('needs at least 8 characters with a digit', () => {
    expect(errs({ oldPassword: 'a', newPassword: 'abc1', confirmPassword: 'abc1' }).newPassword).toMatch(/at least 8/);
    expect(errs({ oldPassword: 'a', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }).newPassword).toMatch(/number/);
    expect(errs({ oldPassword: 'a', newPassword: 'abcdefg1', confirmPassword: 'abcdefg1' })).toEqual({});
  });
  it('requires the confirmation to match', () => {
    expect(errs({ oldPassword: 'a', newPassword: 'abcdefg1', confirmPassword: 'abcdefg2' })).toEqual({
      confirmPassword: 'The two passwords do not match',
    });
  });
  it('translates the same rule into each language', () => {
    const issues = loginBody.safeParse({ account: '', password: '' }).error!.issues;
    expect(fieldErrors(issues, 'zh-TW').account).toBe('請輸入帳號');
    expect(fieldErrors(issues, 'zh-CN').password).toBe('请输入密码');
  });
});

describe('menu settings', () => {
  it('keeps known screens and actions only, implying view', () => {
    const menu = normaliseMenu({ Customer: ['edit', 'bogus'], Nope: ['view'], Home: [] });
    expect(menu).toEqual({ Customer: ['view', 'edit'] });
    expect(can(menu, 'Customer', 'edit')).toBe(true);
    expect(can(menu, 'Customer', 'delete')).toBe(false);
    expect(can(menu, 'Home', 'view')).toBe(false);
  });
});

describe('numbers from forms', () => {
  it('treats an empty box as missing, not as zero (tare, amount, meter reading)', async () => {
    const { installDeviceBody } = await import('./api/iot.js');
    const base = { deviceId: 1, customerId: 2, installDate: '2026-11-21', capacityKg: 20 };
    const errs = (v: unknown) => fieldErrors(installDeviceBody.safeParse({ ...base, tareKg: v }).error?.issues ?? [], 'en-US').tareKg;
    expect(errs(null)).toBe('This field is required');
    expect(errs('')).toBe('This field is required');
    expect(errs(undefined)).toBe('This field is required');
    expect(errs(0)).toBeUndefined();
    expect(installDeviceBody.parse({ ...base, tareKg: '15' }).tareKg).toBe(15);
    const { moneySchema } = await import('./customers.js');
    expect(moneySchema.safeParse(null).success).toBe(false);
    expect(moneySchema.safeParse('').success).toBe(false);
    expect(moneySchema.parse('1200')).toBe(1200);
  });
});

describe('rules that compare fields', () => {
  it('report a mismatch together with the other fields, not only once they are valid', () => {
    const errs = fieldErrors(
      changePasswordBody.safeParse({ oldPassword: '', newPassword: 'abcdefg1', confirmPassword: 'abcdefg2' }).error!.issues,
      'en-US',
    );
    expect(errs).toEqual({ oldPassword: 'Please enter the old password', confirmPassword: 'The two passwords do not match' });
  });
  it('do not run while a compared field is itself invalid', () => {
    const errs = fieldErrors(
      changePasswordBody.safeParse({ oldPassword: 'x', newPassword: 'short', confirmPassword: 'other' }).error!.issues,
      'en-US',
    );
    expect(Object.keys(errs)).toEqual(['newPassword']);
  });
});

describe('account form rules', () => {
  it('shows the mismatch and the missing stores at the first save, beside other field errors', async () => {
    const { userCreateBody } = await import('./system.js');
    const errs = fieldErrors(
      userCreateBody.safeParse({
        account: 'clerk1',
        name: '',
        password: 'abcdefg1',
        confirmPassword: 'abcdefg2',
        allStores: false,
        storeIds: [],
      }).error!.issues,
      'en-US',
    );
    expect(errs.confirmPassword).toBe('The two passwords do not match');
    expect(errs.storeIds).toBe('This field is required');
    expect(errs.name).toBeTruthy();
  });
});

describe('rules that compare fields, on a value that is not an object', () => {
  it('report the wrong type instead of throwing', async () => {
    const { userCreateBody } = await import('./system.js');
    for (const body of [[], null, 'x', 42]) {
      const r = userCreateBody.safeParse(body);
      expect(r.success).toBe(false);
    }
    expect(changePasswordBody.safeParse([]).success).toBe(false);
  });
});

describe('control characters in text', () => {
  const msg = (schema: { safeParse: (v: unknown) => { error?: { issues: Parameters<typeof fieldErrors>[0] } } }, v: unknown) =>
    fieldErrors(schema.safeParse(v).error?.issues ?? [], 'en-US')._;
  const refused = ['a\u0000b', 'a\u0001b', 'a\u0008b', 'a\u000bb', 'a\u000cb', 'a\u001bb', 'a\u001fb', 'a\u007fb', '\u0000'];

  it.each(refused.map((s) => [JSON.stringify(s), s]))('requiredText, optionalText and a keyword refuse %s', (_name, s) => {
    expect(msg(requiredText(), s)).toBe('Remove the invisible control characters from this text');
    expect(msg(optionalText(), s)).toBe('Remove the invisible control characters from this text');
    expect(fieldErrors(pageQuery.safeParse({ keyword: s }).error?.issues ?? [], 'en-US').keyword).toBe(
      'Remove the invisible control characters from this text',
    );
  });

  it('keep tabs and line breaks in text (multi-line remarks), and make them spaces in a keyword', () => {
    expect(requiredText().parse('line 1\r\n\tline 2')).toBe('line 1\r\n\tline 2');
    expect(optionalText().parse('a\nb')).toBe('a\nb');
    expect(pageQuery.parse({ keyword: 'Lin\tMei\r\nLing' }).keyword).toBe('Lin Mei Ling');
    // Other characters stay: accents, CJK, emoji.
    expect(requiredText().parse('陳淑芬 Zoë 👍')).toBe('陳淑芬 Zoë 👍');
  });

  it('say it in every language', () => {
    const issues = requiredText().safeParse('a\u0000b').error!.issues;
    expect(fieldErrors(issues, 'zh-TW')._).toBe('請移除文字中看不見的控制字元');
    expect(fieldErrors(issues, 'ms-MY')._).toBe('Sila buang aksara kawalan yang tidak kelihatan daripada teks ini');
  });
});
