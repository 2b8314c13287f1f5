import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordBody, type ChangePasswordBody } from '@gasops/shared';
import { showSuccess } from '../../app/feedback';
import { applyServerErrors, zodRule } from '../../app/zod-form';
import { useChangePassword } from './hooks';

const EMPTY: ChangePasswordBody = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Seed §5: old, new and confirmation, validated by the same schema as the server. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordBody>();
  const change = useChangePassword();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const res = await change.mutateAsync(values);
      showSuccess(res.detail);
      form.resetFields();
      onClose();
    } catch (error) {
      // The notification already told what failed; the fields get their own messages too.
      applyServerErrors(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('auth.changePassword')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={change.isPending}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'change-password-submit' }}
    >
      <Form form={form} layout="vertical" initialValues={EMPTY} data-testid="change-password-form" onFinish={() => void submit()}>
        <Form.Item name="oldPassword" label={t('auth.oldPassword')} rules={[zodRule(changePasswordBody, 'oldPassword')]}>
          <Input.Password autoComplete="current-password" data-testid="old-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('auth.newPassword')}
          extra={t('auth.passwordHint')}
          rules={[zodRule(changePasswordBody, 'newPassword')]}
        >
          <Input.Password autoComplete="new-password" data-testid="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('auth.confirmPassword')}
          dependencies={['newPassword']}
          rules={[zodRule(changePasswordBody, 'confirmPassword')]}
        >
          <Input.Password autoComplete="new-password" data-testid="confirm-password" />
        </Form.Item>
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
