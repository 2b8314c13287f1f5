import { Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { READER_KINDS, scanReaderBody, type ScanReaderBody, type ScanReaderRow } from '@gasops/shared';
import { zodRules } from '../../app/zod-form';
import { FormModal } from '../../components/form-modal';
import { StoreItem, TextItem } from '../../components/inputs';
import { SecretModal } from '../../components/secret-modal';
import { useDefaultStoreId } from '../../components/selects';
import { useCreateReader, useUpdateReader, type ScanReaderSecret } from './hooks';

// The scan readers' dialogs (the ScanResultStatistics screen's readers tab, scan-screens.tsx): loaded with their first opening.

const readerRules = zodRules(scanReaderBody);

export function ReaderModal({
  row,
  onClose,
  onCreated,
}: {
  row: ScanReaderRow | null;
  onClose: () => void;
  onCreated: (r: ScanReaderSecret) => void;
}) {
  const { t } = useTranslation();
  const defaultStoreId = useDefaultStoreId();
  const [form] = Form.useForm<Partial<ScanReaderBody>>();
  const create = useCreateReader();
  const update = useUpdateReader();
  return (
    <FormModal<Partial<ScanReaderBody>, ScanReaderSecret | ScanReaderRow>
      open
      form={form}
      title={row ? t('cylinders.ui.editReader') : t('cylinders.ui.addReader')}
      okTestId="reader-save"
      formTestId="reader-form"
      initialValues={
        row
          ? { storeId: row.storeId, name: row.name, kind: row.kind, active: row.active }
          : { storeId: defaultStoreId, kind: 'gate', active: true }
      }
      onSubmit={(values) => (row ? update.mutateAsync({ id: row.id, body: values }) : create.mutateAsync(values))}
      success={t(row ? 'feedback.success.edited' : 'feedback.success.added')}
      onDone={(r) => (row ? onClose() : onCreated(r as ScanReaderSecret))}
      onClose={onClose}
    >
      <StoreItem label={t('cylinders.field.store')} rules={readerRules('storeId')} />
      <TextItem name="name" label={t('common.name')} rules={readerRules('name')} required maxLength={60} testId="reader-name" />
      <Form.Item name="kind" label={t('cylinders.field.readerKind')} rules={readerRules('kind')} required>
        <Select options={READER_KINDS.map((k) => ({ value: k, label: t(`cylinders.readerKind.${k}`) }))} />
      </Form.Item>
      <Form.Item name="active" label={t('common.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

/** A reader's secret, shown once (on creation or renewal), with how the reader sends its batches. */
export function ReaderSecretModal({ reader, onClose }: { reader: ScanReaderSecret; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretModal
      title={`${t('cylinders.field.secret')} · ${reader.name}`}
      notice={t('cylinders.success.secretRenewed')}
      secret={reader.secret}
      usage={`POST /api/cylinders/reader-scans · Authorization: Reader ${reader.id}:…`}
      testId="reader-secret"
      onClose={onClose}
    />
  );
}
