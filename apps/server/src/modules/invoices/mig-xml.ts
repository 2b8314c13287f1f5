import {
  CONSUMER_IDENTIFIER,
  EINVOICE_TIME_ZONE,
  MINOR_PER_DOLLAR,
  periodCode,
  TAX_RATE,
  type InvoicePeriod,
  type MigMessage,
  wallClockIn,
} from '@gasops/shared';
import type { invoiceAllowances, invoices } from './invoices.schema.js';

/**
 * MIG 4.1 messages (the e-invoice platform's XML, exchanged through Turnkey): F0401 issue, F0501 void,
 * E0402 blank numbers, G0401 allowance. Each is built from the stored rows only, so the same row gives the same bytes
 * (UTF-8, indented by two spaces, the message's namespace as the default namespace). The element order is
 * the MIG 4.1 XSD's sequence; optional elements GasOps has nothing for are left out.
 */

export const MIG_NAMESPACE: Record<MigMessage, string> = {
  F0401: 'urn:GEINV:eInvoiceMessage:F0401:4.1',
  F0501: 'urn:GEINV:eInvoiceMessage:F0501:4.1',
  E0402: 'urn:GEINV:eInvoiceMessage:E0402:4.1',
  G0401: 'urn:GEINV:eInvoiceMessage:G0401:4.1',
};
const ROOT: Record<MigMessage, string> = { F0401: 'Invoice', F0501: 'CancelInvoice', E0402: 'BranchTrackBlank', G0401: 'Allowance' };
/** AllowanceType of the G0401: 2, the seller's allowance notice (賣方折讓證明通知單). */
export const MIG_SELLER_ALLOWANCE = '2';
/** InvoiceType of every GasOps invoice: 07, the general tax e-invoice. */
export const MIG_INVOICE_TYPE = '07';

type InvoiceRow = typeof invoices.$inferSelect;
/** An element's content: text, children in order (null / undefined = left out), or repeated elements. */
type Node = string | number | null | undefined | Node[] | { [name: string]: Node };

/** The platform's date `YYYYMMDD` and time `HH:MM:SS` of a moment, on Taiwan's clock. */
export function migDateTime(at: Date): { date: string; time: string } {
  const wall = wallClockIn(EINVOICE_TIME_ZONE, at); // YYYY-MM-DD HH:mm:ss
  return { date: wall.slice(0, 10).replaceAll('-', ''), time: wall.slice(11) };
}
const compactDate = (date: string) => date.replaceAll('-', '');
const dollars = (minor: number) => String(minor / MINOR_PER_DOLLAR);

/** Drops the left-out elements (null / undefined) and turns numbers into text, keeping the order. */
function clean(node: Node): unknown {
  if (node === null || node === undefined) return undefined;
  if (typeof node === 'number') return String(node);
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return node.map(clean);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(node)) if (value !== null && value !== undefined) out[name] = clean(value);
  return out;
}

/** The message's XML; xmlbuilder2 is loaded with the first one, not at start. */
async function document(message: MigMessage, body: Record<string, Node>): Promise<string> {
  const { create } = await import('xmlbuilder2');
  return (
    create({ version: '1.0', encoding: 'UTF-8' })
      .ele(MIG_NAMESPACE[message], ROOT[message])
      .ele(clean(body) as Record<string, unknown>)
      .doc()
      .end({ prettyPrint: true, indent: '  ', newline: '\n' }) + '\n'
  );
}

/**
 * F0401, the issue of an invoice. The buyer of a consumer invoice is `0000000000` (the buyer's name, when
 * one was typed, else the same zeros); the amounts are whole dollars. B2C: Sales = Total, Tax 0 (prices
 * include tax); B2B: the stored split (Sales = round(Total / 1.05)). Lines carry their tax-included amounts.
 */
