import { useState } from 'react';
import { Button, Checkbox, Descriptions, Drawer, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupRow, GroupUserRow } from '@gasops/shared';
import { showSuccess } from '../../app/feedback';
import { SmallTable } from '../../components/data-table';
import { useGroupStaff, useSetGroupStaff } from './hooks';
import { StoresPanel } from './stores-panel';

/** A store group's stores, staff and details (loaded with its first opening: group-screen.tsx). */
export function GroupDrawer({ group, onClose }: { group: GroupRow; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open onClose={onClose} size={1100} title={`${t('system.group.detail')} — ${group.name}`} destroyOnHidden>
      <Tabs
        items={[
          {
            key: 'stores',
            label: <span data-testid="group-tab-stores">{t('system.group.storesTab')}</span>,
            children: <StoresPanel groupId={group.id} screen="Group" currency={group.currency} />,
          },
          {
            key: 'staff',
            label: <span data-testid="group-tab-staff">{t('system.group.staffTab')}</span>,
            children: <GroupStaff groupId={group.id} />,
          },
          {
            key: 'info',
            label: t('system.group.info'),
            children: (
              <Descriptions
                bordered
                size="small"
                column={1}
                items={[
                  { key: 'name', label: t('system.field.groupName'), children: group.name },
                  { key: 'rp', label: t('system.field.responsiblePerson'), children: group.responsiblePerson },
                  { key: 'phone', label: t('system.field.phone'), children: group.phone },
                  { key: 'address', label: t('system.field.address'), children: group.address },
                  { key: 'ubn', label: t('system.field.unifiedNumber'), children: group.unifiedNumber },
                  { key: 'inv', label: t('system.field.issuesInvoice'), children: group.issuesInvoice ? t('common.yes') : t('common.no') },
                  { key: 'cur', label: t('system.field.currency'), children: group.currency },
                  { key: 'tz', label: t('system.field.timeZone'), children: group.timeZone },
                ]}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}

/** The group's staff (seed "store group: staff") and which of them are group-level. */
function GroupStaff({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const staff = useGroupStaff(groupId);
  const save = useSetGroupStaff();
  const [picked, setPicked] = useState<number[] | null>(null);
  const current = picked ?? (staff.data?.items ?? []).filter((u) => u.allStores).map((u) => u.id);
  const submit = () =>
    save.mutate(
      { groupId, userIds: current },
      {
        onSuccess: () => {
          showSuccess(t('feedback.success.personnelSet'));
          setPicked(null);
        },
      },
    );
  return (
    <div data-testid="group-staff">
      <Typography.Paragraph type="secondary">{t('system.group.staffHint')}</Typography.Paragraph>
      <SmallTable<GroupUserRow>
        rowKey="id"
        loading={staff.isLoading}
        rows={staff.data?.items ?? []}
        columns={[
          {
            title: t('system.group.groupLevel'),
            key: 'all',
            width: 160,
            render: (_, u) => (
              <Checkbox
                data-testid={`group-user-${u.id}`}
                checked={current.includes(u.id)}
                onChange={(e) => setPicked(e.target.checked ? [...current, u.id] : current.filter((x) => x !== u.id))}
              />
            ),
          },
          { title: t('system.field.account'), dataIndex: 'account' },
          { title: t('system.field.name'), dataIndex: 'name' },
          { title: t('system.field.email'), dataIndex: 'email' },
          { title: t('system.field.role'), dataIndex: 'roleName' },
          { title: t('system.field.active'), dataIndex: 'active', render: (v: boolean) => (v ? t('common.active') : t('common.inactive')) },
        ]}
      />
      <Button
        type="primary"
        style={{ marginTop: 12 }}
        disabled={picked === null}
        loading={save.isPending}
        onClick={submit}
        data-testid="group-staff-save"
      >
        {t('common.save')}
      </Button>
    </div>
  );
}
