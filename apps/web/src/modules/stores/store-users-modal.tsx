import { useState } from 'react';
import { Checkbox, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StoreRow } from '@gasops/shared';
import { showSuccess } from '../../app/feedback';
import { SmallTable } from '../../components/data-table';
import { SaveModal } from '../../components/form-modal';
import { useBackgroundUsers, useSetStoreStaff, useStoreStaff } from './hooks';

/** Which staff work in a store (loaded with its first opening: stores-panel.tsx). */
export function StoreUsersModal({ store, onClose }: { store: StoreRow; onClose: () => void }) {
  const { t } = useTranslation();
  const assigned = useStoreStaff(store.id);
  const people = useBackgroundUsers(store.groupId);
  const save = useSetStoreStaff();
  const [selected, setSelected] = useState<number[] | null>(null);
  const groupLevel = new Set((assigned.data ?? []).filter((u) => u.via === 'group').map((u) => u.id));
  const current = selected ?? (assigned.data ?? []).filter((u) => u.via === 'store').map((u) => u.id);
  const submit = () =>
    save.mutate(
      { storeId: store.id, userIds: current },
      {
        onSuccess: () => {
          showSuccess(t('feedback.success.personnelSet'));
          onClose();
        },
      },
    );
  return (
    <SaveModal
      title={`${t('system.store.users')} — ${store.name}`}
      okTestId="store-users-save"
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('system.store.usersHint')}</Typography.Paragraph>
      <SmallTable
        rowKey="id"
        loading={assigned.isLoading || people.isLoading}
        rows={people.data ?? []}
        columns={[
          {
            key: 'pick',
            width: 48,
            render: (_, u) =>
              groupLevel.has(u.id) ? (
                <Checkbox checked disabled />
              ) : (
                <Checkbox
                  data-testid={`store-user-${u.id}`}
                  checked={current.includes(u.id)}
                  onChange={(e) => setSelected(e.target.checked ? [...current, u.id] : current.filter((x) => x !== u.id))}
                />
              ),
          },
          { title: t('system.field.account'), dataIndex: 'account' },
          { title: t('system.field.name'), dataIndex: 'name' },
          { title: t('system.field.role'), dataIndex: 'roleName' },
          { key: 'via', render: (_, u) => (groupLevel.has(u.id) ? <Tag color="blue">{t('system.store.viaGroup')}</Tag> : null) },
        ]}
      />
    </SaveModal>
  );
}
