import { useTranslation } from 'react-i18next';
import { CYLINDER_IMPORT_FIELDS, type CylinderImportField } from '@gasops/shared';
import { ImportSheet } from '../../components/import-sheet';
import { useImportCylinders } from './hooks';

const FIELD_LABEL: Record<CylinderImportField, string> = {
  containerNo: 'cylinders.field.containerNo',
  labelNo: 'cylinders.field.labelNo',
  containerSpec: 'cylinders.field.containerSpec',
  sizeKg: 'cylinders.field.sizeKg',
  tareKg: 'cylinders.field.tareKg',
  material: 'cylinders.field.material',
  pressureTestDate: 'cylinders.field.pressureTestDate',
  lastInspectionDate: 'cylinders.field.lastInspectionDate',
  nextInspectionDeadline: 'cylinders.field.nextInspectionDeadline',
  inspectionAgencyCode: 'cylinders.field.inspectionAgencyCode',
  remark: 'cylinders.field.remark',
};
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
        fieldLabel={FIELD_LABEL}
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
