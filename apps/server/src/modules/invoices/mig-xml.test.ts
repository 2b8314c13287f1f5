import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { blankRanges } from '@gasops/shared';
import type { invoiceAllowances, invoices } from './invoices.schema.js';
import { e0402Xml, f0401Xml, f0501Xml, g0401Xml, migDateTime } from './mig-xml.js';

type InvoiceRow = typeof invoices.$inferSelect;
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

const base: InvoiceRow = {
  id: 1,
  groupId: 1,
  storeId: 1,
  trackId: 1,
  number: 'AB00000123',
  rocYear: 115,
  period: 2,
  invoiceDate: '2026-03-03',
  issuedAt: new Date('2026-03-03T01:02:03Z'),
  orderId: null,
  sellerUbn: '04595257',
  sellerName: '瓦斯行 中山店',
  buyerUbn: null,
  buyerName: null,
  carrierType: '3J0002',
  carrierId: '/ABC+123',
  npoban: null,
  printMark: false,
  randomCode: '0420',
  taxType: 1,
  salesAmount: 92000,
  taxAmount: 0,
  totalAmount: 92000,
  items: [
    { description: '液化石油氣 20 kg', quantity: 1, unitPrice: 72000, amount: 72000 },
    { description: '調壓器', quantity: 2, unitPrice: 10000, amount: 20000 },
  ],
  status: 'issued',
  voidReason: null,
  voidedAt: null,
  voidedBy: null,
  uploadStatus: 'pending',
  createdBy: null,
  createdAt: new Date('2026-03-03T01:02:03Z'),
  proofPrints: 0,
  proofFirstPrintedAt: null,
  proofFirstPrintedBy: null,
  uploadDeadline: null,
  uploadError: null,
  uploadMessage: null,
  allowanceAmount: 0,
  monthlyBillId: null,
};
const b2b: InvoiceRow = {
  ...base,
  number: 'AB00000124',
  issuedAt: new Date('2026-03-03T15:59:59Z'),
  buyerUbn: '53212539',
  buyerName: '大同餐廳 & 小吃 <總店>',
  carrierType: null,
  carrierId: null,
  printMark: true,
  randomCode: '9051',
  salesAmount: 100000,
  taxAmount: 5000,
  totalAmount: 105000,
  items: [{ description: '訂單 S0001', quantity: 1, unitPrice: 105000, amount: 105000 }],
};
const voided: InvoiceRow = {
  ...b2b,
  status: 'voided',
  voidReason: '買方統編打錯',
  voidedAt: new Date('2026-03-04T00:30:00Z'),
};
/** An allowance of NT$100 (tax included) on the business invoice's line: 95 + 5 tax. */
const allowance: typeof invoiceAllowances.$inferSelect = {
  id: 1,
  groupId: 1,
  storeId: 1,
  invoiceId: 2,
  number: 'AB0000012401',
  allowanceDate: '2026-05-20',
  reason: '少送一桶的差價',
  salesAmount: 9500,
  taxAmount: 500,
  totalAmount: 10000,
  items: [{ sequence: 1, description: '訂單 S0001', quantity: 1, unitPrice: 105000, amount: 10000, salesAmount: 9500, taxAmount: 500 }],
  createdBy: null,
  createdAt: new Date('2026-05-20T02:00:00Z'),
};
const blank = { headBan: '04595257', branchBan: '04595257', rocYear: 115, period: 1 as const, prefix: 'QA' };

