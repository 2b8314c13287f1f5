import { useTranslation } from 'react-i18next';
import { SecretModal } from '../../components/secret-modal';

/** Shows a device secret once, with a copy button. */
export function DeviceSecretModal({ serial, secret, onClose }: { serial: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretModal
      title={`${t('iot.fields.secret')} · ${serial}`}
      notice={t('iot.messages.secretOnce')}
      secret={secret}
      usage={`MQTT: devices/${serial}/readings · HTTP: POST /api/iot/readings (Authorization: Device ${serial}:…)`}
      testId="device-secret"
      onClose={onClose}
    />
  );
}
