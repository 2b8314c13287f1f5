import { useState } from 'react';
import { Card, Col, Descriptions, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isSaleStatus, type BreakdownRow, type DailyReport, type GasCreditSummary, type MonthlyReport } from '@gasops/shared';
import { groupToday, groupTodayIso } from '../../app/dates';
import { DailyChart } from '../../components/chart';
import { kgColumn, moneyColumn } from '../../components/columns';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useKg, useMoney, type Money } from '../../components/format';
import { StatCards } from '../../components/stat-cards';
import { TotalsRow } from '../../components/totals-row';
import { useDailyReport, useMonthlyReport } from './hooks';
import { DateFilter } from '../../components/date-filters';
import { PrintButtons } from '../../components/print';
import { initialFilters, ReportFilters, type ReportFilterValues } from './report-filters';

type DayRow = MonthlyReport['days'][number];
type Amounts = { refundAmount: number; productsAmount: number; servicesAmount: number; totalAmount: number };

/** The amount columns a breakdown and a day share: refunds, products, services and the total. */
const AMOUNTS = [
  ['refund', 'refundAmount'],
  ['products', 'productsAmount'],
  ['services', 'servicesAmount'],
  ['total', 'totalAmount'],
] as const;
function amountColumns<T extends Amounts>(money: Money, c: (key: string) => string): DataTableColumn<T>[] {
  return AMOUNTS.map(([title, key]) => ({
    title: c(title),
    dataIndex: key,
    align: 'right',
    render: (v: number) => money.format(v),
    exportValue: (r: T) => money.major(r[key]),
  }));
}

/** A breakdown table (per person, customer type or store) with a total row and export. */
function BreakdownTable({
  rows,
  kind,
  money,
  testId,
  fileName,
}: {
  rows: BreakdownRow[];
  kind: BreakdownKind;
  money: Money;
  testId: string;
  fileName: string;
}) {
  const { t } = useTranslation();
  const kg = useKg();
  const c = (k: string) => t(`reports.col.${k}`);
  const label = (r: BreakdownRow) =>
    kind === 'type'
      ? t(r.key ? `customers.type.${r.key}` : 'reports.customerType.none')
      : kind === 'person'
        ? (r.label ?? t('reports.unassigned'))
        : (r.label ?? r.key);
  const columns: DataTableColumn<BreakdownRow>[] = [
    {
      title: c(kind === 'person' ? 'deliveryPerson' : kind === 'type' ? 'customerType' : 'store'),
      key: 'label',
      render: (_, r) => label(r),
      exportValue: (r) => label(r),
    },
    { title: c('orders'), dataIndex: 'orderCount', align: 'right' },
    {
      title: c('gasKg'),
      key: 'kg',
      align: 'right',
      render: (_, r) => kg(r.gasWeightG + r.propaneWeightG),
      exportValue: (r) => (r.gasWeightG + r.propaneWeightG) / 1000,
    },
    ...amountColumns<BreakdownRow>(money, c),
  ];
  return (
    <DataTable<BreakdownRow>
      rowKey="key"
      size="small"
      data-testid={testId}
      columns={columns}
      dataSource={rows}
      paging={false}
      exportable={{ fileName }}
    />
  );
}

type BreakdownKind = 'person' | 'type' | 'store';
const BREAKDOWN: Record<BreakdownKind, { section: string; rows: (r: DailyReport | MonthlyReport) => BreakdownRow[] }> = {
  person: { section: 'byPerson', rows: (r) => r.byDeliveryPerson },
  type: { section: 'byType', rows: (r) => r.byCustomerType },
  store: { section: 'byStore', rows: (r) => r.byStore },
};