/** A party's elements (RoleDescriptionType): the seller and buyer of an invoice and of an allowance. */
const PARTY = [
  'Identifier',
  'Name',
  'Address',
  'PersonInCharge',
  'TelephoneNumber',
  'FacsimileNumber',
  'EmailAddress',
  'CustomerNumber',
  'RoleRemark',
];
/** The MIG 4.1 XSD sequences (written from the spec, not from the generator): element → its children in order. */
const SEQUENCE: Record<string, string[]> = {
  Invoice: ['Main', 'Details', 'Amount'],
  'Invoice/Main': [
    'InvoiceNumber',
    'InvoiceDate',
    'InvoiceTime',
    'Seller',
    'Buyer',
    'BuyerRemark',
    'MainRemark',
    'CustomsClearanceMark',
    'Category',
    'RelateNumber',
    'InvoiceType',
    'GroupMark',
    'DonateMark',
    'CarrierType',
    'CarrierId1',
    'CarrierId2',
    'PrintMark',
    'NPOBAN',
    'RandomNumber',
  ],
  'Invoice/Main/Seller': PARTY,
  'Invoice/Main/Buyer': PARTY,
  'Invoice/Details': ['ProductItem'],
  'Invoice/Details/ProductItem': [
    'Description',
    'Quantity',
    'Unit',
    'UnitPrice',
    'TaxType',
    'Amount',
    'SequenceNumber',
    'Remark',
    'RelateNumber',
  ],
  'Invoice/Amount': ['SalesAmount', 'FreeTaxSalesAmount', 'ZeroTaxSalesAmount', 'TaxType', 'TaxRate', 'TaxAmount', 'TotalAmount'],
  CancelInvoice: [
    'CancelInvoiceNumber',
    'InvoiceDate',
    'BuyerId',
    'SellerId',
    'CancelDate',
    'CancelTime',
    'CancelReason',
    'ReturnTaxDocumentNumber',
    'Remark',
  ],
  BranchTrackBlank: ['Main', 'Details'],
  'BranchTrackBlank/Main': ['HeadBan', 'BranchBan', 'InvoiceType', 'YearMonth', 'InvoiceTrack'],
  'BranchTrackBlank/Details': ['BranchTrackBlankItem'],
  'BranchTrackBlank/Details/BranchTrackBlankItem': ['InvoiceBeginNo', 'InvoiceEndNo'],
  Allowance: ['Main', 'Details', 'Amount'],
  'Allowance/Main': ['AllowanceNumber', 'AllowanceDate', 'Seller', 'Buyer', 'AllowanceType', 'Attachment'],
  'Allowance/Main/Seller': PARTY,
  'Allowance/Main/Buyer': PARTY,
  'Allowance/Details': ['ProductItem'],
  'Allowance/Details/ProductItem': [
    'OriginalInvoiceSellerId',
    'OriginalInvoiceDate',
    'OriginalInvoiceNumber',
    'OriginalSequenceNumber',
    'OriginalDescription',
    'Quantity',
    'Unit',
    'UnitPrice',
    'Amount',
    'Tax',
    'AllowanceSequenceNumber',
    'TaxType',
  ],
  'Allowance/Amount': ['TaxAmount', 'TotalAmount'],
};
/** Required elements of the sequences above (the rest are optional). */
const REQUIRED = new Set([
  'Invoice/Main/InvoiceNumber',
  'Invoice/Main/InvoiceDate',
  'Invoice/Main/InvoiceTime',
  'Invoice/Main/Seller',
  'Invoice/Main/Buyer',
  'Invoice/Main/InvoiceType',
  'Invoice/Main/DonateMark',
  'Invoice/Main/PrintMark',
  'Invoice/Main/RandomNumber',
  'Invoice/Amount/SalesAmount',
  'Invoice/Amount/TaxType',
  'Invoice/Amount/TaxRate',
  'Invoice/Amount/TaxAmount',
  'Invoice/Amount/TotalAmount',
  'CancelInvoice/CancelInvoiceNumber',
  'CancelInvoice/InvoiceDate',
  'CancelInvoice/BuyerId',
  'CancelInvoice/SellerId',
  'CancelInvoice/CancelDate',
  'CancelInvoice/CancelTime',
  'CancelInvoice/CancelReason',
  'BranchTrackBlank/Main/HeadBan',
  'BranchTrackBlank/Main/BranchBan',
  'BranchTrackBlank/Main/InvoiceType',
  'BranchTrackBlank/Main/YearMonth',
  'BranchTrackBlank/Main/InvoiceTrack',
  'Allowance/Main/AllowanceNumber',
  'Allowance/Main/AllowanceDate',
  'Allowance/Main/Seller',
  'Allowance/Main/Buyer',
  'Allowance/Main/AllowanceType',
  'Allowance/Details/ProductItem/OriginalInvoiceDate',
  'Allowance/Details/ProductItem/OriginalInvoiceNumber',
  'Allowance/Details/ProductItem/OriginalDescription',
  'Allowance/Details/ProductItem/Quantity',
  'Allowance/Details/ProductItem/UnitPrice',
  'Allowance/Details/ProductItem/Amount',
  'Allowance/Details/ProductItem/Tax',
  'Allowance/Details/ProductItem/AllowanceSequenceNumber',
  'Allowance/Details/ProductItem/TaxType',
  'Allowance/Amount/TaxAmount',
  'Allowance/Amount/TotalAmount',
]);

type El = { nodeType: number; localName: string; namespaceURI: string | null; childNodes: ArrayLike<El>; textContent: string | null };
/** The element children of an element (DOM childNodes, text and whitespace left out). */
const elements = (el: El) => Array.from(el.childNodes).filter((c) => c.nodeType === 1);

