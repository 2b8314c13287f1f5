import { describe, expect, it } from 'vitest';
import {
  allowanceItems,
  allowanceNumber,
  invoiceAllowanceBody,
  code39Content,
  defaultPrint,
  displayInvoiceNumber,
  formatInvoiceNumber,
  fromRocYear,
  invoiceDeliveryErrors,
  invoiceIssueBody,
  invoicePeriodAt,
  invoicePeriodOf,
  invoiceSettingsBody,
  invoiceTrackBody,
  INVOICE_RULE,
  isWholeBooklets,
  minorToDollars,
  periodCode,
  periodLabel,
  periodRange,
  qrHead,
  qrTexts,
  rangesOverlap,
  rocDate,
  splitTaxFromNet,
  splitTaxIncluded,
  toRocYear,
  trackSize,
  voidDeadline,
  type InvoiceBuyerDelivery,
  type QrInvoice,
} from './invoices.js';
import { fieldErrors, V } from './validation.js';

const errorsOf = (r: { error?: { issues: Parameters<typeof fieldErrors>[0] } }) => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) {
    const key = i.path.map(String).join('.') || '_';
    if (!(key in out)) out[key] = i.message;
  }
  return out;
};

describe('ROC calendar and periods', () => {
  it('ROC year = Gregorian − 1911, both ways', () => {
    expect(toRocYear(2026)).toBe(115);
    expect(fromRocYear(115)).toBe(2026);
    expect(toRocYear(1912)).toBe(1);
  });

  it('the period of a date: six two-month periods', () => {
    expect(invoicePeriodOf('2026-01-01')).toEqual({ rocYear: 115, period: 1 });
    expect(invoicePeriodOf('2026-02-28')).toEqual({ rocYear: 115, period: 1 });
    expect(invoicePeriodOf('2026-03-01')).toEqual({ rocYear: 115, period: 2 });
    expect(invoicePeriodOf('2026-08-31')).toEqual({ rocYear: 115, period: 4 });
    expect(invoicePeriodOf('2026-12-31')).toEqual({ rocYear: 115, period: 6 });
    expect(invoicePeriodOf('2025-11-01')).toEqual({ rocYear: 114, period: 6 });
  });

  it("the period of a moment is on the group's calendar, not UTC's", () => {
    // 2026-02-28 17:30 UTC is 2026-03-01 01:30 in Taipei: Mar–Apr there, Jan–Feb in UTC.
    const at = new Date('2026-02-28T17:30:00Z');
    expect(invoicePeriodAt(at, 'Asia/Taipei')).toEqual({ rocYear: 115, period: 2 });
    expect(invoicePeriodAt(at, 'UTC')).toEqual({ rocYear: 115, period: 1 });
    // New Year: 2025-12-31 16:30 UTC is 2026-01-01 in Taipei, a new ROC year.
    expect(invoicePeriodAt(new Date('2025-12-31T16:30:00Z'), 'Asia/Taipei')).toEqual({ rocYear: 115, period: 1 });
  });

  it('period code, range, label and void deadline', () => {
    expect(periodCode({ rocYear: 115, period: 2 })).toBe('11504');
    expect(periodCode({ rocYear: 104, period: 6 })).toBe('10412');
    expect(periodCode({ rocYear: 99, period: 1 })).toBe('09902');
    expect(periodRange({ rocYear: 115, period: 1 })).toEqual({ from: '2026-01-01', to: '2026-02-28' });
    expect(periodRange({ rocYear: 113, period: 1 })).toEqual({ from: '2024-01-01', to: '2024-02-29' });
    expect(periodRange({ rocYear: 115, period: 6 })).toEqual({ from: '2026-11-01', to: '2026-12-31' });
    expect(periodLabel({ rocYear: 115, period: 1 })).toBe('115年01-02月');
    expect(periodLabel({ rocYear: 115, period: 6 })).toBe('115年11-12月');
    // Filing deadline = period end + 15 days.
    expect(voidDeadline({ rocYear: 115, period: 1 })).toBe('2026-03-15');
    expect(voidDeadline({ rocYear: 115, period: 6 })).toBe('2027-01-15');
    expect(voidDeadline({ rocYear: 115, period: 3 })).toBe('2026-07-15');
  });

  it('ROC dates as yyyMMdd', () => {
    expect(rocDate('2026-03-05')).toBe('1150305');
    expect(rocDate('2015-04-20')).toBe('1040420');
    expect(rocDate('2010-12-31')).toBe('0991231');
  });
});

