import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleBody, type RoleRow } from '@gasops/shared';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { GroupSelect } from '../../components/selects';
import { useSaveRole } from './hooks';

type RoleForm = { groupId: number | null; name: string; code: string };

/** The add / edit dialog of a role (loaded with its first opening: role-screen.tsx). */
export function RoleFormModal({ row, defaultGroup, onClose }: { row: RoleRow | null; defaultGroup: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [form] = Form.useForm<RoleForm>();
  const rules = zodRules(roleBody);
  const save = useSaveRole();
  const initial: RoleForm = {
    groupId: row?.groupId ?? (me?.isPlatformAdmin ? defaultGroup : null),
    name: row?.name ?? '',
    code: row?.code ?? '',
  };
  return (
    <CrudModal<RoleForm>
      form={form}
      row={row}
      save={(id, values) => save(id, { ...initial, ...values })}
      title={row ? t('system.role.edit') : t('system.role.add')}
      okTestId="role-form-save"
      errorAlert
      initialValues={initial}
      formTestId="role-form"
      success={t(row ? 'feedback.success.roleChanged' : 'feedback.success.roleAdded')}
      onClose={onClose}
    >
      {me?.isPlatformAdmin && !row ? (
        <Form.Item name="groupId" label={t('system.field.group')} required rules={rules('groupId')}>
          <GroupSelect
            value={initial.groupId}
            onChange={(v) => form.setFieldsValue({ groupId: v })}
            allowClear={false}
            testId="role-form-group"
          />
        </Form.Item>
      ) : null}
      <Form.Item name="name" label={t('system.field.roleName')} required rules={rules('name')}>
        <Input data-testid="role-form-name" />
      </Form.Item>
      <Form.Item name="code" label={t('system.field.code')} required rules={rules('code')}>
        <Input data-testid="role-form-code" />
      </Form.Item>
    </CrudModal>
  );
}
