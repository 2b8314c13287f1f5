import { useState } from 'react';
import { Alert, Button, Checkbox, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeliveryPersonCandidate } from '@gasops/shared';
import { showSuccess } from '../../app/feedback';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { SmallTable } from '../../components/data-table';
import { StoreSelect, useDefaultStoreId } from '../../components/selects';
import { useDeliveryPersonCandidates, useSetDeliveryPersons } from './hooks';

/** deliveryPerson: tick which accounts of the group deliver for a store (only those can be dispatched). */
export function DeliveryPersonScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const defaultStoreId = useDefaultStoreId();
  const [storeId, setStoreId] = useState<number | undefined>(defaultStoreId);
  const q = useDeliveryPersonCandidates(storeId);
  // The ticks start from the server's selection and restart whenever fresh data arrives
  // (adjusting state while rendering, React's pattern for state derived from changing input).
  const [ticked, setTicked] = useState<number[]>([]);
  const [source, setSource] = useState<DeliveryPersonCandidate[] | undefined>(undefined);
  if (q.data !== source) {
    setSource(q.data);
    setTicked((q.data ?? []).filter((c) => c.selected).map((c) => c.userId));
  }
  const editable = canDo(me, 'deliveryPerson', 'edit');
  const save = useSetDeliveryPersons();
  const submit = () => save.mutate({ storeId, userIds: ticked }, { onSuccess: () => showSuccess(t('customers.deliveryPerson.saved')) });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="delivery-persons">
      <Alert type="info" showIcon message={t('customers.deliveryPerson.hint')} />
      <Space wrap>
        <StoreSelect value={storeId} onChange={setStoreId} data-testid="delivery-person-store" />
        {editable ? (
          <Button type="primary" onClick={submit} loading={save.isPending} disabled={!storeId} data-testid="delivery-person-save">
            {t('common.save')}
          </Button>
        ) : null}
      </Space>
      <SmallTable<DeliveryPersonCandidate>
        rowKey="userId"
        loading={q.isFetching}
        rows={q.data ?? []}
        columns={[
          {
            title: t('customers.deliveryPerson.selected'),
            key: 'sel',
            width: 120,
            render: (_, r) => (
              <Checkbox
                checked={ticked.includes(r.userId)}
                disabled={!editable}
                data-testid={`delivery-person-${r.account}`}
                onChange={(e) => setTicked(e.target.checked ? [...ticked, r.userId] : ticked.filter((x) => x !== r.userId))}
              />
            ),
          },
          { title: t('customers.deliveryPerson.account'), dataIndex: 'account' },
          { title: t('customers.deliveryPerson.name'), dataIndex: 'name' },
          {
            title: t('customers.deliveryPerson.worksHere'),
            dataIndex: 'worksHere',
            render: (v: boolean) => (v ? <Tag color="green">{t('common.yes')}</Tag> : t('common.no')),
          },
        ]}
      />
    </Space>
  );
}