describe('numbers and tracks', () => {
  it('prefix + 8 digits with leading zeros', () => {
    expect(formatInvoiceNumber('AB', 123)).toBe('AB00000123');
    expect(formatInvoiceNumber('ZZ', 99999999)).toBe('ZZ99999999');
    expect(displayInvoiceNumber('AB12345678')).toBe('AB-12345678');
  });

  it('size, booklets of 50, overlaps', () => {
    expect(trackSize(100, 149)).toBe(50);
    expect(isWholeBooklets(0, 49)).toBe(true);
    expect(isWholeBooklets(50, 249)).toBe(true);
    expect(isWholeBooklets(12345650, 12345699)).toBe(true);
    expect(isWholeBooklets(1, 49)).toBe(false);
    expect(isWholeBooklets(0, 48)).toBe(false);
    expect(isWholeBooklets(10, 59)).toBe(false);
    expect(rangesOverlap({ start: 0, end: 49 }, { start: 49, end: 99 })).toBe(true);
    expect(rangesOverlap({ start: 0, end: 49 }, { start: 50, end: 99 })).toBe(false);
    expect(rangesOverlap({ start: 100, end: 199 }, { start: 0, end: 500 })).toBe(true);
  });

  const track = (over: Record<string, unknown>) =>
    invoiceTrackBody.safeParse({ storeId: 1, rocYear: 115, period: 1, prefix: 'ab', start: '00000000', end: '00000049', ...over });

  it('a valid track: prefix upper-cased, numbers kept as 8-digit strings', () => {
    const r = track({});
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ prefix: 'AB', start: '00000000', end: '00000049', period: 1 });
  });

  it('the seed §5 messages on start and end', () => {
    expect(errorsOf(track({ start: '' })).start).toBe(V.invoiceStartRequired);
    expect(errorsOf(track({ start: undefined })).start).toBe(V.invoiceStartRequired);
    expect(errorsOf(track({ start: '123' })).start).toBe(V.invoiceStartDigits);
    expect(errorsOf(track({ start: '1234567890' })).start).toBe(V.invoiceStartDigits);
    expect(errorsOf(track({ start: '12ab5678' })).start).toBe(V.invoiceNumber);
    expect(errorsOf(track({ end: '' })).end).toBe(V.invoiceEndRequired);
    expect(errorsOf(track({ end: 'x' })).end).toBe(V.invoiceNumber);
    expect(errorsOf(track({ end: '49' })).end).toBe(INVOICE_RULE.endDigits);
    expect(errorsOf(track({ start: '00000050', end: '00000049' })).end).toBe(V.invoiceEndGreater);
    expect(errorsOf(track({ start: '00000050', end: '00000050' })).end).toBe(V.invoiceEndGreater);
    // The comparison shows with a bad field elsewhere too (whenValid), not only on a second save.
    expect(errorsOf(track({ prefix: '1', start: '00000050', end: '00000049' }))).toMatchObject({
      prefix: INVOICE_RULE.prefix,
      end: V.invoiceEndGreater,
    });
  });

  it('year, period and prefix', () => {
    expect(errorsOf(track({ rocYear: 2026 })).rocYear).toBe(INVOICE_RULE.rocYear);
    expect(errorsOf(track({ rocYear: '' })).rocYear).toBe(INVOICE_RULE.rocYear);
    expect(errorsOf(track({ period: 7 })).period).toBe(INVOICE_RULE.period);
    expect(errorsOf(track({ period: 0 })).period).toBe(INVOICE_RULE.period);
    expect(errorsOf(track({ prefix: 'ABC' })).prefix).toBe(INVOICE_RULE.prefix);
    expect(errorsOf(track({ prefix: 'A1' })).prefix).toBe(INVOICE_RULE.prefix);
  });

  it('the messages exist in every language', () => {
    const r = track({ start: '', end: '' });
    expect(fieldErrors(r.error!.issues, 'zh-TW')).toEqual({ start: '請輸入起始號碼', end: '請輸入結束號碼' });
    expect(fieldErrors(track({ prefix: '' }).error!.issues, 'ja-JP').prefix).toBe('字軌は英大文字 2 文字です');
  });
});

