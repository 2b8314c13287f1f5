import { Descriptions, Drawer, Empty, Image, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHECK_ITEMS, type CheckItem, type CheckResult, type InspectionRow } from '@gasops/shared';
import { formatDateTime } from '../../../app/dates';
import { SmallTable } from '../../../components/data-table';
import { StatusTag } from '../../cylinders/parts';
import { proofUrl } from './hooks';
import { PositionLink, RESULT_COLOURS, ResultTag } from './parts';

type ItemRow = { key: CheckItem; result: CheckResult; note: string | null };

/** One inspection in full: every checklist item with its note, the cylinders scanned, position, signature and photo. */
export function InspectionDrawer({ row, onClose }: { row: InspectionRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const items: ItemRow[] = row ? CHECK_ITEMS.map((k) => ({ key: k, ...row.items[k] })) : [];
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      width={640}
      title={row ? `${t('field.office.detailTitle')} · ${row.customerName} · ${row.inspectionDate}` : ''}
      destroyOnHidden
    >
      {row ? (
        <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="inspection-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('field.office.col.result')}>
              <ResultTag result={row.result} testId="inspection-detail-result" />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.office.col.nextDueDate')}>{row.nextDueDate}</Descriptions.Item>
            <Descriptions.Item label={t('field.office.col.customer')}>{row.customerName}</Descriptions.Item>
            <Descriptions.Item label={t('field.office.col.store')}>{row.storeName}</Descriptions.Item>
            <Descriptions.Item label={t('field.office.col.address')} span={2}>
              {row.customerAddress}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.office.col.inspector')}>{row.inspectorName}</Descriptions.Item>
            <Descriptions.Item label={t('field.office.col.inspectedAt')}>{formatDateTime(row.inspectedAt)}</Descriptions.Item>
            {row.latitude !== null ? (
              <Descriptions.Item label={t('field.office.col.position')} span={2}>
                <PositionLink lat={row.latitude} lng={row.longitude} accuracyM={row.accuracyM} />
              </Descriptions.Item>
            ) : null}
            {row.remark ? (
              <Descriptions.Item label={t('field.office.col.remark')} span={2}>
                {row.remark}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <SmallTable<ItemRow>
            wrap
            rowKey="key"
            rows={items}
            data-testid="inspection-detail-items"
            rowClassName={(r) => (r.result === 'fail' ? 'inspection-item-failed' : '')}
            onRow={(r) =>
              ({ 'data-item': r.key, 'data-result': r.result, style: r.result === 'fail' ? { background: '#fff1f0' } : undefined }) as never
            }
            columns={[
              { title: t('field.office.col.item'), dataIndex: 'key', render: (k: CheckItem) => t(`field.item.${k}`) },
              {
                title: t('field.office.col.result'),
                dataIndex: 'result',
                width: 140,
                render: (v: CheckResult) => <Tag color={RESULT_COLOURS[v]}>{t(`field.checkResult.${v}`)}</Tag>,
              },
              { title: t('field.office.col.note'), dataIndex: 'note' },
            ]}
          />
          <div>
            <Typography.Text strong>{t('field.office.col.cylinders')}</Typography.Text>
            <div data-testid="inspection-detail-cylinders" style={{ marginTop: 6 }}>
              {row.cylinders.length === 0 ? (
                <Typography.Text type="secondary">{t('field.office.none')}</Typography.Text>
              ) : (
                <Space wrap>
                  {row.cylinders.map((c) => (
                    <Space key={c.code} size={4}>
                      <Typography.Text code>{c.code}</Typography.Text>
                      {c.inspectionStatus ? <StatusTag status={c.inspectionStatus} /> : null}
                    </Space>
                  ))}
                </Space>
              )}
            </div>
          </div>
          <Space align="start" size="large" wrap>
            <ProofImage
              label={t('field.office.col.signature')}
              src={row.hasSignature ? proofUrl('inspections', row.id, 'signature') : null}
              testId="inspection-signature"
            />
            <ProofImage
              label={t('field.office.col.photo')}
              src={row.hasPhoto ? proofUrl('inspections', row.id, 'photo') : null}
              testId="inspection-photo"
            />
          </Space>
        </Space>
      ) : null}
    </Drawer>
  );
}

/** A stored proof image (signature, photo) with its label; "none" when there is none. */
function ProofImage({ label, src, testId }: { label: string; src: string | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Text strong>{label}</Typography.Text>
      <div style={{ marginTop: 6 }}>
        {src ? (
          <Image
            src={src}
            alt={label}
            width={260}
            style={{ border: '1px solid #f0f0f0', background: '#fff', objectFit: 'contain' }}
            data-testid={testId}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('field.office.none')} style={{ margin: 0 }} />
        )}
      </div>
    </div>
  );
}
