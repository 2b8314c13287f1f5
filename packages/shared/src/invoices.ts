import { z } from 'zod';
import { dateIn, shiftDate } from './dates.js';
import { isValidUbn } from './ubn.js';
import {
  CARRIER_TYPES,
  displayInvoiceNumber,
  fromRocYear,
  INVOICE_BUYER_KINDS,
  INVOICE_DELIVERIES,
  INVOICE_STATUSES,
  invoicePeriodOf,
  PRINTER_WIDTHS_MM,
  toRocYear,
  type CarrierType,
  type InvoicePeriod,
  type RocPeriod,
} from './invoices-vocabulary.js';
import { idSchema, optionalText, optionalUbnSchema, pageQuery, requiredText, V, whenValid, blankAsMissing } from './validation.js';

/**
 * Taiwan uniform e-invoices (統一發票), the rules of ../shared/DOMAIN.md "Uniform invoice / e-invoice",
 * written once for the server and the (coming) invoice screens: ROC years, the six two-month periods,
 * invoice tracks (字軌) and their numbers, the tax split, the print/carrier/donation/UBN matrix and the
 * contents of the proof's Code39 and QR codes. Money on invoices is whole New Taiwan dollars; the API
 * carries it in minor units (× 100) like every other amount, always a whole dollar.
 */

const k = (name: string) => `invoices.validation.${name}`;
/** The invoice module's own validation messages (i18n/invoices.ts); the seed §5 ones are in `V`. */
export const INVOICE_RULE = {
  rocYear: k('rocYear'),
  period: k('period'),
  prefix: k('prefix'),
  endDigits: k('endDigits'),
  overlap: k('overlap'),
  belowUsed: k('belowUsed'),
  usedLocked: k('usedLocked'),
  mobileBarcode: k('mobileBarcode'),
  citizenCertificate: k('citizenCertificate'),
  carrierIdRequired: k('carrierIdRequired'),
  npoban: k('npoban'),
  donationWithUbn: k('donationWithUbn'),
  donationWithCarrier: k('donationWithCarrier'),
  donationNoPrint: k('donationNoPrint'),
  mustPrint: k('mustPrint'),
  carrierNoPrint: k('carrierNoPrint'),
  companyCarrier: k('companyCarrier'),
  buyerName: k('buyerName'),
  wholeDollars: k('wholeDollars'),
  itemsOrOrder: k('itemsOrOrder'),
  oneSource: k('oneSource'),
  billNotPosted: k('billNotPosted'),
  aesKey: k('aesKey'),
  voidReason: k('voidReason'),
  allowanceReason: k('allowanceReason'),
  allowanceLine: k('allowanceLine'),
  allowanceOver: k('allowanceOver'),
  allowanceTwice: k('allowanceTwice'),
} as const;

// ---- ROC calendar and periods ----

// ROC years, the periods and the period of a date are in invoices-vocabulary.ts (without zod), with the
// number as printed, the statuses, the carrier types, the settings' choices and `proofRefusal`.
export * from './invoices-vocabulary.js';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The period of a moment on a store group's calendar (a sale at 00:30 on 1 March in Taipei is in Mar–Apr). */
export function invoicePeriodAt(at: Date, timeZone: string): RocPeriod {
  return invoicePeriodOf(dateIn(timeZone, at));
}

/** The months of a period, e.g. 2 → [3, 4]. */
export const periodMonths = (period: InvoicePeriod): [number, number] => [period * 2 - 1, period * 2];

/** The period code of the QR codes, Code39 and MIG messages: ROC year (3 digits) + the even end month, `11504`. */
export function periodCode({ rocYear, period }: RocPeriod): string {
  return `${pad(rocYear, 3)}${pad(period * 2, 2)}`;
}

/** The first and last dates (`YYYY-MM-DD`) of a period. */
export function periodRange({ rocYear, period }: RocPeriod): { from: string; to: string } {
  const year = fromRocYear(rocYear);
  const [first] = periodMonths(period);
  const from = `${year}-${pad(first, 2)}-01`;
  return { from, to: shiftDate(from, { months: 2, days: -1 }) };
}