/** The three breakdowns of a report: two side by side, the third below; `name` starts their file names, `testId` their test ids. */
function Breakdowns({
  report,
  order,
  money,
  name,
  testId,
}: {
  report: DailyReport | MonthlyReport;
  order: [BreakdownKind, BreakdownKind, BreakdownKind];
  money: Money;
  name: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]}>
      {order.map((kind, i) => (
        <Col key={kind} xs={24} xl={i < 2 ? 12 : 24}>
          <Card size="small" title={t(`reports.section.${BREAKDOWN[kind].section}`)}>
            <BreakdownTable
              rows={BREAKDOWN[kind].rows(report)}
              kind={kind}
              money={money}
              testId={`${testId}-by-${kind}`}
              fileName={`${name}_${kind}.xls`}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** Seed §4 gas status of the period: residual gas refunded (return gas) against gas stored as customers' credit, and credit used. */
function GasStatusCard({ gas, money, testId }: { gas: GasCreditSummary; money: Money; testId: string }) {
  const { t } = useTranslation();
  const kg = useKg();
  return (
    <Card size="small" title={t('reports.gas.title')} style={{ marginBottom: 12 }} data-testid={testId}>
      <Descriptions size="small" column={{ xs: 1, md: 5 }}>
        <Descriptions.Item label={t('reports.gas.refunded')}>
          <span data-testid={`${testId}-refunded`}>{kg(gas.refundedG)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('reports.card.refund')}>{money.format(gas.refundAmount)}</Descriptions.Item>
        <Descriptions.Item label={t('reports.gas.stored')}>
          <span data-testid={`${testId}-stored`}>{kg(gas.storedG)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('reports.gas.creditUsed')}>{kg(gas.usedG)}</Descriptions.Item>
        <Descriptions.Item label={t('reports.gas.creditAmount')}>{money.format(gas.usedAmount)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** DailyReport: one day's orders with totals, money received, expenses and the breakdowns. */
export function DailyReportScreen() {
  const { t } = useTranslation();
  const kg = useKg();
  const [filters, setFilters] = useState<ReportFilterValues>(initialFilters());
  const [date, setDate] = useState(groupTodayIso());
  const q = useDailyReport({ ...filters, date });
  const r = q.data;
  const money = useMoney(r?.currency);
  return (
    <div data-testid="report-daily">
      <ReportFilters value={filters} onChange={setFilters}>
        <DateFilter testId="daily-date" label="reportDate" value={date} onChange={setDate} />
        <PrintButtons pdf={{ path: '/reports/daily.pdf', query: { ...filters, date } }} testId="daily-print" />
      </ReportFilters>
      {r ? (
        <>
          <StatCards
            items={[
              { key: 'orders', title: t('reports.card.orders'), value: r.totals.orderCount, testId: 'daily-orders' },
              { key: 'kg', title: t('reports.card.weight'), value: kg(r.totals.gasWeightG + r.totals.propaneWeightG), testId: 'daily-kg' },
              { key: 'sales', title: t('reports.card.sales'), value: money.format(r.totals.totalAmount), testId: 'daily-total' },
              {
                key: 'cash',
                title: `${t('reports.card.received')} · ${t('reports.card.cash')}`,
                value: money.format(r.received.cash),
                testId: 'daily-cash',
              },
              {
                key: 'bill',
                title: `${t('reports.card.received')} · ${t('reports.card.bill')}`,
                value: money.format(r.received.bill),
                testId: 'daily-bill',
              },
              { key: 'exp', title: t('reports.card.expenses'), value: money.format(r.expenses), testId: 'daily-expenses' },
            ]}
          />
          <Card size="small" title={t('reports.section.byStatus')} style={{ marginBottom: 12 }} data-testid="daily-status">
            {r.byStatus.length ? (
              r.byStatus.map((s) => (
                <Tag key={s.status} color={s.status === 'cancelled' ? 'default' : isSaleStatus(s.status) ? 'green' : 'orange'}>
                  {t(`reports.status.${s.status}`)}: {s.orderCount} · {money.format(s.totalAmount)}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">{t('common.empty')}</Typography.Text>
            )}
          </Card>
          <GasStatusCard gas={r.gas} money={money} testId="daily-gas" />
          <Breakdowns report={r} order={['person', 'type', 'store']} money={money} name={`daily_${date}`} testId="daily" />
        </>
      ) : null}
    </div>
  );
}

/** MonthlyReport: the month per day (chart and table) and per store, person and customer type. */
export function MonthlyReportScreen() {
  const { t } = useTranslation();
  const kg = useKg();
  const [filters, setFilters] = useState<ReportFilterValues>(initialFilters());
  const [month, setMonth] = useState(groupToday().format('YYYY-MM'));
  const q = useMonthlyReport({ ...filters, month });
  const r = q.data;
  const money = useMoney(r?.currency);
  const c = (k: string) => t(`reports.col.${k}`);
  const dayColumns: DataTableColumn<DayRow>[] = [
    { title: c('date'), dataIndex: 'date' },
    { title: c('orders'), dataIndex: 'orderCount', align: 'right' },
    kgColumn(kg, c('gasKg'), 'gasWeightG'),
    kgColumn(kg, c('propaneKg'), 'propaneWeightG'),
    ...amountColumns<DayRow>(money, c),
    moneyColumn(money, c('received'), 'received'),
    moneyColumn(money, c('expenses'), 'expenses'),
  ];
  return (
    <div data-testid="report-monthly">
      <ReportFilters value={filters} onChange={setFilters}>
        <DateFilter testId="monthly-month" picker="month" label="reportMonth" value={`${month}-01`} onChange={setMonth} />
        <PrintButtons pdf={{ path: '/reports/monthly.pdf', query: { ...filters, month } }} testId="monthly-print" />
      </ReportFilters>
      {r ? (
        <>
          <StatCards
            items={[
              { key: 'orders', title: t('reports.card.orders'), value: r.totals.orderCount, testId: 'monthly-orders' },
              {
                key: 'kg',
                title: t('reports.card.weight'),
                value: kg(r.totals.gasWeightG + r.totals.propaneWeightG),
                testId: 'monthly-kg',
              },
              { key: 'sales', title: t('reports.card.sales'), value: money.format(r.totals.totalAmount), testId: 'monthly-total' },
              { key: 'received', title: t('reports.card.received'), value: money.format(r.received.total), testId: 'monthly-received' },
              { key: 'exp', title: t('reports.card.expenses'), value: money.format(r.expenses), testId: 'monthly-expenses' },
              { key: 'net', title: t('reports.card.net'), value: money.format(r.received.total - r.expenses), testId: 'monthly-net' },
            ]}
          />
          <Card size="small" title={t('reports.chart.dailyAmount')} style={{ marginBottom: 12 }}>
            <DailyChart
              testId="monthly-chart"
              height={260}
              days={r.days.map((d) => d.date.slice(8))}
              series={[
                { name: c('total'), type: 'bar', data: r.days.map((d) => money.major(d.totalAmount)) },
                { name: c('received'), type: 'line', data: r.days.map((d) => money.major(d.received)) },
                { name: c('expenses'), type: 'line', data: r.days.map((d) => money.major(d.expenses)) },
              ]}
            />
          </Card>
          <Card size="small" title={t('reports.section.days')} style={{ marginBottom: 12 }}>
            <DataTable<DayRow>
              rowKey="date"
              size="small"
              data-testid="monthly-days"
              columns={dayColumns}
              dataSource={r.days}
              paging={false}
              exportable={{ fileName: `monthly_${month}.xls` }}
              summary={() => (
                <TotalsRow
                  cells={[
                    r.totals.orderCount,
                    kg(r.totals.gasWeightG),
                    kg(r.totals.propaneWeightG),
                    money.format(r.totals.refundAmount),
                    money.format(r.totals.productsAmount),
                    money.format(r.totals.servicesAmount),
                    <Typography.Text strong>{money.format(r.totals.totalAmount)}</Typography.Text>,
                    money.format(r.received.total),
                    money.format(r.expenses),
                  ]}
                />
              )}
            />
          </Card>
          <GasStatusCard gas={r.gas} money={money} testId="monthly-gas" />
          <Breakdowns report={r} order={['store', 'person', 'type']} money={money} name={`monthly_${month}`} testId="monthly" />
        </>
      ) : null}
    </div>
  );
}
