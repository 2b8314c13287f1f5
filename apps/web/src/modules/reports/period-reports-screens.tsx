import { useState } from 'react';
import { Card, Col, DatePicker, Row, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { BreakdownRow, DailyReport, MonthlyReport } from '@gasops/shared';
import { api } from '../../app/api';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Chart } from '../finance/chart';
import { StatCards, useKg, useMoney } from '../finance/kit';
import { initialFilters, ReportFilters, type ReportFilterValues } from './filters';
import { groupToday, groupTodayIso } from '../../app/dates';

type Money = ReturnType<typeof useMoney>;
type DayRow = MonthlyReport['days'][number];

/** A breakdown table (per person, customer type or store) with a total row and export. */
function BreakdownTable({
  rows,
  kind,
  money,
  testId,
  fileName,
}: {
  rows: BreakdownRow[];
  kind: 'person' | 'type' | 'store';
  money: Money;
  testId: string;
  fileName: string;
}) {
  const { t } = useTranslation();
  const kg = useKg();
  const c = (k: string) => t(`reports.col.${k}`);
  const label = (r: BreakdownRow) =>
    kind === 'type'
      ? t(`reports.customerType.${r.key || 'none'}`)
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
    {
      title: c('refund'),
      dataIndex: 'refundAmount',
      align: 'right',
      render: (v: number) => money.format(v),
      exportValue: (r) => money.major(r.refundAmount),
    },
    {
      title: c('products'),
      dataIndex: 'productsAmount',
      align: 'right',
      render: (v: number) => money.format(v),
      exportValue: (r) => money.major(r.productsAmount),
    },
    {
      title: c('services'),
      dataIndex: 'servicesAmount',
      align: 'right',
      render: (v: number) => money.format(v),
      exportValue: (r) => money.major(r.servicesAmount),
    },
    {
      title: c('total'),
      dataIndex: 'totalAmount',
      align: 'right',
      render: (v: number) => money.format(v),
      exportValue: (r) => money.major(r.totalAmount),
    },
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

/** DailyReport: one day's orders with totals, money received, expenses and the breakdowns. */
export function DailyReportScreen() {
  const { t } = useTranslation();
  const kg = useKg();
  const [filters, setFilters] = useState<ReportFilterValues>(initialFilters());
  const [date, setDate] = useState(groupTodayIso());
  const q = useQuery({
    queryKey: ['reports', 'daily', filters, date],
    queryFn: ({ signal }) => api.get<DailyReport>('/reports/daily', { signal, query: { ...filters, date } }),
  });
  const r = q.data;
  const money = useMoney(r?.currency);
  return (
    <div data-testid="report-daily">
      <ReportFilters value={filters} onChange={setFilters}>
        <DatePicker
          data-testid="daily-date"
          allowClear={false}
          value={dayjs(date)}
          onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
        />
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
                <Tag
                  key={s.status}
                  color={
                    s.status === 'cancelled' ? 'default' : s.status === 'payment_posted' || s.status === 'completed' ? 'green' : 'orange'
                  }
                >
                  {t(`reports.status.${s.status}`)}: {s.orderCount} · {money.format(s.totalAmount)}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">{t('common.empty')}</Typography.Text>
            )}
          </Card>
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('reports.section.byPerson')}>
                <BreakdownTable
                  rows={r.byDeliveryPerson}
                  kind="person"
                  money={money}
                  testId="daily-by-person"
                  fileName={`daily_${date}_person.xls`}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('reports.section.byType')}>
                <BreakdownTable
                  rows={r.byCustomerType}
                  kind="type"
                  money={money}
                  testId="daily-by-type"
                  fileName={`daily_${date}_type.xls`}
                />
              </Card>
            </Col>
            <Col xs={24}>
              <Card size="small" title={t('reports.section.byStore')}>
                <BreakdownTable rows={r.byStore} kind="store" money={money} testId="daily-by-store" fileName={`daily_${date}_store.xls`} />
              </Card>
            </Col>
          </Row>
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
  const q = useQuery({
    queryKey: ['reports', 'monthly', filters, month],
    queryFn: ({ signal }) => api.get<MonthlyReport>('/reports/monthly', { signal, query: { ...filters, month } }),
  });
  const r = q.data;
  const money = useMoney(r?.currency);
  const c = (k: string) => t(`reports.col.${k}`);
  const dayColumns: DataTableColumn<DayRow>[] = [
    { title: c('date'), dataIndex: 'date' },
    { title: c('orders'), dataIndex: 'orderCount', align: 'right' },
    { title: c('gasKg'), dataIndex: 'gasWeightG', align: 'right', render: (v: number) => kg(v), exportValue: (d) => d.gasWeightG / 1000 },
    {
      title: c('propaneKg'),
      dataIndex: 'propaneWeightG',
      align: 'right',
      render: (v: number) => kg(v),
      exportValue: (d) => d.propaneWeightG / 1000,
    },
    {
      title: c('refund'),
      dataIndex: 'refundAmount',
      align: 'right',
      render: (v: number) => money.format(v),
      exportValue: (d) => money.major(d.refundAmount),
    },
    {
      title: c('products'),
      dataIndex: 'productsAmount',
      align: 'right',
      render: (v: number) => money.format(v),
      exportValue: (d) => money.major(d.productsAmount),
    },
    {
      title: c('services'),
      dataIndex: 'servicesAmount',
      align: 'right',
      render: (v: number) => money.format(v),
      exportValue: (d) => money.major(d.servicesAmount),
    },
    {
      title: c('total'),
      dataIndex: 'totalAmount',
      align: 'right',
      render: (v: number) => money.format(v),
      exportValue: (d) => money.major(d.totalAmount),
    },
    {
      title: c('received'),
      dataIndex: 'received',
      align: 'right',
      render: (v: number) => money.format(v),
      exportValue: (d) => money.major(d.received),
    },
    {
      title: c('expenses'),
      dataIndex: 'expenses',
      align: 'right',
      render: (v: number) => money.format(v),
      exportValue: (d) => money.major(d.expenses),
    },
  ];
  return (
    <div data-testid="report-monthly">
      <ReportFilters value={filters} onChange={setFilters}>
        <DatePicker
          picker="month"
          data-testid="monthly-month"
          allowClear={false}
          value={dayjs(`${month}-01`)}
          onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
        />
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
            <Chart
              testId="monthly-chart"
              height={260}
              option={{
                tooltip: { trigger: 'axis' },
                legend: { data: [c('total'), c('received'), c('expenses')] },
                grid: { left: 60, right: 20, top: 40, bottom: 30 },
                xAxis: { type: 'category', data: r.days.map((d) => d.date.slice(8)) },
                yAxis: { type: 'value' },
                series: [
                  { name: c('total'), type: 'bar', data: r.days.map((d) => money.major(d.totalAmount)) },
                  { name: c('received'), type: 'line', data: r.days.map((d) => money.major(d.received)) },
                  { name: c('expenses'), type: 'line', data: r.days.map((d) => money.major(d.expenses)) },
                ],
              }}
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
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('reports.totalRow')}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {r.totals.orderCount}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {kg(r.totals.gasWeightG)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {kg(r.totals.propaneWeightG)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {money.format(r.totals.refundAmount)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    {money.format(r.totals.productsAmount)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} align="right">
                    {money.format(r.totals.servicesAmount)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={7} align="right">
                    <Typography.Text strong>{money.format(r.totals.totalAmount)}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={8} align="right">
                    {money.format(r.received.total)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={9} align="right">
                    {money.format(r.expenses)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          </Card>
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('reports.section.byStore')}>
                <BreakdownTable
                  rows={r.byStore}
                  kind="store"
                  money={money}
                  testId="monthly-by-store"
                  fileName={`monthly_${month}_store.xls`}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('reports.section.byPerson')}>
                <BreakdownTable
                  rows={r.byDeliveryPerson}
                  kind="person"
                  money={money}
                  testId="monthly-by-person"
                  fileName={`monthly_${month}_person.xls`}
                />
              </Card>
            </Col>
            <Col xs={24}>
              <Card size="small" title={t('reports.section.byType')}>
                <BreakdownTable
                  rows={r.byCustomerType}
                  kind="type"
                  money={money}
                  testId="monthly-by-type"
                  fileName={`monthly_${month}_type.xls`}
                />
              </Card>
            </Col>
          </Row>
        </>
      ) : null}
    </div>
  );
}
