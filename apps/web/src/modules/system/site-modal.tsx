import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { siteBody, type SiteRow, type SiteType } from '@gasops/shared';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { TextItem } from '../../components/inputs';
import { useSaveSite } from './hooks';

type SiteForm = { code: string; name: string; type: SiteType | null; address: string; phone: string };

/** The add / edit dialog of a cylinder handling site (loaded with its first opening: handling-site-screen.tsx). */
export function SiteFormModal({
  row,
  typeOptions,
  onClose,
}: {
  row: SiteRow | null;
  typeOptions: { value: SiteType; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SiteForm>();
  const rules = zodRules(siteBody);
  const save = useSaveSite();
  const initial: SiteForm = {
    code: row?.code ?? '',
    name: row?.name ?? '',
    type: row?.type ?? null,
    address: row?.address ?? '',
    phone: row?.phone ?? '',
  };
  return (
    <CrudModal<SiteForm>
      form={form}
      row={row}
      save={save}
      title={row ? t('system.site.edit') : t('system.site.add')}
      okTestId="site-form-save"
      errorAlert
      initialValues={initial}
      onClose={onClose}
    >
      <TextItem name="code" label={t('system.field.code')} required rules={rules('code')} testId="site-form-code" />
      <TextItem name="name" label={t('system.field.siteName')} required rules={rules('name')} testId="site-form-name" />
      <Form.Item name="type" label={t('system.field.siteType')} required rules={rules('type')}>
        <Select data-testid="site-form-type" options={typeOptions} />
      </Form.Item>
      <TextItem name="address" label={t('system.field.address')} rules={rules('address')} testId="site-form-address" />
      <TextItem name="phone" label={t('system.field.phone')} rules={rules('phone')} testId="site-form-phone" />
    </CrudModal>
  );
}