describe('tax split', () => {
  it('B2C: sales = total, tax 0', () => {
    expect(splitTaxIncluded(1050, false)).toEqual({ sales: 1050, tax: 0, total: 1050 });
  });

  it('B2B from a tax-included total: sales = round(total / 1.05) half up, tax = total − sales', () => {
    expect(splitTaxIncluded(1050, true)).toEqual({ sales: 1000, tax: 50, total: 1050 });
    expect(splitTaxIncluded(100, true)).toEqual({ sales: 95, tax: 5, total: 100 }); // 95.238 → 95
    expect(splitTaxIncluded(340, true)).toEqual({ sales: 324, tax: 16, total: 340 }); // 323.81 → 324
    // 21 / 1.05 = 20 exactly.
    expect(splitTaxIncluded(21, true)).toEqual({ sales: 20, tax: 1, total: 21 });
    // 1 / 1.05 = 0.952 → 1, tax 0.
    expect(splitTaxIncluded(1, true)).toEqual({ sales: 1, tax: 0, total: 1 });
    for (let total = 0; total < 3000; total++) {
      const s = splitTaxIncluded(total, true);
      expect(s.sales + s.tax).toBe(total);
      expect(Math.abs(s.sales - total / 1.05)).toBeLessThanOrEqual(0.5);
    }
  });

  it('half up exactly at .5 (in integers, no float error)', () => {
    // From a net amount: 10 × 0.05 = 0.5 → 1.
    expect(splitTaxFromNet(10)).toEqual({ sales: 10, tax: 1, total: 11 });
    expect(splitTaxFromNet(9)).toEqual({ sales: 9, tax: 0, total: 9 }); // 0.45 → 0
    expect(splitTaxFromNet(1000)).toEqual({ sales: 1000, tax: 50, total: 1050 });
    expect(splitTaxFromNet(30)).toEqual({ sales: 30, tax: 2, total: 32 }); // 1.5 → 2
  });

  it('refuses fractions of a dollar; order totals in minor units round half up to the dollar', () => {
    expect(() => splitTaxIncluded(10.5, true)).toThrow(RangeError);
    expect(minorToDollars(72000)).toBe(720);
    expect(minorToDollars(72049)).toBe(720);
    expect(minorToDollars(72050)).toBe(721);
  });
});