/** Parses the XML back with the library and checks every element's children against the XSD sequence. */
function checkOrder(xml: string, namespace: string): El {
  const root = create(xml).root().node as unknown as El;
  const walk = (el: El, at: string) => {
    expect(el.namespaceURI, at).toBe(namespace);
    const children = elements(el);
    if (children.length === 0) return;
    const allowed = SEQUENCE[at];
    expect(allowed, `${at} has children`).toBeDefined();
    const positions = children.map((c) => allowed!.indexOf(c.localName));
    expect(
      positions.every((p) => p >= 0),
      `${at}: ${children.map((c) => c.localName).join(',')}`,
    ).toBe(true);
    expect(
      [...positions].sort((x, y) => x - y),
      `${at} in XSD order`,
    ).toEqual(positions);
    for (const name of allowed!)
      if (REQUIRED.has(`${at}/${name}`))
        expect(
          children.some((c) => c.localName === name),
          `${at}/${name}`,
        ).toBe(true);
    for (const c of children) walk(c, `${at}/${c.localName}`);
  };
  walk(root, root.localName);
  return root;
}
const text = (root: El, ...names: string[]) => {
  let el: El | undefined = root;
  for (const n of names) el = elements(el!).find((c) => c.localName === n);
  return el?.textContent;
};

describe('MIG 4.1 XML', () => {
  it('F0401 of a consumer on a mobile barcode equals the reviewed fixture', async () => {
    expect(await f0401Xml(base)).toBe(fixture('f0401-b2c-carrier.xml'));
  });
  it('F0401 of a business buyer (tax split, printed, escaped name) equals the reviewed fixture', async () => {
    expect(await f0401Xml(b2b)).toBe(fixture('f0401-b2b-print.xml'));
  });
  it('F0501 equals the reviewed fixture (void date and time on Taiwan’s clock)', async () => {
    expect(await f0501Xml(voided)).toBe(fixture('f0501.xml'));
  });
  it('E0402 lists the blank ranges of a track, 8 digits with leading zeros', async () => {
    const ranges = blankRanges(
      0,
      249,
      Array.from({ length: 122 }, (_, k) => k + 1),
    );
    expect(await e0402Xml({ ...blank, ranges })).toBe(fixture('e0402.xml'));
  });
  it('G0401 of an allowance on the business invoice equals the reviewed fixture', async () => {
    expect(await g0401Xml(allowance, b2b)).toBe(fixture('g0401.xml'));
    const root = checkOrder(await g0401Xml(allowance, b2b), 'urn:GEINV:eInvoiceMessage:G0401:4.1');
    expect(text(root, 'Main', 'AllowanceType')).toBe('2');
    expect(text(root, 'Amount', 'TotalAmount')).toBe('95');
    expect(text(root, 'Amount', 'TaxAmount')).toBe('5');
    // A consumer's invoice: the buyer is ten zeros.
    expect(text(checkOrder(await g0401Xml(allowance, base), 'urn:GEINV:eInvoiceMessage:G0401:4.1'), 'Main', 'Buyer', 'Identifier')).toBe(
      '0000000000',
    );
  });
  it('is deterministic and well-formed in XSD order, the namespace the default one', async () => {
    const donated = { ...base, carrierType: null, carrierId: null, npoban: '168001' };
    const cases: [string, string][] = [
      [await f0401Xml(base), 'urn:GEINV:eInvoiceMessage:F0401:4.1'],
      [await f0401Xml(b2b), 'urn:GEINV:eInvoiceMessage:F0401:4.1'],
      [await f0401Xml(donated), 'urn:GEINV:eInvoiceMessage:F0401:4.1'],
      [await f0501Xml(voided), 'urn:GEINV:eInvoiceMessage:F0501:4.1'],
      [await e0402Xml({ ...blank, ranges: [{ begin: 50, end: 99 }] }), 'urn:GEINV:eInvoiceMessage:E0402:4.1'],
    ];
    for (const [xml, ns] of cases) {
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(xml).not.toMatch(/xmlns:/);
      checkOrder(xml, ns);
    }
    expect(await f0401Xml(structuredClone(b2b))).toBe(await f0401Xml(b2b));
    const root = checkOrder(await f0401Xml(donated), 'urn:GEINV:eInvoiceMessage:F0401:4.1');
    expect(text(root, 'Main', 'DonateMark')).toBe('1');
    expect(text(root, 'Main', 'NPOBAN')).toBe('168001');
    expect(text(root, 'Main', 'CarrierType')).toBeUndefined();
    expect(text(checkOrder(await f0401Xml(b2b), 'urn:GEINV:eInvoiceMessage:F0401:4.1'), 'Main', 'Buyer', 'Name')).toBe(
      '大同餐廳 & 小吃 <總店>',
    );
  });
  it('cuts a void reason to the F0501 limit of 20 characters and refuses an invoice that is not voided', async () => {
    const root = checkOrder(
      await f0501Xml({ ...voided, voidReason: '一二三四五六七八九十一二三四五六七八九十多' }),
      'urn:GEINV:eInvoiceMessage:F0501:4.1',
    );
    expect(text(root, 'CancelReason')).toHaveLength(20);
    await expect(f0501Xml(b2b)).rejects.toThrow();
  });
  it('dates and times are Taiwan’s: 16:30 UTC on 28 February is 00:30 on 1 March', () => {
    expect(migDateTime(new Date('2026-02-28T16:30:00Z'))).toEqual({ date: '20260301', time: '00:30:00' });
  });
});