export async function f0401Xml(i: InvoiceRow): Promise<string> {
  const issued = migDateTime(i.issuedAt);
  const carrier = i.carrierType && i.carrierId ? { type: i.carrierType, id: i.carrierId } : null;
  return document('F0401', {
    Main: {
      InvoiceNumber: i.number,
      InvoiceDate: compactDate(i.invoiceDate),
      InvoiceTime: issued.time,
      Seller: { Identifier: i.sellerUbn, Name: i.sellerName },
      Buyer: { Identifier: i.buyerUbn ?? CONSUMER_IDENTIFIER, Name: i.buyerName || i.buyerUbn || CONSUMER_IDENTIFIER },
      InvoiceType: MIG_INVOICE_TYPE,
      DonateMark: i.npoban ? '1' : '0',
      CarrierType: carrier?.type,
      CarrierId1: carrier?.id,
      CarrierId2: carrier?.id,
      PrintMark: i.printMark ? 'Y' : 'N',
      NPOBAN: i.npoban,
      RandomNumber: i.randomCode,
    },
    Details: {
      ProductItem: i.items.map((item, n) => ({
        Description: item.description,
        Quantity: item.quantity,
        UnitPrice: dollars(item.unitPrice),
        TaxType: i.taxType,
        Amount: dollars(item.amount),
        SequenceNumber: n + 1,
      })),
    },
    Amount: {
      SalesAmount: dollars(i.salesAmount),
      FreeTaxSalesAmount: '0',
      ZeroTaxSalesAmount: '0',
      TaxType: i.taxType,
      TaxRate: String(TAX_RATE),
      TaxAmount: dollars(i.taxAmount),
      TotalAmount: dollars(i.totalAmount),
    },
  });
}

/** F0501, the void of an invoice: the original number, date, buyer and seller, the void's date, time and reason. */
export async function f0501Xml(i: InvoiceRow): Promise<string> {
  if (!i.voidedAt) throw new Error(`invoice ${i.number} is not voided`);
  const voided = migDateTime(i.voidedAt);
  return document('F0501', {
    CancelInvoiceNumber: i.number,
    InvoiceDate: compactDate(i.invoiceDate),
    BuyerId: i.buyerUbn ?? CONSUMER_IDENTIFIER,
    SellerId: i.sellerUbn,
    CancelDate: voided.date,
    CancelTime: voided.time,
    CancelReason: (i.voidReason ?? '').slice(0, 20),
  });
}

export type BlankTrack = {
  /** The head office's and the branch's unified numbers (a store is its own head office in GasOps). */
  headBan: string;
  branchBan: string;
  rocYear: number;
  period: InvoicePeriod;
  prefix: string;
  ranges: { begin: number; end: number }[];
};

/** E0402, the unused (blank) numbers of a track at its period's end, as 8-digit begin/end ranges. */
export async function e0402Xml(t: BlankTrack): Promise<string> {
  const eight = (n: number) => String(n).padStart(8, '0');
  return document('E0402', {
    Main: {
      HeadBan: t.headBan,
      BranchBan: t.branchBan,
      InvoiceType: MIG_INVOICE_TYPE,
      YearMonth: periodCode({ rocYear: t.rocYear, period: t.period }),
      InvoiceTrack: t.prefix,
    },
    Details: { BranchTrackBlankItem: t.ranges.map((r) => ({ InvoiceBeginNo: eight(r.begin), InvoiceEndNo: eight(r.end) })) },
  });
}

/**
 * G0401, an allowance (折讓) the seller issues on an invoice: its number and date, seller and buyer, and per
 * line the original invoice's date, number, line and description with the amount taken back — quantity 1,
 * the tax-excluded amount as unit price and amount, and its tax; the sums of tax and of tax-excluded amounts.
 */
export async function g0401Xml(a: typeof invoiceAllowances.$inferSelect, i: InvoiceRow): Promise<string> {
  return document('G0401', {
    Main: {
      AllowanceNumber: a.number,
      AllowanceDate: compactDate(a.allowanceDate),
      Seller: { Identifier: i.sellerUbn, Name: i.sellerName },
      Buyer: { Identifier: i.buyerUbn ?? CONSUMER_IDENTIFIER, Name: i.buyerName || i.buyerUbn || CONSUMER_IDENTIFIER },
      AllowanceType: MIG_SELLER_ALLOWANCE,
    },
    Details: {
      ProductItem: a.items.map((item, n) => ({
        OriginalInvoiceDate: compactDate(i.invoiceDate),
        OriginalInvoiceNumber: i.number,
        OriginalSequenceNumber: item.sequence,
        OriginalDescription: item.description,
        Quantity: 1,
        UnitPrice: dollars(item.salesAmount),
        Amount: dollars(item.salesAmount),
        Tax: dollars(item.taxAmount),
        AllowanceSequenceNumber: n + 1,
        TaxType: i.taxType,
      })),
    },
    Amount: { TaxAmount: dollars(a.taxAmount), TotalAmount: dollars(a.salesAmount) },
  });
}
