import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Empty, Grid, Image, Skeleton, Space, Tabs, Tag, Typography, Upload } from 'antd';
import { EditOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CylinderDetail, CylinderRow, MovementRow, PendingRow } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { SmallTable } from '../../components/data-table';
import { useKg } from '../../components/format';
import { cylinderImageUrl, useCylinder } from './hooks';
import { IMAGE_ACCEPT, useCylinderImageUpload } from './image-upload';
import { MovementTag, StatusTag, usePlaceText } from './parts';

/**
 * A cylinder's detail: its registry fields and status, the warnings (odd container number, a
 * deadline that disagrees with the computed one, a computed deadline), its photo (upload), and its
 * history: movements, label history and pending items.
 */
export function CylinderDetailDrawer({ id, onClose, onEdit }: { id: number; onClose: () => void; onEdit?: (row: CylinderRow) => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const detail = useCylinder(id);
  const c = detail.data;
  return (
    <Drawer
      open
      onClose={onClose}
      size={screens.md ? 720 : '100%'}
      title={
        c ? (
          <Space wrap>
            <span data-testid="cylinder-detail-title">{c.containerNo}</span>
            <StatusTag status={c.inspectionStatus} testId="cylinder-detail-status" />
          </Space>
        ) : (
          t('common.detail')
        )
      }
      extra={
        c && onEdit ? (
          <Button icon={<EditOutlined />} onClick={() => onEdit(c)} data-testid="cylinder-detail-edit">
            {t('common.edit')}
          </Button>
        ) : null
      }
      data-testid="cylinder-detail"
      destroyOnHidden
    >
      {c ? <DetailBody c={c} /> : <Skeleton active />}
    </Drawer>
  );
}

function DetailBody({ c }: { c: CylinderDetail }) {
  const { t } = useTranslation();
  const me = useMe();
  const place = usePlaceText();
  const kg = useKg();
  const [version, setVersion] = useState(c.updatedAt);
  const upload = useCylinderImageUpload(c.id, () => setVersion(String(Date.now())));
  const mayEdit = canDo(me, 'CylinderMaintenance', 'edit');
  const open = c.pending.filter((p) => p.status === 'unprocessed');

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {c.containerNoWarning ? (
        <Alert type="warning" showIcon title={t('cylinders.warning.containerNo')} data-testid="warning-container-no" />
      ) : null}
      {c.deadlineCheck.disagrees && !c.deadlineSuggested ? (
        <Alert
          type="warning"
          showIcon
          title={t('cylinders.warning.deadlineDisagrees', { suggested: c.deadlineCheck.suggested })}
          data-testid="warning-deadline"
        />
      ) : null}
      {c.deadlineSuggested ? (
        <Alert type="info" showIcon title={t('cylinders.warning.deadlineSuggested')} data-testid="warning-suggested" />
      ) : null}
      {open.length > 0 ? (
        <Alert type="error" showIcon title={t('cylinders.ui.openPending', { count: open.length })} data-testid="warning-pending" />
      ) : null}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('cylinders.field.image')} span={2}>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
            {c.hasImage ? (
              <Image src={cylinderImageUrl(c.id, version)} alt={t('cylinders.field.image')} width={160} style={{ borderRadius: 6 }} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cylinders.ui.noImage')} />
            )}
            {mayEdit ? (
              <Upload
                accept={IMAGE_ACCEPT}
                showUploadList={false}
                maxCount={1}
                beforeUpload={(file) => {
                  void upload.send(file);
                  return false;
                }}
              >
                <Button
                  size="small"
                  icon={<UploadOutlined />}
                  loading={upload.pending}
                  style={{ marginTop: 8 }}
                  data-testid="cylinder-image-upload"
                >
                  {c.hasImage ? t('cylinders.ui.replaceImage') : t('cylinders.ui.uploadImage')}
                </Button>
              </Upload>
            ) : null}
          </div>
        </Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.labelNo')}>{c.labelNo}</Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.store')}>{c.storeName}</Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.sizeKg')}>{c.sizeKg}</Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.containerSpec')}>{c.containerSpec}</Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.tareKg')}>{kg(c.tareG, 2)}</Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.material')}>{t(`cylinders.material.${c.material}`)}</Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.pressureTestDate')}>{c.pressureTestDate}</Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.lastInspectionDate')}>{c.lastInspectionDate}</Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.nextInspectionDeadline')}>
          <span data-testid="cylinder-detail-deadline">{c.nextInspectionDeadline}</span>
          {c.deadlineSuggested ? <Tag style={{ marginInlineStart: 6 }}>{t('cylinders.ui.suggested')}</Tag> : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.endOfLife')}>{c.endOfLifeDate}</Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.inspectionAgencyCode')}>{c.inspectionAgencyCode}</Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.handlingSite')}>{c.handlingSiteName}</Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.location')}>
          <span data-testid="cylinder-detail-place">{place(c.locationKind, c.fill)}</span>
          {c.locationName ? ` (${c.locationName})` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.holding')}>
          {c.holding ? `${t(`cylinders.holding.${c.holding}`)}${c.customerName ? ` · ${c.customerName}` : ''}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('cylinders.field.remark')} span={2}>
          {c.remark}
        </Descriptions.Item>
      </Descriptions>
      {c.allowedMovements.length > 0 ? (
        <div>
          <Typography.Text type="secondary">{t('cylinders.ui.possibleNext')} </Typography.Text>
          {c.allowedMovements.map((k) => (
            <MovementTag key={k} kind={k} />
          ))}
        </div>
      ) : null}
      <Tabs
        items={[
          {
            key: 'movements',
            label: `${t('cylinders.ui.movements')} (${c.movements.length})`,
            children: <MovementTable rows={c.movements} />,
          },
          {
            key: 'labels',
            label: `${t('cylinders.ui.labels')} (${c.labels.length})`,
            children: (
              <SmallTable
                rowKey="id"
                rows={c.labels}
                locale={{ emptyText: t('common.empty') }}
                columns={[
                  { title: t('cylinders.field.labelNo'), dataIndex: 'labelNo' },
                  { title: t('cylinders.ui.labelFrom'), dataIndex: 'fromDate' },
                  { title: t('cylinders.ui.labelTo'), dataIndex: 'toDate', render: (v: string | null) => v ?? t('cylinders.ui.current') },
                ]}
              />
            ),
          },
          {
            key: 'pending',
            label: `${t('menu.penddingDataMaintenance')} (${c.pending.length})`,
            children: <PendingMini rows={c.pending} />,
          },
        ]}
      />
    </Space>
  );
}

function MovementTable({ rows }: { rows: MovementRow[] }) {
  const { t } = useTranslation();
  const place = usePlaceText();
  return (
    <SmallTable<MovementRow>
      rowKey="id"
      rows={rows}
      pageSize={10}
      locale={{ emptyText: t('common.empty') }}
      data-testid="cylinder-movements"
      columns={[
        { title: t('cylinders.field.docDate'), dataIndex: 'moveDate' },
        { title: t('cylinders.field.kind'), dataIndex: 'kind', render: (k: MovementRow['kind']) => <MovementTag kind={k} /> },
        {
          title: t('cylinders.ui.fromTo'),
          key: 'fromTo',
          render: (_: unknown, r) => `${place(r.fromLocationKind, r.fromFill)} → ${place(r.toLocationKind, r.toFill)}`,
        },
        { title: t('cylinders.field.customer'), dataIndex: 'customerName' },
        {
          title: t('cylinders.ui.source'),
          key: 'source',
          render: (_: unknown, r) => `${t(`cylinders.source.${r.source}`)}${r.docNo ? ` ${r.docNo}` : ''}`,
        },
        { title: t('cylinders.field.overrideReason'), dataIndex: 'overrideReason' },
        { title: t('cylinders.ui.by'), dataIndex: 'userName' },
        { title: t('cylinders.ui.at'), dataIndex: 'movedAt', render: (v: string) => formatDateTime(v) },
      ]}
    />
  );
}

function PendingMini({ rows }: { rows: PendingRow[] }) {
  const { t } = useTranslation();
  return (
    <SmallTable<PendingRow>
      rowKey="id"
      rows={rows}
      locale={{ emptyText: t('common.empty') }}
      columns={[
        { title: t('cylinders.field.docDate'), dataIndex: 'docDate' },
        { title: t('cylinders.field.docNo'), dataIndex: 'docNo' },
        { title: t('cylinders.field.kind'), dataIndex: 'kind', render: (k: PendingRow['kind']) => <MovementTag kind={k} /> },
        { title: t('cylinders.field.reason'), dataIndex: 'reason', render: (v: PendingRow['reason']) => t(`cylinders.problem.${v}`) },
        {
          title: t('cylinders.field.pendingStatus'),
          dataIndex: 'status',
          render: (v: PendingRow['status'], r) => (
            <Tag color={v === 'unprocessed' ? 'orange' : 'default'}>
              {r.resolution ? t(`cylinders.resolution.${r.resolution}`) : t(`cylinders.pendingStatus.${v}`)}
            </Tag>
          ),
        },
      ]}
    />
  );
}
