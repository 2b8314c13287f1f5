import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './ui-core';

// The camera and the ZXing reader load only when the dialog is first opened (their own chunk).
const ScannerDialog = lazy(() => import('./scanner-dialog'));

/**
 * The field kit's camera reading, loaded on first use (the field app's cylinder entry and cylinder screen,
 * the public /barcode page): while `open`, the camera dialog (scanner-dialog.tsx); a code read closes it
 * (`onClose`) and goes to `onCode`. Show its button only where `hasCamera()` (components/camera.ts).
 */
export function Scanner({
  open,
  title,
  onClose,
  onCode,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <Suspense fallback={<Spinner fullscreen delay={150} />}>
      <ScannerDialog
        title={title}
        failedText={t('cylinders.ui.cameraFailed')}
        onClose={onClose}
        onCode={(code) => {
          onClose();
          onCode(code);
        }}
      />
    </Suspense>
  );
}