/** The period as the proof prints it: `115年01-02月`. */
export function periodLabel({ rocYear, period }: RocPeriod): string {
  const [a, b] = periodMonths(period);
  return `${rocYear}年${pad(a, 2)}-${pad(b, 2)}月`;
}

/** Days after a period's end until its VAT filing deadline (DOMAIN.md: period end + 15 days). */
export const FILING_DAYS_AFTER_PERIOD = 15;

/** The last day an invoice of the period may be voided: its VAT filing deadline (period end + 15 days). */
export function voidDeadline(p: RocPeriod): string {
  return shiftDate(periodRange(p).to, { days: FILING_DAYS_AFTER_PERIOD });
}

/** A date `YYYY-MM-DD` as the QR code writes it: ROC `yyyMMdd`, e.g. 2026-03-05 → `1150305`. */
export function rocDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${pad(toRocYear(y), 3)}${pad(m, 2)}${pad(d, 2)}`;
}

// ---- Numbers and tracks ----

export const INVOICE_PREFIX_RE = /^[A-Z]{2}$/;
export const INVOICE_NUMBER_RE = /^[A-Z]{2}\d{8}$/;
/** Numbers are assigned in booklets of 50 (a range starts at …00 or …50 and ends at …49 or …99). */
export const BOOKLET_SIZE = 50;
export const MAX_INVOICE_NO = 99_999_999;

/** The invoice number: prefix + 8 digits with leading zeros, `AB00000123`. */
export function formatInvoiceNumber(prefix: string, n: number): string {
  return `${prefix}${pad(n, 8)}`;
}

/** How many numbers a track holds (start and end included). */
export const trackSize = (start: number, end: number) => end - start + 1;

/** Whether a range is whole booklets of 50; a range that is not gets a warning, not a refusal. */
export function isWholeBooklets(start: number, end: number): boolean {
  return start % BOOKLET_SIZE === 0 && (end + 1) % BOOKLET_SIZE === 0;
}

/** Whether two ranges share a number. */
export const rangesOverlap = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start <= b.end && b.start <= a.end;

/** An 8-digit number field of a track (seed §5): required, digits only, exactly eight (leading zeros kept). */
const trackNumber = (required: string, digits: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .regex(/^\d+$/, { error: V.invoiceNumber })
    .regex(/^\d{8}$/, { error: digits });

const intField = (message: string, min: number, max: number) =>
  blankAsMissing(z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));

/** A track (字軌) of a store: ROC year, period, prefix, start and end (8-digit strings). */
export const invoiceTrackBody = z
  .object({
    storeId: idSchema,
    rocYear: intField(INVOICE_RULE.rocYear, 100, 999),
    period: intField(INVOICE_RULE.period, 1, 6).transform((p) => p as InvoicePeriod),
    prefix: z.string({ error: INVOICE_RULE.prefix }).trim().toUpperCase().regex(INVOICE_PREFIX_RE, { error: INVOICE_RULE.prefix }),
    start: trackNumber(V.invoiceStartRequired, V.invoiceStartDigits),
    end: trackNumber(V.invoiceEndRequired, INVOICE_RULE.endDigits),
  })
  .refine((b) => Number(b.end) > Number(b.start), { error: V.invoiceEndGreater, path: ['end'], ...whenValid('start', 'end') });
export type InvoiceTrackBody = z.input<typeof invoiceTrackBody>;
export type InvoiceTrackInput = z.output<typeof invoiceTrackBody>;

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());
export const invoiceTrackQuery = pageQuery.extend({
  storeId: optionalId,
  rocYear: intField(INVOICE_RULE.rocYear, 100, 999).optional(),
  period: intField(INVOICE_RULE.period, 1, 6).optional(),
});
export type InvoiceTrackQuery = z.infer<typeof invoiceTrackQuery>;

// ---- Tax ----

export const TAX_RATE = 0.05;
/** TaxType of the MIG: 1 taxable, 2 zero-rated, 3 exempt, 4 special rate, 9 mixed. Only 1 is issued for now. */
export const TAX_TYPES = [1, 2, 3, 4, 9] as const;

export type TaxSplit = { sales: number; tax: number; total: number };

/**
 * Sales and tax of a tax-included total in whole dollars (DOMAIN.md): a consumer (B2C) invoice carries
 * Sales = Total and Tax 0; a business (B2B) invoice Sales = round(Total / 1.05), Tax = Total − Sales, half up.
 */
export function splitTaxIncluded(total: number, business: boolean): TaxSplit {
  if (!Number.isInteger(total)) throw new RangeError('whole dollars only');
  if (!business) return { sales: total, tax: 0, total };
  // round(total / 1.05) half up, in integers: floor((200 × total + 105) / 210).
  const sales = Math.floor((200 * total + 105) / 210);
  return { sales, tax: total - sales, total };
}

/** From a net (pre-tax) amount in whole dollars: Tax = round(Sales × 0.05), half up; Total = Sales + Tax. */
export function splitTaxFromNet(sales: number): TaxSplit {
  if (!Number.isInteger(sales)) throw new RangeError('whole dollars only');
  const tax = Math.floor((sales * 5 + 50) / 100);
  return { sales, tax, total: sales + tax };
}

/** Minor units of a dollar on invoices (New Taiwan dollars have 2 minor digits in GasOps' money). */
export const MINOR_PER_DOLLAR = 100;
/** Minor units → whole dollars, half up (an order's total is rounded to the dollar on its invoice). */
export const minorToDollars = (minor: number) => Math.floor((minor + MINOR_PER_DOLLAR / 2) / MINOR_PER_DOLLAR);

// ---- Buyer, carrier, donation, print ----

/** Mobile barcode (手機條碼, 3J0002): `/` + 7 of 0-9 A-Z . + - */
export const MOBILE_BARCODE_RE = /^\/[0-9A-Z.+-]{7}$/;
/** Citizen digital certificate (自然人憑證, CQ0001): 2 uppercase letters + 14 digits. */
export const CITIZEN_CERTIFICATE_RE = /^[A-Z]{2}\d{14}$/;
/** Donation code (愛心碼, NPOBAN): 3–7 digits. */
export const NPOBAN_RE = /^\d{3,7}$/;
/** The buyer identifier of a consumer on the MIG. */
export const CONSUMER_IDENTIFIER = '0000000000';

export type InvoiceBuyerDelivery = {
  buyerUbn: string | null;
  carrierType: CarrierType | null;
  carrierId: string | null;
  npoban: string | null;
  /** Print the proof; undefined = the rule's default (print unless carried or donated). */
  print?: boolean | undefined;
};

/**
 * Whether the proof is printed when the caller did not say: a donated or carried invoice is not,
 * any other is (B2C without carrier or donation must print; B2B without a carrier must print).
 */
export const defaultPrint = (d: Pick<InvoiceBuyerDelivery, 'carrierType' | 'npoban'>) => !d.carrierType && !d.npoban;

/**
 * The print / carrier / donation / UBN matrix of DOMAIN.md and the formats, as field → message key
 * (empty when valid):
 * - a carrier needs its number in the carrier's format; a donation code is 3–7 digits;
 * - donation is forbidden with a buyer UBN and with a carrier, and a donated invoice is not printed;
 * - a consumer (no UBN) with neither carrier nor donation must print, and one with a carrier does not print;
 * - a business buyer may use a mobile-barcode carrier only (printing then optional), without one it must print.
 */
export function invoiceDeliveryErrors(d: InvoiceBuyerDelivery): Record<string, string> {
  const out: Record<string, string> = {};
  const business = !!d.buyerUbn;
  const print = d.print ?? defaultPrint(d);
  if (d.buyerUbn && !isValidUbn(d.buyerUbn)) out.buyerUbn = V.ubnInvalid;
  if (d.carrierType) {
    if (!d.carrierId) out.carrierId = INVOICE_RULE.carrierIdRequired;
    else if (d.carrierType === '3J0002' && !MOBILE_BARCODE_RE.test(d.carrierId)) out.carrierId = INVOICE_RULE.mobileBarcode;
    else if (d.carrierType === 'CQ0001' && !CITIZEN_CERTIFICATE_RE.test(d.carrierId)) out.carrierId = INVOICE_RULE.citizenCertificate;
    if (business && d.carrierType !== '3J0002') out.carrierType = INVOICE_RULE.companyCarrier;
  }
  if (d.npoban) {
    if (!NPOBAN_RE.test(d.npoban)) out.npoban = INVOICE_RULE.npoban;
    else if (business) out.npoban = INVOICE_RULE.donationWithUbn;
    else if (d.carrierType) out.npoban = INVOICE_RULE.donationWithCarrier;
    else if (print) out.print = INVOICE_RULE.donationNoPrint;
  } else if (!d.carrierType) {
    if (!print) out.print = INVOICE_RULE.mustPrint;
  } else if (!business && print) {
    out.print = INVOICE_RULE.carrierNoPrint;
  }
  return out;
}

// ---- Issue and void ----

/** An amount in minor units that is a whole dollar, between `min` and `max`. */
const wholeDollars = (min: number, max: number) =>
  z
    .number({ error: V.amount })
    .int({ error: V.integer })
    .min(min, { error: V.min })
    .max(max, { error: V.max })
    .refine((v) => v % MINOR_PER_DOLLAR === 0, { error: INVOICE_RULE.wholeDollars });

/** An invoice line typed by hand: whole dollars in minor units, a positive quantity. */
export const invoiceItemBody = z.object({
  description: requiredText(256),
  quantity: z.number({ error: V.number }).int({ error: V.integer }).min(1, { error: V.min }).max(1_000_000, { error: V.max }),
  unitPrice: wholeDollars(0, 1_000_000_000),
});
export type InvoiceItemBody = z.infer<typeof invoiceItemBody>;

/**
 * Issue an invoice: from an order (its store, lines and total), from a monthly bill (its orders' lines) or by
 * hand (a store and lines). The buyer is a consumer, or a business with UBN and name; then a carrier, a
 * donation code or a printed proof.
 */
export const invoiceIssueBody = z
  .object({
    orderId: optionalId,
    monthlyBillId: optionalId,
    storeId: optionalId,
    items: z.array(invoiceItemBody).max(200, { error: V.max }).optional(),
    buyerUbn: optionalUbnSchema,
    buyerName: optionalText(60),
    carrierType: z.enum(CARRIER_TYPES, { error: V.invalid }).nullish(),
    carrierId: z
      .string({ error: V.invalid })
      .trim()
      .max(64, { error: V.tooLong })
      .nullish()
      .transform((v) => (v ? v : null)),
    npoban: z
      .string({ error: V.invalid })
      .trim()
      .max(7, { error: INVOICE_RULE.npoban })
      .nullish()
      .transform((v) => (v ? v : null)),
    print: z.boolean({ error: V.invalid }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.orderId && b.monthlyBillId) ctx.addIssue({ code: 'custom', message: INVOICE_RULE.oneSource, path: ['monthlyBillId'] });
    if (!b.orderId && !b.monthlyBillId && (!b.storeId || !b.items?.length))
      ctx.addIssue({ code: 'custom', message: INVOICE_RULE.itemsOrOrder, path: [b.storeId ? 'items' : 'storeId'] });
    if (b.buyerUbn && !b.buyerName) ctx.addIssue({ code: 'custom', message: INVOICE_RULE.buyerName, path: ['buyerName'] });
    const errors = invoiceDeliveryErrors({ ...b, carrierType: b.carrierType ?? null });
    for (const [field, message] of Object.entries(errors))
      if (field !== 'buyerUbn') ctx.addIssue({ code: 'custom', message, path: [field] });
  });
export type InvoiceIssueBody = z.input<typeof invoiceIssueBody>;
export type InvoiceIssueInput = z.output<typeof invoiceIssueBody>;

/** A void (作廢) needs a reason; the MIG's F0501 allows 20 characters. */
export const invoiceVoidBody = z.object({ reason: requiredText(20, INVOICE_RULE.voidReason) });
export type InvoiceVoidBody = z.infer<typeof invoiceVoidBody>;

// ---- Allowances (折讓) ----

/** Allowances an invoice may have (the number's two-digit sequence). */
export const MAX_ALLOWANCES = 99;
/** An allowance's number: the invoice's and a two-digit sequence, `AB1234567801` (the MIG allows 16 characters). */
export const allowanceNumber = (invoiceNumber: string, n: number) => `${invoiceNumber}${String(n).padStart(2, '0')}`;

/**
 * An allowance: the amount (tax included, minor units, whole dollars) taken off each invoice line it names
 * (`sequence`, 1-based), with a reason (20 characters, like a void's).
 */
export const invoiceAllowanceBody = z
  .object({
    reason: requiredText(20, INVOICE_RULE.allowanceReason),
    lines: z
      .array(
        z.object({
          sequence: z
            .number({ error: INVOICE_RULE.allowanceLine })
            .int({ error: INVOICE_RULE.allowanceLine })
            .min(1, { error: INVOICE_RULE.allowanceLine }),
          amount: wholeDollars(MINOR_PER_DOLLAR, 100_000_000_000),
        }),
        { error: INVOICE_RULE.allowanceLine },
      )
      .min(1, { error: INVOICE_RULE.allowanceLine })
      .max(999, { error: V.max }),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<number>();
    b.lines.forEach((l, i) => {
      if (seen.has(l.sequence)) ctx.addIssue({ code: 'custom', message: INVOICE_RULE.allowanceTwice, path: ['lines', i, 'sequence'] });
      seen.add(l.sequence);
    });
  });
export type InvoiceAllowanceBody = z.infer<typeof invoiceAllowanceBody>;

/** An invoice line as issued, minor units; `amount` tax included. */
export type InvoiceLine = { description: string; quantity: number; unitPrice: number; amount: number };

/**
 * An allowance line: the invoice line it takes from (`sequence`, 1-based) with the `amount` it takes (tax
 * included), and that amount's tax excluded and tax (an allowance always shows the tax it takes back), minor units.
 */
export type AllowanceItem = InvoiceLine & { sequence: number; salesAmount: number; taxAmount: number };

/** What earlier allowances took from each invoice line: sequence → amount (tax included, minor units). */
export function allowedByLine(allowances: readonly { items: readonly { sequence: number; amount: number }[] }[]): Map<number, number> {
  const allowed = new Map<number, number>();
  for (const a of allowances) for (const item of a.items) allowed.set(item.sequence, (allowed.get(item.sequence) ?? 0) + item.amount);
  return allowed;
}

/**
 * The items of an allowance, or the line errors (`lines.<i>.sequence|amount` → message key): each names a
 * line of the invoice and takes at most what is left of it after the earlier allowances (`allowedBefore`:
 * sequence → amount). Each item's tax is split from its tax-included amount (Sales = round(amount / 1.05)).
 */
export function allowanceItems(
  invoiceItems: readonly InvoiceLine[],
  allowedBefore: ReadonlyMap<number, number>,
  lines: readonly { sequence: number; amount: number }[],
): { items: AllowanceItem[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const items: AllowanceItem[] = [];
  lines.forEach((l, i) => {
    const item = invoiceItems[l.sequence - 1];
    if (!item) {
      errors[`lines.${i}.sequence`] = INVOICE_RULE.allowanceLine;
      return;
    }
    if (l.amount > item.amount - (allowedBefore.get(l.sequence) ?? 0)) {
      errors[`lines.${i}.amount`] = INVOICE_RULE.allowanceOver;
      return;
    }
    const split = splitTaxIncluded(l.amount / MINOR_PER_DOLLAR, true);
    items.push({
      sequence: l.sequence,
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      amount: l.amount,
      salesAmount: split.sales * MINOR_PER_DOLLAR,
      taxAmount: split.tax * MINOR_PER_DOLLAR,
    });
  });
  return { items, errors };
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const invoiceListQuery = pageQuery.extend({
  storeId: optionalId,
  status: z.enum(INVOICE_STATUSES, { error: V.invalid }).optional(),
  orderId: optionalId,
  monthlyBillId: optionalId,
  from: z.string().regex(DATE_RE, { error: V.invalid }).optional(),
  to: z.string().regex(DATE_RE, { error: V.invalid }).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

// ---- The store's e-invoice settings ----

/** The seller's QR seed password: 32 hexadecimal characters (an AES-128 key). */
export const QR_AES_KEY_RE = /^[0-9A-Fa-f]{32}$/;

export const invoiceSettingsBody = z.object({
  storeId: idSchema,
  sellerUbn: z
    .string({ error: V.ubnRequired })
    .trim()
    .min(1, { error: V.ubnRequired })
    .regex(/^\d{8}$/, { error: V.ubnDigits })
    .refine(isValidUbn, { error: V.ubnInvalid }),
  sellerName: requiredText(60),
  /** Write-only: a new key replaces the stored one; absent or empty keeps it. Never answered. */
  qrAesKey: z
    .string({ error: INVOICE_RULE.aesKey })
    .trim()
    .refine((v) => v === '' || QR_AES_KEY_RE.test(v), { error: INVOICE_RULE.aesKey })
    .optional(),
  defaultBuyer: z.enum(INVOICE_BUYER_KINDS, { error: V.invalid }).default('consumer'),
  defaultDelivery: z.enum(INVOICE_DELIVERIES, { error: V.invalid }).default('print'),
  defaultNpoban: z
    .string({ error: INVOICE_RULE.npoban })
    .trim()
    .refine((v) => v === '' || NPOBAN_RE.test(v), { error: INVOICE_RULE.npoban })
    .nullish()
    .transform((v) => (v ? v : null)),
  printerWidthMm: z
    .number({ error: V.invalid })
    .int({ error: V.invalid })
    .refine((v) => (PRINTER_WIDTHS_MM as readonly number[]).includes(v), { error: V.invalid })
    .default(57),
});
export type InvoiceSettingsBody = z.input<typeof invoiceSettingsBody>;
export const invoiceSettingsQuery = z.object({ storeId: idSchema });

// ---- Proof codes (Code39 and the two QR codes) ----

/** Code39 of the proof (19 characters): period code (5) + invoice number (10) + random code (4). */
export function code39Content(p: RocPeriod, number: string, randomCode: string): string {
  return `${periodCode(p)}${number}${randomCode}`;
}

/** The verification field's AES parameters (AES-128-CBC, PKCS7, Base64; key = the seller's 32-hex seed). */
export const QR_AES_IV_BASE64 = 'Dt8lyToo17X/XkXaQvihuA==';
/** The plaintext the verification field encrypts: invoice number + random code. */
export const verificationPlaintext = (number: string, randomCode: string) => `${number}${randomCode}`;

export type QrInvoice = {
  number: string;
  /** `YYYY-MM-DD` */
  date: string;
  randomCode: string;
  /** Whole dollars. */
  sales: number;
  total: number;
  buyerUbn: string | null;
  sellerUbn: string;
  /** 24 characters of Base64, made on the server with the seller's key. */
  verification: string;
};

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

/**
 * The 77 fixed characters the left QR code starts with: number (10), ROC date (7), random code (4),
 * sales and total as 8 hex digits, buyer UBN (`00000000` for a consumer), seller UBN, verification (24).
 */
export function qrHead(i: QrInvoice): string {
  const head = `${i.number}${rocDate(i.date)}${i.randomCode}${hex8(i.sales)}${hex8(i.total)}${i.buyerUbn ?? '00000000'}${i.sellerUbn}${i.verification}`;
  if (head.length !== 77) throw new RangeError(`QR head must be 77 characters, got ${head.length}`);
  return head;
}

export type QrItem = { description: string; quantity: number; unitPrice: number };
/** The QR self-use area (10 characters). */
export const QR_SELF_USE = '**********';
/** Bytes each QR code may carry (a version the 57 mm proof prints legibly); items past both codes are counted but left out. */
export const QR_MAX_BYTES = 180;

/** `name:qty:unitPrice` of one item; a colon in the name would split the field, so it becomes a space. */
const qrItem = (i: QrItem) => `${i.description.replace(/:/g, ' ')}:${i.quantity}:${i.unitPrice}`;
const bytes = (s: string) => new TextEncoder().encode(s).length;

/**
 * The texts of the two QR codes (UTF-8 encoding, `1`): the left one is the head, `:` self-use area,
 * items encoded in the codes, total items, encoding, then items; the right one `**` and the items that
 * did not fit on the left. Items that fit in neither are left out (the counts tell a reader).
 */
export function qrTexts(i: QrInvoice, items: readonly QrItem[], maxBytes = QR_MAX_BYTES): { left: string; right: string } {
  const parts = items.map(qrItem);
  const leftHead = (shown: number) => `${qrHead(i)}:${QR_SELF_USE}:${shown}:${items.length}:1`;
  // The count in the head depends on how many fit across both codes: find the largest that does.
  for (let shown = parts.length; shown >= 0; shown--) {
    let left = leftHead(shown);
    let right = '**';
    let placed = 0;
    let ok = true;
    for (const p of parts.slice(0, shown)) {
      if (right === '**' && bytes(`${left}:${p}`) <= maxBytes) left = `${left}:${p}`;
      else if (bytes(right === '**' ? `${right}${p}` : `${right}:${p}`) <= maxBytes)
        right = right === '**' ? `${right}${p}` : `${right}:${p}`;
      else {
        ok = false;
        break;
      }
      placed++;
    }
    if (ok && placed === shown) return { left, right };
  }
  return { left: leftHead(0), right: '**' };
}

// ---- The printed proof (證明聯) ----

/** The proof's fixed words (a government format: Traditional Chinese whatever the user's language). */
export const PROOF_TITLE = '電子發票證明聯';
export const PROOF_REPRINT_MARK = '補印';
/** Printed beside the date and time for a business buyer (the proof then serves as a format-25 voucher). */
export const PROOF_B2B_FORMAT = '格式 25';

/** The text lines of a proof, top to bottom, as both the browser and the PDF print them. */
export const proofFaceSchema = z.object({
  /** The seller's name (heading). */
  sellerName: z.string(),
  /** `電子發票證明聯`, with ` 補印` on a reprint. */
  title: z.string(),
  /** `115年01-02月` */
  period: z.string(),
  /** `AB-12345678` */
  number: z.string(),
  /** `2026-01-15 14:30:22` on the group's clock. */
  dateTime: z.string(),
  /** `格式 25` for a business buyer, else null. */
  format: z.string().nullable(),
  /** `隨機碼 1234` */
  randomCode: z.string(),
  /** `總計 720` */
  total: z.string(),
  /** `賣方 04595257` */
  seller: z.string(),
  /** `買方 10458575`, null for a consumer. */
  buyer: z.string().nullable(),
});
export type ProofFace = z.infer<typeof proofFaceSchema>;

export type ProofInvoice = {
  sellerName: string;
  rocYear: number;
  period: number;
  number: string;
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:mm:ss` on the group's clock. */
  time: string;
  randomCode: string;
  /** Whole dollars. */
  total: number;
  sellerUbn: string;
  buyerUbn: string | null;
};

