import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindFeedback, uiSettings, WARNING_MS } from '../../app/feedback';
import { CheckCircleIcon, CloseIcon, ErrorIcon, WarningIcon } from './icons';
import './ui-core';

type Kind = 'error' | 'success' | 'warning';
/** One toast; `shown` changes when the same text comes again (its time starts over). */
type Toast = { id: number; kind: Kind; text: string; ms: number; shown: number };

/** At most this many at once: the oldest goes first. */
const MAX_SHOWN = 4;

/**
 * The field kit's toasts (the field entry renders one host, and the main entry one for its login pages,
 * app/providers.tsx): the answers of the server,
 * on top of the screen. It binds app/feedback.ts, so `showError` / `showSuccess` / `showWarning`
 * (the API client, every screen) show here. An error (role="alert", data-testid="error-notification")
 * stays `uiSettings.errorNotificationMs` and while the finger or the pointer is on it, and can be
 * closed; a success (role="status") stays `uiSettings.successMessageMs`; the same text is never
 * stacked twice (it shows once, its time started again).
 */
export function Toasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const seq = useRef(0);
  useEffect(() => {
    const add = (kind: Kind, text: string, ms: number) =>
      setToasts((list) => {
        const n = ++seq.current;
        const same = list.find((x) => x.kind === kind && x.text === text);
        if (same) return list.map((x) => (x === same ? { ...x, ms, shown: n } : x));
        return [...list, { id: n, kind, text, ms, shown: n }].slice(-MAX_SHOWN);
      });
    // Unbinds this host only (the main app's pages bind antd's over it, app/page-providers.tsx).
    return bindFeedback({
      error: (description) => add('error', description, uiSettings.errorNotificationMs),
      success: (content) => add('success', content, uiSettings.successMessageMs),
      warning: (content) => add('warning', content, WARNING_MS),
    });
  }, []);
  const close = (id: number) => setToasts((list) => list.filter((x) => x.id !== id));
  return (
    <div className="f-toasts" data-testid="field-toasts">
      {toasts.map((x) => (
        <ToastItem key={x.id} toast={x} onClose={() => close(x.id)} />
      ))}
    </div>
  );
}

const ICONS = { error: ErrorIcon, success: CheckCircleIcon, warning: WarningIcon };
const CLASSES = { error: 'f-toast-error', success: 'field-toast-success', warning: 'f-toast-warning' };

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  const closed = useRef(onClose);
  useEffect(() => {
    closed.current = onClose;
  });
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => closed.current(), toast.ms);
    return () => clearTimeout(timer);
  }, [paused, toast.ms, toast.shown]);
  const Icon = ICONS[toast.kind];
  const error = toast.kind === 'error';
  return (
    <div
      className={`f-toast ${CLASSES[toast.kind]}`}
      role={error ? 'alert' : 'status'}
      data-testid={error ? 'error-notification' : undefined}
      data-kind={toast.kind}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
    >
      <Icon />
      <div className="f-toast-text">
        {error ? <div className="f-toast-title">{t('feedback.error.title')}</div> : null}
        <div>{toast.text}</div>
      </div>
      {error ? (
        <button type="button" className="f-toast-close" aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}
