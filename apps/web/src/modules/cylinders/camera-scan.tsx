import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The browser's barcode reader (Chrome on Android and others); not in every browser, nor in TypeScript's DOM types yet. */
type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = new (options?: { formats?: string[] }) => Detector;

const detectorClass = (): DetectorClass | null =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window
    ? (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector
    : null;

/** Whether this browser can read barcodes from the camera (the scan button shows only then). */
export const canScanWithCamera = () => detectorClass() !== null && !!navigator.mediaDevices?.getUserMedia;

/**
 * A camera button that reads one barcode or QR code with the browser's BarcodeDetector and hands
 * its text to `onCode`. Shown only where the browser has one; elsewhere a keyboard-wedge scanner
 * or typing does the same job.
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
        <CameraModal
          onCode={(code) => {
            setOpen(false);
            onCode(code);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function CameraModal({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const done = useRef(onCode);
  useEffect(() => {
    done.current = onCode;
  });

  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const detector = new Detector();
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        const found = await detector.detect(video.current);
        const code = found.find((f) => f.rawValue.trim())?.rawValue.trim();
        if (code && !stopped) {
          stopped = true;
          done.current(code);
          return;
        }
      } catch {
        // The frame was not ready yet: look again.
      }
      timer = setTimeout(() => void look(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <Modal open title={t('cylinders.ui.cameraScan')} onCancel={onClose} footer={null} destroyOnHidden>
      {failed ? (
        <Alert type="warning" showIcon title={t('cylinders.ui.cameraFailed')} />
      ) : (
        <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 6, background: '#000' }} />
      )}
    </Modal>
  );
}
