import { Alert, Modal } from 'antd';
import { useBarcodeScanner, type ScannerDialogProps } from './barcode-scanner';

export { createDetector } from './barcode-scanner';

/**
 * The camera scanner dialog of the manager side's screens that read labels (the cylinder registry on
 * a phone, the code lists of the cylinder screens); the reading itself is
 * barcode-scanner.ts (the field app shows it in its own dialog, modules/field/scanner-dialog.tsx).
 * Import it lazily, so it is a chunk of its own loaded when the camera button is first pressed.
 */
export default function CameraScanner({ onCode, onClose, title, failedText }: ScannerDialogProps) {
  const { video, failed } = useBarcodeScanner(onCode);
  return (
    <Modal open title={title} onCancel={onClose} footer={null} destroyOnHidden>
      {failed !== null ? (
        <Alert type="warning" showIcon title={failedText} data-testid="camera-failed" data-reason={failed} />
      ) : (
        <video ref={video} muted playsInline data-testid="camera-video" style={{ width: '100%', borderRadius: 6, background: '#000' }} />
      )}
    </Modal>
  );
}
