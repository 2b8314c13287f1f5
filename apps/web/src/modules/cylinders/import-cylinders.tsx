import { useTranslation } from 'react-i18next';
import { CYLINDER_IMPORT_FIELDS, type CylinderImportField } from '@gasops/shared';
import { ImportSheet } from '../../components/import-sheet';
import { useImportCylinders } from './hooks';

/** Row messages name body fields; the import's weight column is in kg. */
const ERROR_FIELD_LABEL: Record<string, string> = { tareG: 'cylinders.field.tareKg' };
const REQUIRED: readonly CylinderImportField[] = ['containerNo', 'sizeKg'];

/**
 * Cylinder import from xlsx / csv (a maker's delivery list, or another system's registry), a tab of
 * the key-in screen. Imported cylinders are in the chosen store, empty.
 */
export function ImportCylinders() {
  const { t } = useTranslation();
  const importer = useImportCylinders();
  return (
    <div data-testid="cylinder-import">
      <ImportSheet
        fields={CYLINDER_IMPORT_FIELDS}
        labelPrefix="cylinders.field"
        required={REQUIRED}
        errorFieldLabel={ERROR_FIELD_LABEL}
        keyField="containerNo"
        importer={importer}
        doneKey="cylinders.import.done"
        intro={`${t('cylinders.import.intro')} ${t('cylinders.import.hint')}`}
      />
    </div>
  );
}
