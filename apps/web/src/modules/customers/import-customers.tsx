import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMPORT_FIELDS, type ImportField } from '@gasops/shared';
import { ImportSheet } from '../../components/import-sheet';
import { useImportCustomers } from './hooks';

const REQUIRED: readonly ImportField[] = ['name'];

/** Customer import from xlsx / csv (a shop moving from another system), in a modal over the customer list. */
export function ImportCustomersModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const importer = useImportCustomers();
  return (
    <Modal open={open} title={t('customers.import.title')} width={860} onCancel={onClose} footer={null} destroyOnHidden>
      <ImportSheet
        fields={IMPORT_FIELDS}
        labelPrefix="customers.field"
        required={REQUIRED}
        keyField="name"
        importer={importer}
        doneKey="customers.import.done"
        hint={t('customers.import.fileHint')}
        onDone={onClose}
      />
    </Modal>
  );
}
