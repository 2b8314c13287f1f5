import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBarcodeScanner, type ScannerDialogProps } from '../../components/barcode-scanner';
import { CloseIcon } from './icons';
import { Alert, useDialogFocus } from './ui';

/**
 * The field app's camera dialog (no antd): the back camera's picture until a code is read
 * (components/barcode-scanner.ts), or why the camera did not open. Closes with its button, the
 * Escape key or a tap beside it. Import it lazily: the reader is a chunk of its own, loaded when the
 * camera button is first pressed.
 */
export default function ScannerDialog({ onCode, onClose, title, failedText }: ScannerDialogProps) {
  const { t } = useTranslation();
  const { video, failed } = useBarcodeScanner(onCode);
  const titleId = useId();
  const closeButton = useDialogFocus<HTMLButtonElement>(onClose);
  return (
    <div
      className="f-dialog-backdrop"
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="f-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="f-dialog-head">
          <h2 className="f-dialog-title" id={titleId}>
            {title}
          </h2>
          <button
            ref={closeButton}
            type="button"
            className="f-toast-close"
            style={{ margin: 0, width: 44, height: 44 }}
            aria-label={t('common.close')}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="f-dialog-body">
          {failed !== null ? (
            <Alert type="warning" title={failedText} data-testid="camera-failed" data-reason={failed} />
          ) : (
            <video
              ref={video}
              muted
              playsInline
              data-testid="camera-video"
              style={{ display: 'block', width: '100%', borderRadius: 8, background: '#000' }}
            />
          )}
        </div>
      </div>
    </div>
  );
}
