import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupCreateBody, groupUpdateBody, type GroupRow } from '@gasops/shared';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { AddressAndInvoiceFields, ContactFields } from './business-fields';
import { useSaveGroup } from './hooks';

const CURRENCIES = ['TWD', 'MYR', 'JPY', 'CNY', 'HKD', 'USD', 'SGD'];
const TIME_ZONES = ['Asia/Taipei', 'Asia/Kuala_Lumpur', 'Asia/Tokyo', 'Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Singapore', 'UTC'];

type GroupForm = {
  name: string;
  responsiblePerson: string;
  address: string;
  phone: string;
  unifiedNumber: string;
  issuesInvoice: boolean;
  currency: string;
  timeZone: string;
};

/** The add / edit dialog of a store group (loaded with its first opening: group-screen.tsx). */
export function GroupFormModal({ row, onClose }: { row: GroupRow | null; onClose: (created?: GroupRow) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GroupForm>();
  const rules = zodRules(row ? groupUpdateBody : groupCreateBody);
  const save = useSaveGroup();
  const initial: GroupForm = {
    name: row?.name ?? '',
    responsiblePerson: row?.responsiblePerson ?? '',
    address: row?.address ?? '',
    phone: row?.phone ?? '',
    unifiedNumber: row?.unifiedNumber ?? '',
    issuesInvoice: row?.issuesInvoice ?? false,
    currency: row?.currency ?? 'TWD',
    timeZone: row?.timeZone ?? 'Asia/Taipei',
  };
  return (
    <CrudModal<GroupForm, GroupRow>
      form={form}
      row={row}
      save={(id, values) => save(id, { ...initial, ...values })}
      width={680}
      title={row ? t('system.group.edit') : t('system.group.add')}
      okTestId="group-form-save"
      errorAlert
      initialValues={initial}
      formTestId="group-form"
      onDone={(saved) => onClose(row ? undefined : saved)}
      onClose={() => onClose()}
    >
      <Form.Item name="name" label={t('system.field.groupName')} required rules={rules('name')}>
        <Input data-testid="group-form-name" />
      </Form.Item>
      <Space wrap size={16} style={{ width: '100%' }}>
        <ContactFields rules={rules} prefix="group-form" widths={[240, 240]} />
      </Space>
      <AddressAndInvoiceFields rules={rules} prefix="group-form" />
      <Space wrap size={16} style={{ width: '100%' }}>
        <Form.Item name="currency" label={t('system.field.currency')} required rules={rules('currency')} style={{ minWidth: 160 }}>
          <Select data-testid="group-form-currency" showSearch options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item name="timeZone" label={t('system.field.timeZone')} required rules={rules('timeZone')} style={{ minWidth: 220 }}>
          <Select data-testid="group-form-timezone" showSearch options={TIME_ZONES.map((z) => ({ value: z, label: z }))} />
        </Form.Item>
      </Space>
    </CrudModal>
  );
}
