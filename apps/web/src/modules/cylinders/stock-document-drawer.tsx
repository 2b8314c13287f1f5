import { Alert, Descriptions, Drawer, Grid, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type StockDocumentDetail } from '@gasops/shared';
import { SmallTable } from '../../components/data-table';
import { useStockDocument } from './hooks';

/** A stock document and each line's result (loaded with its first opening: stock-screen.tsx, pending-screen.tsx): applied, or waiting in pending data (with the reason). */
export function StockDocumentDrawer({ id, initial, onClose }: { id: number; initial?: StockDocumentDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const q = useStockDocument(initial ? null : id);
  const d = initial ?? q.data;
  return (
    <Drawer
      open
      onClose={onClose}
      size={screens.md ? 720 : '100%'}
      title={d ? `${d.docNo} · ${t(`cylinders.movement.${d.kind}`)}` : t('common.detail')}
      data-testid="stock-detail"
      destroyOnHidden
    >
      {d ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {d.pendingCount > 0 ? (
            <Alert
              type="warning"
              showIcon
              title={t('cylinders.ui.linesPending', { count: d.pendingCount })}
              action={
                <Link to={`/manager/penddingDataMaintenance?docNo=${encodeURIComponent(d.docNo)}`} data-testid="stock-to-pending">
                  {t('menu.penddingDataMaintenance')}
                </Link>
              }
            />
          ) : null}
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('cylinders.field.docDate')}>{d.docDate}</Descriptions.Item>
            <Descriptions.Item label={t('cylinders.field.store')}>{d.storeName}</Descriptions.Item>
            <Descriptions.Item label={t('cylinders.field.sourceDocNo')}>{d.sourceDocNo}</Descriptions.Item>
            <Descriptions.Item label={t('cylinders.field.customer')}>{d.customerName}</Descriptions.Item>
            <Descriptions.Item label={t('cylinders.lineResult.applied')}>
              <span data-testid="stock-applied-count">{d.appliedCount}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('cylinders.lineResult.pending')}>
              <span data-testid="stock-pending-count">{d.pendingCount}</span>
            </Descriptions.Item>
            {d.overrideReason ? (
              <Descriptions.Item label={t('cylinders.field.overrideReason')} span={2}>
                {d.overrideReason}
              </Descriptions.Item>
            ) : null}
            {d.remark ? (
              <Descriptions.Item label={t('cylinders.field.remark')} span={2}>
                {d.remark}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <SmallTable
            rowKey="lineNo"
            rows={d.lines}
            pageSize={20}
            onRow={(r) => ({ 'data-testid': `stock-line-${r.lineNo}`, 'data-result': r.result }) as object}
            columns={[
              { title: t('cylinders.field.lineNo'), dataIndex: 'lineNo', width: 60 },
              { title: t('cylinders.field.codes'), dataIndex: 'code' },
              { title: t('cylinders.field.containerNo'), dataIndex: 'containerNo' },
              { title: t('cylinders.field.sizeKg'), dataIndex: 'sizeKg', align: 'right' },
              { title: t('cylinders.field.containerSpec'), dataIndex: 'containerSpec' },
              {
                title: t('cylinders.field.result'),
                dataIndex: 'result',
                render: (v: 'applied' | 'pending') => (
                  <Tag color={v === 'applied' ? 'green' : 'orange'}>{t(`cylinders.lineResult.${v}`)}</Tag>
                ),
              },
              {
                title: t('cylinders.field.reason'),
                dataIndex: 'reason',
                render: (v: string | null) => (v ? t(`cylinders.problem.${v}`) : ''),
              },
            ]}
          />
        </Space>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
