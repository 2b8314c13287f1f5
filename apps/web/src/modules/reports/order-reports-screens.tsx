import { useState } from 'react';
import { Card, Col, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS_COLOURS, type GasReport, type OrderStatus, type ProductReport, type ServiceReport } from '@gasops/shared';
import { Chart, DailyChart } from '../../components/chart';
import { kgColumn, moneyColumn } from '../../components/columns';
import { DataTable, PagedTable, type DataTableColumn } from '../../components/data-table';
import { thisMonth, type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import { useKg, useMoney } from '../../components/format';
import { SearchBox } from '../../components/search-box';
import { StatCards } from '../../components/stat-cards';
import { useGasReport, useProductReport, useServiceReport } from './hooks';
import { initialFilters, ReportFilters, type ReportFilterValues } from './report-filters';

type GasRow = GasReport['items'][number];
type ServiceRow = ServiceReport['items'][number];
type ProductRow = ProductReport['items'][number];

function usePeriodFilters() {
  const [filters, setFilters] = useState<ReportFilterValues>(initialFilters());
  const [range, setRange] = useState<Partial<Range>>(thisMonth());
  const query = { ...filters, from: range.from, to: range.to };
  return { filters, setFilters, range, setRange, query };
}

/** order_gas: gas and propane orders of a period: totals, a daily chart, the orders (paged, exportable). */
export function GasReportScreen() {
  const { t } = useTranslation();
  const kg = useKg();
  const f = usePeriodFilters();
  const list = useGasReport(f.query);
  const r = list.data;
  const money = useMoney(r?.currency);
  const c = (k: string) => t(`reports.col.${k}`);
  const columns: DataTableColumn<GasRow>[] = [
    { title: c('orderNo'), dataIndex: 'orderNo' },
    { title: c('orderDate'), dataIndex: 'orderDate' },
    { title: c('store'), dataIndex: 'storeName' },
    { title: c('customer'), dataIndex: 'customerName' },
    {
      title: c('customerType'),
      dataIndex: 'customerType',
      render: (v: string | null) => (v ? t(`customers.type.${v}`) : ''),
      exportValue: (row) => (row.customerType ? t(`customers.type.${row.customerType}`) : ''),
    },
    { title: c('deliveryPerson'), dataIndex: 'deliveryPersonName' },
    {
      title: c('status'),
      dataIndex: 'status',
      render: (v: OrderStatus) => <Tag color={ORDER_STATUS_COLOURS[v]}>{t(`reports.status.${v}`)}</Tag>,
      exportValue: (row) => t(`reports.status.${row.status}`),
    },
    kgColumn(kg, c('gasKg'), 'gasWeightG'),
    moneyColumn(money, c('gasAmount'), 'gasAmount'),
    kgColumn(kg, c('propaneKg'), 'propaneWeightG'),
    moneyColumn(money, c('propaneAmount'), 'propaneAmount'),
    kgColumn(kg, c('residualKg'), 'residualG'),
    moneyColumn(money, c('refund'), 'refundAmount'),
    moneyColumn(money, c('total'), 'totalAmount'),
  ];
  return (
    <div data-testid="report-order-gas">
      <ReportFilters value={f.filters} onChange={f.setFilters}>
        <RangeFilter value={f.range} onChange={f.setRange} required label="orderDate" />
      </ReportFilters>
      {r ? (
        <>
          <StatCards
            items={[
              { key: 'orders', title: t('reports.card.orders'), value: r.totals.orderCount, testId: 'gas-orders' },
              { key: 'gas', title: c('gasKg'), value: kg(r.totals.gasWeightG), testId: 'gas-kg' },
              { key: 'propane', title: c('propaneKg'), value: kg(r.totals.propaneWeightG), testId: 'gas-propane-kg' },
              { key: 'refund', title: t('reports.card.refund'), value: money.format(r.totals.refundAmount), testId: 'gas-refund' },
              { key: 'sales', title: t('reports.card.sales'), value: money.format(r.totals.totalAmount), testId: 'gas-total' },
            ]}
          />
          <Card size="small" title={t('reports.chart.dailyAmount')} style={{ marginBottom: 12 }}>
            <DailyChart
              testId="gas-chart"
              height={260}
              right={60}
              days={r.series.map((s) => s.date.slice(5))}
              yAxis={[{ type: 'value' }, { type: 'value', name: 'kg' }]}
              series={[
                { name: t('reports.col.amount'), type: 'bar', data: r.series.map((s) => money.major(s.amount)) },
                { name: t('reports.chart.dailyWeight'), type: 'line', yAxisIndex: 1, data: r.series.map((s) => s.weightG / 1000) },
              ]}
            />
          </Card>
        </>
      ) : null}
      <PagedTable<GasRow> list={list} fileName="order_gas.xls" data-testid="gas-table" columns={columns} />
    </div>
  );
}

/** order_product: quantities and amounts per product in a period, with a chart and export. */
export function ProductReportScreen() {
  const { t } = useTranslation();
  const f = usePeriodFilters();
  const [keyword, setKeyword] = useState<string>();
  const q = useProductReport({ ...f.query, keyword });
  const r = q.data;
  const money = useMoney(r?.currency);
  const c = (k: string) => t(`reports.col.${k}`);
  const columns: DataTableColumn<ProductRow>[] = [
    { title: c('product'), dataIndex: 'productName' },
    { title: c('orders'), dataIndex: 'orderCount', align: 'right' },
    { title: c('quantity'), dataIndex: 'quantity', align: 'right' },
    moneyColumn(money, c('avgPrice'), 'avgUnitPrice'),
    moneyColumn(money, c('amount'), 'amount'),
  ];
  const top = (r?.items ?? []).slice(0, 15);
  return (
    <div data-testid="report-order-product">
      <ReportFilters value={f.filters} onChange={f.setFilters}>
        <RangeFilter value={f.range} onChange={f.setRange} required label="orderDate" />
        <SearchBox onSearch={setKeyword} width={260} />
      </ReportFilters>
      {r ? (
        <>
          <StatCards
            items={[
              { key: 'orders', title: t('reports.card.orders'), value: r.totals.orderCount, testId: 'product-orders' },
              { key: 'qty', title: t('reports.card.quantity'), value: r.totals.quantity, testId: 'product-quantity' },
              { key: 'amount', title: t('reports.card.amount'), value: money.format(r.totals.amount), testId: 'product-amount' },
            ]}
          />
          {top.length ? (
            <Card size="small" title={t('reports.chart.byProduct')} style={{ marginBottom: 12 }}>
              <Chart
                testId="product-chart"
                height={Math.max(160, top.length * 28 + 40)}
                option={{
                  tooltip: { trigger: 'axis' },
                  grid: { left: 140, right: 30, top: 10, bottom: 20 },
                  xAxis: { type: 'value' },
                  yAxis: { type: 'category', inverse: true, data: top.map((p) => p.productName) },
                  series: [{ type: 'bar', name: t('reports.col.amount'), data: top.map((p) => money.major(p.amount)) }],
                }}
              />
            </Card>
          ) : null}
        </>
      ) : null}
      <DataTable<ProductRow>
        rowKey="productName"
        data-testid="product-table"
        loading={q.isFetching}
        columns={columns}
        dataSource={r?.items ?? []}
        exportable={{ fileName: 'order_product.xls' }}
      />
    </div>
  );
}

/** order_service: service lines of a period with totals, amounts per service and the lines (paged). */
export function ServiceReportScreen() {
  const { t } = useTranslation();
  const f = usePeriodFilters();
  const [keyword, setKeyword] = useState<string>();
  const list = useServiceReport({ ...f.query, keyword });
  const r = list.data;
  const money = useMoney(r?.currency);
  const c = (k: string) => t(`reports.col.${k}`);
  const columns: DataTableColumn<ServiceRow>[] = [
    { title: c('orderNo'), dataIndex: 'orderNo' },
    { title: c('orderDate'), dataIndex: 'orderDate' },
    { title: c('store'), dataIndex: 'storeName' },
    { title: c('customer'), dataIndex: 'customerName' },
    { title: c('deliveryPerson'), dataIndex: 'deliveryPersonName' },
    { title: c('content'), dataIndex: 'content' },
    moneyColumn(money, c('amount'), 'amount'),
  ];
  return (
    <div data-testid="report-order-service">
      <ReportFilters value={f.filters} onChange={f.setFilters}>
        <RangeFilter value={f.range} onChange={f.setRange} required label="orderDate" />
        <SearchBox onSearch={setKeyword} width={260} />
      </ReportFilters>
      {r ? (
        <Row gutter={[12, 12]}>
          <Col xs={24} lg={10}>
            <StatCards
              items={[
                { key: 'orders', title: t('reports.card.orders'), value: r.totals.orderCount, testId: 'service-orders' },
                { key: 'lines', title: t('reports.card.lines'), value: r.totals.lineCount, testId: 'service-lines' },
                { key: 'amount', title: t('reports.card.amount'), value: money.format(r.totals.amount), testId: 'service-amount' },
              ]}
            />
          </Col>
          <Col xs={24} lg={14}>
            {r.byContent.length ? (
              <Card size="small" title={t('reports.chart.byContent')} style={{ marginBottom: 12 }}>
                <Chart
                  testId="service-chart"
                  height={220}
                  option={{
                    tooltip: { trigger: 'item' },
                    legend: { type: 'scroll', top: 'bottom' },
                    series: [
                      {
                        type: 'pie',
                        radius: ['30%', '60%'],
                        center: ['50%', '42%'],
                        label: { show: false },
                        data: r.byContent.map((b) => ({ name: b.content, value: money.major(b.amount) })),
                      },
                    ],
                  }}
                />
              </Card>
            ) : null}
          </Col>
        </Row>
      ) : null}
      <PagedTable<ServiceRow> list={list} fileName="order_service.xls" data-testid="service-table" columns={columns} />
    </div>
  );
}
