import type { ReactNode } from 'react';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A secret shown once (a smart scale's, a scan reader's), with a copy button and how its sender uses it. */
export function SecretModal({
  title,
  notice,
  secret,
  usage,
  testId,
  onClose,
}: {
  title: string;
  /** Why it is shown only now. */
  notice: string;
  secret: string;
  /** Where the sender sends with it (protocol, path, header). */
  usage: ReactNode;
  testId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('common.close')}
    >
      <Alert type="warning" showIcon title={notice} style={{ marginBottom: 12 }} />
      <Space.Compact style={{ width: '100%' }}>
        <Typography.Text code data-testid={testId} style={{ flex: 1, fontSize: 16, padding: 6, wordBreak: 'break-all' }}>
          {secret}
        </Typography.Text>
        <Button icon={<CopyOutlined />} onClick={() => void navigator.clipboard?.writeText(secret)}>
          {t('common.copy')}
        </Button>
      </Space.Compact>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
        {usage}
      </Typography.Paragraph>
    </Modal>
  );
}