describe('print / carrier / donation / UBN matrix', () => {
  const d = (over: Partial<InvoiceBuyerDelivery>): InvoiceBuyerDelivery => ({
    buyerUbn: null,
    carrierType: null,
    carrierId: null,
    npoban: null,
    ...over,
  });

  it('a consumer without carrier or donation prints; printing cannot be turned off', () => {
    expect(invoiceDeliveryErrors(d({}))).toEqual({});
    expect(defaultPrint(d({}))).toBe(true);
    expect(invoiceDeliveryErrors(d({ print: false }))).toEqual({ print: INVOICE_RULE.mustPrint });
  });

  it('a consumer with a mobile barcode or citizen certificate is not printed', () => {
    expect(invoiceDeliveryErrors(d({ carrierType: '3J0002', carrierId: '/ABC+1.-' }))).toEqual({});
    expect(defaultPrint(d({ carrierType: '3J0002' }))).toBe(false);
    expect(invoiceDeliveryErrors(d({ carrierType: 'CQ0001', carrierId: 'AB12345678901234' }))).toEqual({});
    expect(invoiceDeliveryErrors(d({ carrierType: '3J0002', carrierId: '/ABC+1.-', print: true }))).toEqual({
      print: INVOICE_RULE.carrierNoPrint,
    });
  });

  it('carrier formats', () => {
    expect(invoiceDeliveryErrors(d({ carrierType: '3J0002' }))).toEqual({ carrierId: INVOICE_RULE.carrierIdRequired });
    expect(invoiceDeliveryErrors(d({ carrierType: '3J0002', carrierId: 'ABC1234' })).carrierId).toBe(INVOICE_RULE.mobileBarcode);
    expect(invoiceDeliveryErrors(d({ carrierType: '3J0002', carrierId: '/abc1234' })).carrierId).toBe(INVOICE_RULE.mobileBarcode);
    expect(invoiceDeliveryErrors(d({ carrierType: '3J0002', carrierId: '/ABC12345' })).carrierId).toBe(INVOICE_RULE.mobileBarcode);
    expect(invoiceDeliveryErrors(d({ carrierType: 'CQ0001', carrierId: 'AB1234567890123' })).carrierId).toBe(
      INVOICE_RULE.citizenCertificate,
    );
    expect(invoiceDeliveryErrors(d({ carrierType: 'CQ0001', carrierId: 'ab12345678901234' })).carrierId).toBe(
      INVOICE_RULE.citizenCertificate,
    );
  });

  it('donation: 3–7 digits, not printed, never with a UBN or a carrier', () => {
    expect(invoiceDeliveryErrors(d({ npoban: '168' }))).toEqual({});
    expect(invoiceDeliveryErrors(d({ npoban: '1234567' }))).toEqual({});
    expect(defaultPrint(d({ npoban: '168' }))).toBe(false);
    expect(invoiceDeliveryErrors(d({ npoban: '12' })).npoban).toBe(INVOICE_RULE.npoban);
    expect(invoiceDeliveryErrors(d({ npoban: '12345678' })).npoban).toBe(INVOICE_RULE.npoban);
    expect(invoiceDeliveryErrors(d({ npoban: '12a' })).npoban).toBe(INVOICE_RULE.npoban);
    expect(invoiceDeliveryErrors(d({ npoban: '168', print: true }))).toEqual({ print: INVOICE_RULE.donationNoPrint });
    expect(invoiceDeliveryErrors(d({ npoban: '168', buyerUbn: '04595257' })).npoban).toBe(INVOICE_RULE.donationWithUbn);
    expect(invoiceDeliveryErrors(d({ npoban: '168', carrierType: '3J0002', carrierId: '/ABC+1.-' })).npoban).toBe(
      INVOICE_RULE.donationWithCarrier,
    );
  });

  it('a business buyer: valid UBN; prints without a carrier; a mobile barcode makes printing optional; no citizen certificate', () => {
    expect(invoiceDeliveryErrors(d({ buyerUbn: '04595257' }))).toEqual({});
    expect(invoiceDeliveryErrors(d({ buyerUbn: '04595257', print: false }))).toEqual({ print: INVOICE_RULE.mustPrint });
    expect(invoiceDeliveryErrors(d({ buyerUbn: '04595257', carrierType: '3J0002', carrierId: '/ABC+1.-', print: true }))).toEqual({});
    expect(invoiceDeliveryErrors(d({ buyerUbn: '04595257', carrierType: '3J0002', carrierId: '/ABC+1.-', print: false }))).toEqual({});
    expect(invoiceDeliveryErrors(d({ buyerUbn: '04595257', carrierType: 'CQ0001', carrierId: 'AB12345678901234' })).carrierType).toBe(
      INVOICE_RULE.companyCarrier,
    );
    // The UBN checksum (ubn.ts), including the new-rule-only numbers and the 7th-digit-7 case.
    expect(invoiceDeliveryErrors(d({ buyerUbn: '12345678' })).buyerUbn).toBe(V.ubnInvalid);
    expect(invoiceDeliveryErrors(d({ buyerUbn: '04595252' }))).toEqual({});
    expect(invoiceDeliveryErrors(d({ buyerUbn: '10458570' }))).toEqual({});
  });

  it('the issue body applies the same rules and asks for an order or items', () => {
    const parse = (b: Record<string, unknown>) => errorsOf(invoiceIssueBody.safeParse(b));
    expect(parse({ orderId: 1 })).toEqual({});
    expect(parse({})).toEqual({ storeId: INVOICE_RULE.itemsOrOrder });
    expect(parse({ storeId: 1 })).toEqual({ items: INVOICE_RULE.itemsOrOrder });
    expect(parse({ storeId: 1, items: [{ description: 'Gas', quantity: 1, unitPrice: 72050 }] })).toEqual({
      'items.0.unitPrice': INVOICE_RULE.wholeDollars,
    });
    expect(parse({ orderId: 1, buyerUbn: '04595257' })).toEqual({ buyerName: INVOICE_RULE.buyerName });
    expect(parse({ orderId: 1, buyerUbn: '12345678', buyerName: 'X' })).toEqual({ buyerUbn: V.ubnInvalid });
    expect(parse({ orderId: 1, npoban: '168', buyerUbn: '04595257', buyerName: 'X' })).toEqual({ npoban: INVOICE_RULE.donationWithUbn });
    expect(parse({ orderId: 1, print: false })).toEqual({ print: INVOICE_RULE.mustPrint });
    expect(parse({ orderId: 1, carrierType: '3J0002', carrierId: '/ABC+1.-' })).toEqual({});
  });

  it('settings: seller UBN checksum, a 32-hex AES key', () => {
    const ok = { storeId: 1, sellerUbn: '04595257', sellerName: 'Shop' };
    expect(invoiceSettingsBody.safeParse(ok).success).toBe(true);
    expect(invoiceSettingsBody.safeParse({ ...ok, qrAesKey: '0123456789ABCDEF0123456789abcdef' }).success).toBe(true);
    expect(errorsOf(invoiceSettingsBody.safeParse({ ...ok, qrAesKey: '0123' })).qrAesKey).toBe(INVOICE_RULE.aesKey);
    expect(errorsOf(invoiceSettingsBody.safeParse({ ...ok, sellerUbn: '12345678' })).sellerUbn).toBe(V.ubnInvalid);
    expect(errorsOf(invoiceSettingsBody.safeParse({ ...ok, printerWidthMm: 60 })).printerWidthMm).toBe(V.invalid);
  });
});

