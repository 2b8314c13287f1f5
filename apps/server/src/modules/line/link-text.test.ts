import { describe, expect, it } from 'vitest';
import { asksForOrderLink, parseLinkText, phoneDigitVariants } from '@gasops/shared';
import { newLinkCode } from './customer-links.js';

describe('reading a link code in a chat text', () => {
  it('takes a bare code, a code after a link word, spaced, hyphenated, lower case or full-width', () => {
    expect(parseLinkText('AB3D5FGH')).toEqual({ kind: 'code', code: 'AB3D5FGH', explicit: false });
    expect(parseLinkText('link ab3d-5fgh')).toEqual({ kind: 'code', code: 'AB3D5FGH', explicit: true });
    expect(parseLinkText('綁定：ＡＢ３Ｄ　５ＦＧＨ')).toEqual({ kind: 'code', code: 'AB3D5FGH', explicit: true });
    expect(parseLinkText('連携 AB3D5FGH')).toEqual({ kind: 'code', code: 'AB3D5FGH', explicit: true });
  });

  it('leaves other texts alone unless they start with a link word', () => {
    expect(parseLinkText('請問今天有送貨嗎')).toBeNull();
    expect(parseLinkText('AB3D5FG')).toBeNull();
    // O, 0, I, 1 and L are not in codes.
    expect(parseLinkText('AB3D5FGO')).toBeNull();
    expect(parseLinkText('link 123')).toEqual({ kind: 'code', code: '123', explicit: true });
  });

  it('reads a phone number after a link word, in any of its usual writings, and only after one', () => {
    expect(parseLinkText('綁定 0912-345-678')).toEqual({ kind: 'phone', phone: '0912345678' });
    expect(parseLinkText('link +886 912 345 678')).toEqual({ kind: 'phone', phone: '886912345678' });
    expect(parseLinkText('pautan (02) 2345-6789')).toEqual({ kind: 'phone', phone: '0223456789' });
    expect(parseLinkText('連携：０９１２３４５６７８')).toEqual({ kind: 'phone', phone: '0912345678' });
    // Without a link word a number is anybody's text (an answer to staff, an address).
    expect(parseLinkText('0912345678')).toBeNull();
    // Eight digits are a code's length: a code of digits stays a code; too long is no phone.
    expect(parseLinkText('link 23456789')).toEqual({ kind: 'code', code: '23456789', explicit: true });
    expect(parseLinkText('link 1234567890123456')).toEqual({ kind: 'code', code: '1234567890123456', explicit: true });
  });

  it('gives the national and international forms', () => {
    expect(phoneDigitVariants('0912-345-678')).toEqual(['0912345678', '886912345678']);
    expect(phoneDigitVariants('+886 912 345 678')).toEqual(['886912345678', '0912345678']);
    expect(phoneDigitVariants('12345')).toEqual(['12345']);
  });

  it('recognises the order words and makes codes of the alphabet', () => {
    expect(asksForOrderLink(' Order ')).toBe(true);
    expect(asksForOrderLink('訂購')).toBe(true);
    expect(asksForOrderLink('我要訂購')).toBe(false);
    const codes = new Set(Array.from({ length: 200 }, newLinkCode));
    expect(codes.size).toBe(200);
    for (const c of codes) expect(c).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  });
});