/** The lines of a proof (DOMAIN.md layout); `reprint` adds the 補印 mark to the title. */
export function proofFace(i: ProofInvoice, reprint: boolean): ProofFace {
  return {
    sellerName: i.sellerName,
    title: reprint ? `${PROOF_TITLE} ${PROOF_REPRINT_MARK}` : PROOF_TITLE,
    period: periodLabel({ rocYear: i.rocYear, period: i.period as InvoicePeriod }),
    number: displayInvoiceNumber(i.number),
    dateTime: `${i.date} ${i.time}`,
    format: i.buyerUbn ? PROOF_B2B_FORMAT : null,
    randomCode: `隨機碼 ${i.randomCode}`,
    total: `總計 ${i.total}`,
    seller: `賣方 ${i.sellerUbn}`,
    buyer: i.buyerUbn ? `買方 ${i.buyerUbn}` : null,
  };
}

/** A printed symbol: what it holds and its SVG (made on the server by bwip-js). */
const proofSymbol = z.object({ text: z.string(), svg: z.string() });

/**
 * A proof ready to print: its lines, the Code39 and the two QR codes, the store's printer width, how
 * many prints were recorded and whether this copy is a reprint (marked 補印).
 */
export const invoiceProofSchema = z.object({
  invoiceId: z.number().int(),
  number: z.string(),
  widthMm: z.number().int(),
  /** Prints recorded so far (POST …/proof/print). */
  prints: z.number().int(),
  reprint: z.boolean(),
  face: proofFaceSchema,
  code39: proofSymbol,
  qrLeft: proofSymbol,
  qrRight: proofSymbol,
});
export type InvoiceProof = z.infer<typeof invoiceProofSchema>;

