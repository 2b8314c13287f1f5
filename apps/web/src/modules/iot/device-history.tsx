import { Drawer, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRow, TransferRow } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { SmallTable } from '../../components/data-table';
import { useDeviceTransfers } from './hooks';

/** A device's transfers to stores and recycles (loaded with its first opening: device-screen.tsx). */
export function HistoryDrawer({ row, onClose }: { row: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useDeviceTransfers(row.id);
  return (
    <Drawer open title={`${t('iot.fields.transferRecord')} · ${row.serial}`} onClose={onClose} size="large">
      <SmallTable<TransferRow>
        wrap
        rowKey="id"
        loading={q.isFetching}
        rows={q.data?.items ?? []}
        data-testid="device-history-table"
        columns={[
          {
            title: t('iot.fields.action'),
            dataIndex: 'kind',
            render: (k: TransferRow['kind']) => <Tag color={k === 'transfer' ? 'blue' : 'orange'}>{t(`iot.kinds.${k}`)}</Tag>,
          },
          { title: t('iot.fields.date'), dataIndex: 'date' },
          { title: t('iot.fields.group'), dataIndex: 'groupName' },
          { title: t('iot.fields.store'), dataIndex: 'storeName' },
          { title: t('iot.fields.operator'), dataIndex: 'account' },
          { title: t('iot.fields.remark'), dataIndex: 'remark' },
          { title: t('common.createdAt'), dataIndex: 'at', render: formatDateTime },
        ]}
      />
    </Drawer>
  );
}
