import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contactBody, type ContactBody } from '@gasops/shared';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { StoreSelect } from '../../components/selects';
import { useSaveContact } from './hooks';

const contactRules = zodRules(contactBody);

/** The dialog of a contact typed in by staff (loaded with its first opening: contact-screens.tsx). */
export function ContactModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactBody>();
  const save = useSaveContact();
  return (
    <CrudModal<ContactBody>
      form={form}
      row={null}
      save={save}
      title={t('line.contact.add')}
      okTestId="contact-save"
      initialValues={{ reporter: '', content: '', storeId: null }}
      onClose={onClose}
      intro={<Typography.Paragraph type="secondary">{t('line.contact.addHint')}</Typography.Paragraph>}
    >
      <Form.Item name="storeId" label={t('common.store')}>
        <StoreSelect allowClear placeholder={t('line.field.wholeGroup')} data-testid="contact-form-store" />
      </Form.Item>
      <Form.Item name="reporter" label={t('line.contact.reporter')} rules={contactRules('reporter')} required>
        <Input maxLength={60} data-testid="contact-form-reporter" />
      </Form.Item>
      <Form.Item name="content" label={t('line.contact.content')} rules={contactRules('content')} required>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} data-testid="contact-form-content" />
      </Form.Item>
    </CrudModal>
  );
}
