import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { hasCamera } from '../../components/camera';

// The scanner and its ZXing reader load only when the button is first pressed (their own chunk).
const CameraScanner = lazy(() => import('../../components/camera-scanner'));

/**
 * A camera button that reads one barcode or QR code and hands its text to `onCode` (the registry on
 * a phone, the code lists of the cylinder screens; the public /barcode page has the field kit's). Shown where the browser
 * can open a camera; a keyboard-wedge scanner or typing does the same job everywhere.
 */
export function CameraScanButton({ onCode, block = false }: { onCode: (code: string) => void; block?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!hasCamera()) return null;
  return (
    <>
      <Button
        icon={<CameraOutlined />}
        onClick={() => setOpen(true)}
        block={block}
        aria-label={t('cylinders.ui.cameraScan')}
        data-testid="camera-scan"
      >
        {block ? t('cylinders.ui.cameraScan') : null}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <CameraScanner
            title={t('cylinders.ui.cameraScan')}
            failedText={t('cylinders.ui.cameraFailed')}
            onCode={(code) => {
              setOpen(false);
              onCode(code);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
