import { Alert, Button, Modal, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Shows a device secret once, with a copy button. */
export function SecretModal({ serial, secret, onClose }: { serial: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={`${t('iot.fields.secret')} · ${serial}`}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('common.close')}
    >
      <Alert type="warning" showIcon title={t('iot.messages.secretOnce')} style={{ marginBottom: 12 }} />
      <Space.Compact style={{ width: '100%' }}>
        <Typography.Text code copyable={false} data-testid="device-secret" style={{ flex: 1, fontSize: 16, padding: 6 }}>
          {secret}
        </Typography.Text>
        <Button icon={<CopyOutlined />} onClick={() => void navigator.clipboard?.writeText(secret)}>
          {t('iot.actions.copy')}
        </Button>
      </Space.Compact>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
        MQTT: devices/{serial}/readings · HTTP: POST /api/iot/readings (Authorization: Device {serial}:…)
      </Typography.Paragraph>
    </Modal>
  );
}
