import { describe, expect, it } from 'vitest';
import { asksForOrderLink, parseLinkText } from '@gasops/shared';
import { newLinkCode } from './customer-links.js';

describe('reading a link code in a chat text', () => {
  it('takes a bare code, a code after a link word, spaced, hyphenated, lower case or full-width', () => {
    expect(parseLinkText('AB3D5FGH')).toEqual({ code: 'AB3D5FGH', explicit: false });
    expect(parseLinkText('link ab3d-5fgh')).toEqual({ code: 'AB3D5FGH', explicit: true });
    expect(parseLinkText('綁定：ＡＢ３Ｄ　５ＦＧＨ')).toEqual({ code: 'AB3D5FGH', explicit: true });
    expect(parseLinkText('連携 AB3D5FGH')).toEqual({ code: 'AB3D5FGH', explicit: true });
  });

  it('leaves other texts alone unless they start with a link word', () => {
    expect(parseLinkText('請問今天有送貨嗎')).toBeNull();
    expect(parseLinkText('AB3D5FG')).toBeNull();
    // O, 0, I, 1 and L are not in codes.
    expect(parseLinkText('AB3D5FGO')).toBeNull();
    expect(parseLinkText('link 123')).toEqual({ code: '123', explicit: true });
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
