import { useState } from 'react';
import { Transfer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@gasops/shared';
import { showSuccess } from '../../app/feedback';
import { SaveModal } from '../../components/form-modal';
import { useBackgroundUsers } from '../stores/hooks';
import { useRole, useSetRoleUsers } from './hooks';

/** Personnel: which accounts of the role's group hold it (loaded with its first opening: role-screen.tsx). */
export function PersonnelModal({ role, onClose }: { role: RoleRow; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useRole(role.id);
  const people = useBackgroundUsers(role.groupId);
  const save = useSetRoleUsers(role.id);
  const [target, setTarget] = useState<string[] | null>(null);
  const current = target ?? (detail.data?.userIds ?? []).map(String);
  const submit = () =>
    save.mutate(current.map(Number), {
      onSuccess: () => {
        showSuccess(t('feedback.success.personnelSet'));
        onClose();
      },
    });
  return (
    <SaveModal
      width={720}
      title={`${t('system.role.personnel')} — ${role.name}`}
      okTestId="role-personnel-save"
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('system.role.personnelHint')}</Typography.Paragraph>
      <div data-testid="role-personnel">
        <Transfer
          dataSource={(people.data ?? []).map((u) => ({
            key: String(u.id),
            title: `${u.name} (${u.account})`,
            description: u.roleName ?? '',
          }))}
          targetKeys={current}
          onChange={(keys) => setTarget(keys.map(String))}
          render={(item) => `${item.title}${item.description ? ` · ${item.description}` : ''}`}
          showSearch
          titles={[t('system.field.staff'), role.name]}
          styles={{ section: { width: 300, height: 360 } }}
        />
      </div>
    </SaveModal>
  );
}
