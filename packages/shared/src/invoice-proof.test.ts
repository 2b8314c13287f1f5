import { describe, expect, it } from 'vitest';
import {
  PROOF_B2B_FORMAT,
  PROOF_REPRINT_MARK,
  PROOF_TITLE,
  proofFace,
  proofFaceSchema,
  proofRefusal,
  type ProofInvoice,
} from './invoices.js';

// The printed proof (證明聯): which invoices have one, and its lines (DOMAIN.md layout).

describe('proofRefusal', () => {
  const issued = { print: true, npoban: null, status: 'issued' as const };
  it('prints an issued invoice that asked for a proof (consumer, or business with or without a carrier)', () => {
    expect(proofRefusal(issued)).toBeNull();
  });
  it('refuses a donated one, a carried one without a print, and a voided one', () => {
    expect(proofRefusal({ ...issued, print: false, npoban: '168' })).toBe('donated');
    expect(proofRefusal({ ...issued, print: false })).toBe('carrier');
    expect(proofRefusal({ ...issued, status: 'voided' })).toBe('voided');
    // A donated invoice is refused as donated even once voided.
    expect(proofRefusal({ print: false, npoban: '168', status: 'voided' })).toBe('donated');
  });
});

describe('proofFace', () => {
  const inv: ProofInvoice = {
    sellerName: '好氣瓦斯行',
    rocYear: 115,
    period: 1,
    number: 'AB12345678',
    date: '2026-01-15',
    time: '14:30:22',
    randomCode: '0427',
    total: 720,
    sellerUbn: '04595257',
    buyerUbn: null,
  };
  it('writes a consumer proof: title, period, number with a dash, date and time, random code, total, seller', () => {
    const face = proofFace(inv, false);
    expect(face).toEqual({
      sellerName: '好氣瓦斯行',
      title: '電子發票證明聯',
      period: '115年01-02月',
      number: 'AB-12345678',
      dateTime: '2026-01-15 14:30:22',
      format: null,
      randomCode: '隨機碼 0427',
      total: '總計 720',
      seller: '賣方 04595257',
      buyer: null,
    });
    expect(proofFaceSchema.parse(face)).toEqual(face);
  });
  it('adds 格式 25 and the buyer for a business buyer, and the 補印 mark on a reprint', () => {
    const face = proofFace({ ...inv, buyerUbn: '10458575', period: 6, total: 105 }, true);
    expect(face).toMatchObject({
      title: `${PROOF_TITLE} ${PROOF_REPRINT_MARK}`,
      period: '115年11-12月',
      format: PROOF_B2B_FORMAT,
      total: '總計 105',
      buyer: '買方 10458575',
    });
    expect(face.title).toBe('電子發票證明聯 補印');
  });
});