describe('proof codes: the worked example of DOMAIN.md', () => {
  it('Code39 = period code (5) + number (10) + random code (4): 10404UZ176908720122', () => {
    const code = code39Content({ rocYear: 104, period: 2 }, 'UZ17690872', '0122');
    expect(code).toBe('10404UZ176908720122');
    expect(code).toHaveLength(19);
  });

  const invoice: QrInvoice = {
    number: 'UZ17690872',
    date: '2015-04-20',
    randomCode: '0122',
    sales: 325,
    total: 340,
    buyerUbn: null,
    sellerUbn: '04595257',
    // AES-128-CBC/PKCS7 of 'UZ176908720122' with key 0123456789ABCDEF0123456789ABCDEF and the spec IV,
    // computed with `openssl enc -aes-128-cbc -K … -iv 0edf25c93a28d7b5ff5e45da42f8a1b8 -base64`.
    verification: '+SslZ1PJ1oQ4DkINYoOMLA==',
  };

  it('the left QR starts with the 77 fixed characters in the documented order', () => {
    const head = qrHead(invoice);
    expect(head).toHaveLength(77);
    expect(head.slice(0, 10)).toBe('UZ17690872');
    expect(head.slice(10, 17)).toBe('1040420');
    expect(head.slice(17, 21)).toBe('0122');
    expect(head.slice(21, 29)).toBe('00000145'); // 325
    expect(head.slice(29, 37)).toBe('00000154'); // 340
    expect(head.slice(37, 45)).toBe('00000000'); // consumer
    expect(head.slice(45, 53)).toBe('04595257');
    expect(head.slice(53)).toBe('+SslZ1PJ1oQ4DkINYoOMLA==');
    expect(qrHead({ ...invoice, buyerUbn: '10458575' }).slice(37, 45)).toBe('10458575');
    expect(() => qrHead({ ...invoice, verification: 'short' })).toThrow(RangeError);
  });

  it('then self-use area, items shown, items total, encoding (1 UTF-8) and name:qty:price; the right QR continues with **', () => {
    const { left, right } = qrTexts(invoice, [{ description: '液化石油氣 20kg', quantity: 1, unitPrice: 340 }]);
    expect(left).toBe(`${qrHead(invoice)}:**********:1:1:1:液化石油氣 20kg:1:340`);
    expect(right).toBe('**');
  });

  it('items that do not fit the left code go to the right one; those that fit neither are counted but left out', () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ description: `Item:${i}`, quantity: i + 1, unitPrice: 10 }));
    const { left, right } = qrTexts(invoice, items, 180);
    const fields = left.split(':');
    const shown = Number(fields[2]);
    expect(fields[1]).toBe('**********');
    expect(Number(fields[3])).toBe(30);
    expect(fields[4]).toBe('1');
    expect(new TextEncoder().encode(left).length).toBeLessThanOrEqual(180);
    expect(new TextEncoder().encode(right).length).toBeLessThanOrEqual(180);
    expect(right.startsWith('**Item 0') || right.startsWith('**Item ')).toBe(true);
    // Every shown item appears once across both codes (colons in names became spaces), in order.
    const all = `${fields.slice(5).join(':')}:${right.slice(2)}`.split(':').filter(Boolean);
    expect(all.length).toBe(shown * 3);
    expect(all.slice(0, 3)).toEqual(['Item 0', '1', '10']);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(30);
    expect(right.length).toBeGreaterThan(2);
  });
});

