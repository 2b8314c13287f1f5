import { useState } from 'react';
import { Alert, Card, Empty, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InspectionResult, InspectionRow } from '@gasops/shared';
import { SmallTable } from '../../../components/data-table';
import { useCustomerInspections } from './hooks';
import { lazyDialog } from '../../../app/lazy';
import { ResultTag, useFailedText } from './parts';

/** One inspection in full (inspection-drawer.tsx, with antd's Drawer, Descriptions and Image): loaded with its first opening (issue 16). */
const InspectionDrawer = lazyDialog(
  () => import('./inspection-drawer'),
  (m) => m.InspectionDrawer,
  { shownWhen: (props) => props.row !== null },
);

/**
 * CustomerDetail's "Safety inspections" card: the customer's latest inspections, and its last failed
 * one in red with the failed items ("failures show on the customer"). A row opens the full record.
 */
export function CustomerInspectionsCard({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const failedText = useFailedText();
  const { recent, lastFailed } = useCustomerInspections(customerId);
  const [open, setOpen] = useState<InspectionRow | null>(null);
  const rows = recent.data?.items ?? [];
  // The last failed inspection is a warning only while no later inspection passed.
  const lastFailedOpen = lastFailed !== null && !rows.some((r) => r.result === 'pass' && r.inspectedAt > lastFailed.inspectedAt);
  return (
    <Card size="small" title={t('field.office.customerCard')} data-testid="customer-inspections">
      {lastFailed ? (
        <Alert
          type={lastFailedOpen ? 'error' : 'warning'}
          showIcon
          icon={<WarningOutlined />}
          style={{ marginBottom: 8 }}
          data-testid="customer-inspection-failed"
          title={
            <Typography.Link onClick={() => setOpen(lastFailed)} style={{ color: 'inherit' }}>
              {t('field.office.lastFailed', { date: lastFailed.inspectionDate, items: failedText(lastFailed.failedItems) })}
            </Typography.Link>
          }
        />
      ) : null}
      {recent.data && rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('field.office.noneForCustomer')} style={{ margin: 0 }} />
      ) : (
        <SmallTable<InspectionRow>
          rowKey="id"
          loading={recent.isFetching}
          rows={rows}
          onRow={(r) => ({
            onClick: () => setOpen(r),
            style: { cursor: 'pointer', ...(r.result === 'fail' ? { background: '#fff1f0' } : {}) },
          })}
          columns={[
            { title: t('field.office.col.date'), dataIndex: 'inspectionDate' },
            {
              title: t('field.office.col.result'),
              dataIndex: 'result',
              render: (v: InspectionResult) => <ResultTag result={v} testId="customer-inspection-result" />,
            },
            {
              title: t('field.office.col.failedItems'),
              dataIndex: 'failedItems',
              render: (_: unknown, r) => <Typography.Text type="danger">{failedText(r.failedItems)}</Typography.Text>,
            },
            { title: t('field.office.col.inspector'), dataIndex: 'inspectorName' },
            { title: t('field.office.col.nextDueDate'), dataIndex: 'nextDueDate' },
          ]}
        />
      )}
      <InspectionDrawer row={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