// ---- Upload to the e-invoice platform (MIG 4.1 messages through Turnkey) ----

/** The platform's calendar: upload deadlines and the MIG's dates and times are Taiwan's, whatever the group's zone. */
export const EINVOICE_TIME_ZONE = 'Asia/Taipei';
/** The MIG 4.1 messages GasOps uploads: issue, void, a period's unused (blank) numbers, allowance. */
export const MIG_MESSAGES = ['F0401', 'F0501', 'E0402', 'G0401'] as const;
export type MigMessage = (typeof MIG_MESSAGES)[number];
/** What a deadline counts for: a consumer's (B2C) or a business buyer's (B2B) invoice or void, or E0402. */
export type UploadKind = 'B2C' | 'B2B' | 'E0402';
/**
 * Days allowed to upload (DOMAIN.md, rules in force since 2025-01-01): B2C 2 days and B2B 7 days counted
 * from the day after the issue (or void); the blank numbers of a period 10 days after the period ends.
 */
export const UPLOAD_DAYS: Record<UploadKind, number> = { B2C: 2, B2B: 7, E0402: 10 };

/**
 * The last day (`YYYY-MM-DD`, Taiwan's calendar) a message may reach the platform: `date` is the day of the
 * issue or the void (B2C, B2B), or the period's last day (E0402). Issued on 3 March, a B2C invoice is due by
 * 5 March (days 4 and 5), a B2B one by 10 March; the blank numbers of Jan–Feb by 10 March.
 */
export function uploadDeadline(kind: UploadKind, date: string): string {
  return shiftDate(date, { days: UPLOAD_DAYS[kind] });
}

/** The deadline kind of an invoice's issue or void: B2B when the buyer has a unified number. */
export const uploadKindOf = (buyerUbn: string | null): UploadKind => (buyerUbn ? 'B2B' : 'B2C');

/** Overdue: not accepted (G) by the platform when its deadline day is over. */
export const isUploadOverdue = (deadline: string, today: string, accepted: boolean) => !accepted && today > deadline;

/** Ranges of consecutive numbers of `start … end` not in `used` (the E0402 blank ranges of a track). */
export function blankRanges(start: number, end: number, used: Iterable<number>): { begin: number; end: number }[] {
  const taken = [...new Set(used)].filter((n) => n >= start && n <= end).sort((x, y) => x - y);
  const out: { begin: number; end: number }[] = [];
  let next = start;
  for (const n of [...taken, end + 1]) {
    if (n > next) out.push({ begin: next, end: n - 1 });
    next = n + 1;
  }
  return out;
}