describe('allowances (折讓)', () => {
  const items = [
    { description: 'Gas 20 kg', quantity: 1, unitPrice: 84000, amount: 84000 },
    { description: 'Hose', quantity: 2, unitPrice: 10500, amount: 21000 },
  ];
  it('takes each named line up to what earlier allowances left, splitting the tax per line', () => {
    const { items: out, errors } = allowanceItems(items, new Map([[2, 10500]]), [
      { sequence: 2, amount: 10500 },
      { sequence: 1, amount: 100 },
    ]);
    expect(errors).toEqual({});
    expect(out).toEqual([
      { sequence: 2, description: 'Hose', quantity: 2, unitPrice: 10500, amount: 10500, salesAmount: 10000, taxAmount: 500 },
      // NT$1: round(1 / 1.05) = 1, tax 0.
      { sequence: 1, description: 'Gas 20 kg', quantity: 1, unitPrice: 84000, amount: 100, salesAmount: 100, taxAmount: 0 },
    ]);
  });
  it('names the line that is unknown or asked for more than is left', () => {
    const { errors } = allowanceItems(items, new Map([[2, 20000]]), [
      { sequence: 3, amount: 100 },
      { sequence: 2, amount: 1100 },
      { sequence: 1, amount: 84000 },
    ]);
    expect(errors).toEqual({ 'lines.0.sequence': INVOICE_RULE.allowanceLine, 'lines.1.amount': INVOICE_RULE.allowanceOver });
  });
  it('numbers allowances after the invoice, two digits, 12 characters', () => {
    expect(allowanceNumber('AB00000124', 1)).toBe('AB0000012401');
    expect(allowanceNumber('AB00000124', 99)).toHaveLength(12);
  });
  it('refuses a line given twice and an empty allowance', () => {
    expect(invoiceAllowanceBody.safeParse({ reason: 'x', lines: [] }).success).toBe(false);
    const twice = invoiceAllowanceBody.safeParse({
      reason: 'x',
      lines: [
        { sequence: 1, amount: 100 },
        { sequence: 1, amount: 100 },
      ],
    });
    expect(twice.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['lines.1.sequence', INVOICE_RULE.allowanceTwice]]);
  });
});
