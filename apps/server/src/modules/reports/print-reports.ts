import {
  formatMoneyMinor,
  translate,
  type DailyReport,
  type DailyReportQuery,
  type Locale,
  type MonthlyReport,
  type MonthlyReportQuery,
  type OrderTotals,
} from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { PrintDocument, type PrintColumn } from '../../platform/pdf.js';
import { getDailyReport, getMonthlyReport } from './get-period-reports.js';

/** DailyReport and MonthlyReport as PDF (issue 11): the same figures the screens show, ready for the file. */

type Tr = (key: string, params?: Record<string, unknown>) => string;

function formatters(locale: Locale, currency: string) {
  const kgFmt = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  return {
    money: (minor: number) => formatMoneyMinor(minor, currency, locale),
    kg: (grams: number) => kgFmt.format(grams / 1000),
  };
}

/** The figure columns of the report tables (`reports.col.<key>`), right-aligned; a figure is as wide in every table. */
const FIGURE_WIDTHS = {
  orders: 2,
  gasKg: 2,
  gasAmount: 3,
  propaneKg: 2,
  refund: 3,
  products: 3,
  total: 3,
  received: 3,
  expenses: 3,
} as const;

/** A table's columns: its first (label) column, then the named figures. */
function columnsOf(t: Tr, first: PrintColumn, figures: (keyof typeof FIGURE_WIDTHS)[]): PrintColumn[] {
  return [first, ...figures.map((key): PrintColumn => ({ title: t(`reports.col.${key}`), width: FIGURE_WIDTHS[key], align: 'right' }))];
}

function totalsTable(
  doc: PrintDocument,
  t: Tr,
  f: ReturnType<typeof formatters>,
  label: string,
  rows: { label: string; v: OrderTotals }[],
) {
  doc.table(
    columnsOf(t, { title: label, width: 4 }, ['orders', 'gasKg', 'gasAmount', 'propaneKg', 'refund', 'products', 'total']),
    rows.map(({ label: l, v }) => [
      l,
      String(v.orderCount),
      f.kg(v.gasWeightG),
      f.money(v.gasAmount),
      f.kg(v.propaneWeightG),
      f.money(v.refundAmount),
      f.money(v.productsAmount + v.servicesAmount + v.cylindersAmount),
      f.money(v.totalAmount),
    ]),
    8,
  );
}

function summary(doc: PrintDocument, t: Tr, f: ReturnType<typeof formatters>, r: DailyReport | MonthlyReport) {
  doc.fields([
    [t('reports.card.orders'), String(r.totals.orderCount)],
    [t('reports.card.weight'), f.kg(r.totals.gasWeightG + r.totals.propaneWeightG)],
    [t('reports.card.sales'), f.money(r.totals.totalAmount)],
    [t('reports.card.refund'), f.money(r.totals.refundAmount)],
    [
      t('reports.card.received'),
      `${f.money(r.received.total)} (${t('reports.card.cash')} ${f.money(r.received.cash)}, ${t('reports.card.bill')} ${f.money(r.received.bill)})`,
    ],
    [t('reports.card.expenses'), f.money(r.expenses)],
    [t('reports.card.net'), f.money(r.received.total - r.expenses)],
    [t('reports.gas.stored'), f.kg(r.gas.storedG)],
  ]);
  doc.gap(6);
}

function breakdowns(doc: PrintDocument, t: Tr, f: ReturnType<typeof formatters>, r: DailyReport | MonthlyReport) {
  const sections: [string, string, DailyReport['byStore']][] = [
    [t('reports.chart.byStore'), t('reports.col.store'), r.byStore],
    [t('reports.chart.byPerson'), t('reports.col.deliveryPerson'), r.byDeliveryPerson],
    [t('reports.chart.byType'), t('reports.col.customerType'), r.byCustomerType],
  ];
  for (const [title, label, rows] of sections) {
    if (rows.length === 0) continue;
    doc.gap(6).text(title, 11, { bold: true }).gap(2);
    totalsTable(
      doc,
      t,
      f,
      label,
      rows.map((b) => ({
        label:
          b.label ?? (label === t('reports.col.customerType') ? t(b.key ? `customers.type.${b.key}` : 'reports.customerType.none') : b.key),
        v: b,
      })),
    );
  }
}

/** A period report's PDF: its title, the summary, the report's own table (`table`), the breakdowns. */
async function periodReportPdf(
  locale: Locale,
  titleKey: string,
  period: string,
  r: DailyReport | MonthlyReport,
  table: (doc: PrintDocument, t: Tr, f: ReturnType<typeof formatters>) => void,
): Promise<Buffer> {
  const t: Tr = (key, params) => translate(locale, key, params);
  const f = formatters(locale, r.currency);
  const doc = await PrintDocument.open(`${t(titleKey)} ${period}`);
  doc.heading(`${t(titleKey)} · ${period}`);
  summary(doc, t, f, r);
  table(doc, t, f);
  breakdowns(doc, t, f, r);
  return doc.finish();
}

export async function printDailyReport(db: Executor, ctx: Ctx, q: DailyReportQuery, locale: Locale): Promise<Buffer> {
  const r = await getDailyReport(db, ctx, q);
  return periodReportPdf(locale, 'menu.DailyReport', r.date, r, (doc, t, f) => {
    if (r.byStatus.length === 0) return;
    doc.text(t('reports.col.status'), 11, { bold: true }).gap(2);
    doc.table(
      columnsOf(t, { title: t('reports.col.status'), width: 4 }, ['orders', 'total']),
      r.byStatus.map((s) => [t(`reports.status.${s.status}`), String(s.orderCount), f.money(s.totalAmount)]),
      8,
    );
  });
}

export async function printMonthlyReport(db: Executor, ctx: Ctx, q: MonthlyReportQuery, locale: Locale): Promise<Buffer> {
  const r = await getMonthlyReport(db, ctx, q);
  return periodReportPdf(locale, 'menu.MonthlyReport', r.month, r, (doc, t, f) => {
    doc.text(t('reports.col.date'), 11, { bold: true }).gap(2);
    doc.table(
      columnsOf(t, { title: t('reports.col.date'), width: 3 }, ['orders', 'gasKg', 'propaneKg', 'total', 'received', 'expenses']),
      r.days.map((d) => [
        d.date,
        String(d.orderCount),
        f.kg(d.gasWeightG),
        f.kg(d.propaneWeightG),
        f.money(d.totalAmount),
        f.money(d.received),
        f.money(d.expenses),
      ]),
      8,
    );
  });
}
