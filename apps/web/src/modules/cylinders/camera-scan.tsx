import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

// The scanner and its ZXing reader load only when the button is first pressed (their own chunk).
const CameraScanner = lazy(() => import('../../components/camera-scanner'));

/** Whether this browser can give a camera picture (the scan button shows only then). */
const canScanWithCamera = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/**
 * A camera button that reads one barcode or QR code and hands its text to `onCode` (the registry on
 * a phone, the code lists of the cylinder screens, the public /barcode page). Shown where the browser
 * can open a camera; a keyboard-wedge scanner or typing does the same job everywhere.
 */
export function CameraScanButton({ onCode, block = false }: { onCode: (code: string) => void; block?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!canScanWithCamera()) return null;
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
