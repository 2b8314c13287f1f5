import { useState } from 'react';
import { Card, Col, Empty, List, Row, Space, Tag, Typography } from 'antd';
import { AlertOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS_COLOURS, ORDER_STATUSES, type OrderStatus } from '@gasops/shared';
import { DailyChart } from '../../components/chart';
import { SmallTable } from '../../components/data-table';
import { StoreFilter } from '../../components/filters';
import { useMoney } from '../../components/format';
import { LowGasList } from '../iot/low-gas-list';
import { useDashboard } from './hooks';

/**
 * Home (/manager/Home): today's orders by status, pending deliveries per delivery person, revenue of
 * the last 30 days, customers with no order for over N months, the latest orders, and the IoT
 * module's list of customers low on residual gas.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const [storeId, setStoreId] = useState<number>();
  const q = useDashboard(storeId);
  const d = q.data;
  const money = useMoney(d?.currency);
  const count = (s: OrderStatus) => d?.todayByStatus.find((x) => x.status === s);
  const d_ = (k: string, p?: Record<string, unknown>) => t(`dashboard.${k}`, p);

  return (
    <div data-testid="home-dashboard">
      <Space wrap style={{ marginBottom: 12 }}>
        <StoreFilter value={storeId} onChange={setStoreId} testId="home-store-filter" />
        {d ? <Typography.Text type="secondary">{d_('todayDate', { date: d.today })}</Typography.Text> : null}
      </Space>
      <Card size="small" title={d_('today')} style={{ marginBottom: 12 }} data-testid="home-today">
        <Row gutter={[12, 12]}>
          {ORDER_STATUSES.map((s) => (
            <Col key={s} xs={12} sm={8} lg={4}>
              <div data-testid={`home-today-${s}`} style={{ textAlign: 'center' }}>
                <Tag color={ORDER_STATUS_COLOURS[s]}>{t(`reports.status.${s}`)}</Tag>
                <div style={{ fontSize: 24, fontWeight: 600 }}>{count(s)?.count ?? 0}</div>
                <Typography.Text type="secondary">{money.format(count(s)?.amount ?? 0)}</Typography.Text>
              </div>
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={d_('revenue')} data-testid="home-revenue">
            {d ? (
              <DailyChart
                testId="home-revenue-chart"
                height={280}
                right={50}
                days={d.revenue.map((r) => r.date.slice(5))}
                yAxis={[{ type: 'value' }, { type: 'value', minInterval: 1 }]}
                series={[
                  { name: d_('revenueSeries'), type: 'bar', data: d.revenue.map((r) => money.major(r.amount)) },
                  { name: d_('orderSeries'), type: 'line', yAxisIndex: 1, data: d.revenue.map((r) => r.orderCount) },
                ]}
              />
            ) : null}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={d_('pending')} data-testid="home-pending">
            <SmallTable
              wrap
              rowKey={(r) => String(r.deliveryPersonId ?? 'none')}
              rows={d?.pendingByDeliveryPerson ?? []}
              locale={{ emptyText: d_('noPending') }}
              columns={[
                {
                  title: t('reports.col.deliveryPerson'),
                  dataIndex: 'name',
                  render: (v: string | null) => v ?? <Typography.Text type="secondary">{d_('unassigned')}</Typography.Text>,
                },
                { title: d_('placed'), dataIndex: 'placed', align: 'right' },
                { title: d_('notDelivered'), dataIndex: 'notDelivered', align: 'right' },
                { title: d_('delivering'), dataIndex: 'delivering', align: 'right' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title={d_('recent', { count: d?.recentOrders.length ?? 0 })} data-testid="home-recent">
            <SmallTable
              wrap
              rowKey="id"
              rows={d?.recentOrders ?? []}
              onRow={(r) => ({ 'data-testid': `home-recent-${r.orderNo}` }) as object}
              columns={[
                // An order number and a date are read whole: never cut at their hyphens.
                { title: t('reports.col.orderNo'), dataIndex: 'orderNo', className: 'gasops-nowrap' },
                { title: t('reports.col.orderDate'), dataIndex: 'orderDate', className: 'gasops-nowrap' },
                { title: t('reports.col.customer'), dataIndex: 'customerName' },
                { title: t('reports.col.store'), dataIndex: 'storeName', responsive: ['lg'] },
                {
                  title: t('reports.col.status'),
                  dataIndex: 'status',
                  render: (s: OrderStatus) => <Tag color={ORDER_STATUS_COLOURS[s]}>{t(`reports.status.${s}`)}</Tag>,
                },
                { title: t('reports.col.total'), dataIndex: 'totalAmount', align: 'right', render: (v: number) => money.format(v) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            size="small"
            title={d_('inactive', { months: d?.inactiveCustomers.months ?? '' })}
            extra={d ? <Tag data-testid="home-inactive-total">{d_('inactiveTotal', { total: d.inactiveCustomers.total })}</Tag> : null}
            data-testid="home-inactive"
          >
            <List
              size="small"
              dataSource={d?.inactiveCustomers.items ?? []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
              renderItem={(c) => (
                <List.Item
                  key={c.id}
                  extra={
                    <Typography.Text type="secondary">
                      {c.lastOrderDate ? `${d_('lastOrder')} ${c.lastOrderDate}` : d_('neverOrdered')}
                    </Typography.Text>
                  }
                >
                  <Space orientation="vertical" size={0}>
                    <Typography.Text>{c.name}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {[c.phone, c.storeName].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            size="small"
            title={
              <Space>
                <AlertOutlined />
                {d_('lowGas')}
              </Space>
            }
            data-testid="home-low-gas-slot"
          >
            <LowGasList />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
