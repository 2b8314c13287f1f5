import { useState } from 'react';
import { Card, Col, Empty, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Chart, DailyChart } from '../../components/chart';
import { SmallTable } from '../../components/data-table';
import { StoreFilter, thisMonth, type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import { useMoney } from '../../components/format';
import { StatCards } from '../../components/stat-cards';
import { TotalsRow } from '../../components/totals-row';
import { useOverview } from './hooks';

/** financial: income by payment type, sales, expenses by type, receivables and net, per store and period. */
export function FinancialScreen() {
  const { t } = useTranslation();
  const [storeId, setStoreId] = useState<number>();
  const [range, setRange] = useState<Partial<Range>>(thisMonth());
  const q = useOverview({ storeId, from: range.from, to: range.to });
  const o = q.data;
  const money = useMoney(o?.currency);
  const tt = (k: string) => t(`finance.overview.${k}`);

  return (
    <div data-testid="financial-screen">
      <Space wrap style={{ marginBottom: 12 }}>
        <StoreFilter value={storeId} onChange={setStoreId} />
        <RangeFilter value={range} onChange={setRange} required label="period" />
      </Space>
      {o ? (
        <>
          <StatCards
            items={[
              { key: 'income', title: tt('income'), value: money.format(o.income.total), testId: 'fin-income' },
              { key: 'cash', title: tt('cash'), value: money.format(o.income.cash), testId: 'fin-cash' },
              { key: 'bill', title: tt('bill'), value: money.format(o.income.bill), testId: 'fin-bill' },
              { key: 'expenses', title: tt('expenses'), value: money.format(o.expenses.total), testId: 'fin-expenses' },
              { key: 'net', title: tt('net'), value: money.format(o.net), testId: 'fin-net', color: o.net < 0 ? '#d1495b' : '#14a098' },
            ]}
          />
          <StatCards
            items={[
              { key: 'sales', title: `${tt('sales')} · ${tt('orderCount')}`, value: o.sales.orderCount, testId: 'fin-sales-count' },
              { key: 'salesAmount', title: tt('salesAmount'), value: money.format(o.sales.amount), testId: 'fin-sales-amount' },
              {
                key: 'unpaid',
                title: `${tt('unpaidOrders')} (${o.receivables.unpaidOrders.count})`,
                value: money.format(o.receivables.unpaidOrders.amount),
                testId: 'fin-unpaid',
              },
              {
                key: 'unposted',
                title: `${tt('unpostedBills')} (${o.receivables.unpostedBills.count})`,
                value: money.format(o.receivables.unpostedBills.amount),
                testId: 'fin-unposted',
              },
              { key: 'arrears', title: tt('arrearsCustomers'), value: o.receivables.arrearsCustomers, testId: 'fin-arrears' },
            ]}
          />
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={16}>
              <Card size="small" title={tt('chartTitle')}>
                <DailyChart
                  testId="fin-chart"
                  valueFormatter={(v) => money.format(Math.round(v * 10 ** money.digits))}
                  days={o.daily.map((d) => d.date.slice(5))}
                  series={[
                    { name: tt('incomeSeries'), type: 'bar', data: o.daily.map((d) => money.major(d.income)) },
                    { name: tt('expenseSeries'), type: 'bar', data: o.daily.map((d) => money.major(d.expense)) },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card size="small" title={tt('expenseShare')}>
                {o.expenses.total > 0 ? (
                  <Chart
                    testId="fin-expense-pie"
                    option={{
                      tooltip: { trigger: 'item', valueFormatter: (v) => money.format(Math.round(Number(v) * 10 ** money.digits)) },
                      legend: { type: 'scroll', top: 'bottom' },
                      series: [
                        {
                          type: 'pie',
                          radius: ['35%', '62%'],
                          center: ['50%', '42%'],
                          label: { show: false },
                          data: o.expenses.byType
                            .filter((e) => e.amount > 0)
                            .map((e) => ({ name: t(`finance.type.${e.type}`), value: money.major(e.amount) })),
                        },
                      ],
                    }}
                  />
                ) : (
                  <Empty description={tt('noExpenses')} />
                )}
                <SmallTable
                  rowKey="type"
                  data-testid="fin-expense-types"
                  rows={o.expenses.byType}
                  columns={[
                    { title: t('finance.field.type'), dataIndex: 'type', render: (v: string) => t(`finance.type.${v}`) },
                    { title: tt('count'), dataIndex: 'count', align: 'right' },
                    { title: t('finance.field.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => money.format(v) },
                  ]}
                  summary={() => (
                    <TotalsRow
                      cells={[
                        o.expenses.byType.reduce((sum, e) => sum + e.count, 0),
                        <Typography.Text strong>{money.format(o.expenses.total)}</Typography.Text>,
                      ]}
                    />
                  )}
                />
              </Card>
            </Col>
          </Row>
        </>
      ) : null}
    </div>
  );
}
