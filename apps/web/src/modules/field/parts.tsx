import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import { FIELD_LIMITS, type FieldActionKind, type FieldToday } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { useMoney } from '../../components/format';
import { CameraIcon, CloudIcon, CloudOffIcon, CrosshairIcon, SyncIcon, TrashIcon } from './icons';
import { dismiss, flush, useOutbox, type QueueEntry } from './outbox';
import { Alert, Button, Card, Segmented, Select, Tag, TextArea, TextInput, type DataProps } from './ui';

/** Whether the browser thinks it is online (`online` / `offline` events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => {
      window.addEventListener('online', l);
      window.addEventListener('offline', l);
      return () => {
        window.removeEventListener('online', l);
        window.removeEventListener('offline', l);
      };
    },
    () => navigator.onLine,
  );
}

const STATE_COLOURS = { queued: 'gold', synced: 'green', conflict: 'orange', rejected: 'red' } as const;
const STATE_KEYS = { queued: 'queued', synced: 'applied', conflict: 'conflict', rejected: 'rejected' } as const;

/**
 * The strip on top of every field screen: online or not, what waits to sync (tap to sync now), and
 * when the screen's data was fetched if it comes from the phone's copy.
 */
export function SyncBar({ fetchedAt, fromCache }: { fetchedAt?: number; fromCache?: boolean }) {
  const { t } = useTranslation();
  const online = useOnline();
  const outbox = useOutbox();
  return (
    <div data-testid="sync-bar" style={{ marginBottom: 10 }}>
      <div className="f-row f-wrap" style={{ rowGap: 6 }}>
        <Tag
          color={online ? 'green' : 'default'}
          icon={online ? <CloudIcon /> : <CloudOffIcon />}
          data-testid="sync-online"
          data-online={online}
        >
          {online ? t('fieldApp.sync.online') : t('fieldApp.sync.offline')}
        </Tag>
        <span data-testid="sync-waiting" data-count={outbox.waiting} className="f-small">
          {outbox.waiting > 0 ? (
            <span className="f-badge">{t('fieldApp.sync.waiting', { count: outbox.waiting })}</span>
          ) : (
            <span className="f-muted">{t('fieldApp.sync.allSynced')}</span>
          )}
        </span>
        {outbox.conflicts > 0 ? <Tag color="orange">{t('fieldApp.sync.conflicts', { count: outbox.conflicts })}</Tag> : null}
        {outbox.rejected > 0 ? <Tag color="red">{t('fieldApp.sync.rejected', { count: outbox.rejected })}</Tag> : null}
        {outbox.waiting > 0 ? (
          <Button
            size="small"
            icon={<SyncIcon />}
            loading={outbox.syncing}
            onClick={() => void flush()}
            data-testid="sync-now"
            style={{ marginInlineStart: 'auto' }}
          >
            {outbox.syncing ? t('fieldApp.sync.syncing') : t('fieldApp.sync.syncNow')}
          </Button>
        ) : null}
      </div>
      {fromCache && fetchedAt ? (
        <span className="f-warning f-tiny f-block" style={{ marginTop: 4 }} data-testid="sync-fetched-at">
          {t('fieldApp.sync.lastFetched', { time: formatDateTime(new Date(fetchedAt).toISOString()) })}
        </span>
      ) : null}
    </div>
  );
}

/** The outbox's entries (newest first), each with its state; conflicts and refusals show the server's message and can be dismissed. */
export function QueueList({ kinds, limit = 20, empty = null }: { kinds?: readonly FieldActionKind[]; limit?: number; empty?: ReactNode }) {
  const { t } = useTranslation();
  const outbox = useOutbox();
  const rows = outbox.entries
    .filter((e) => !kinds || kinds.includes(e.action.kind))
    .slice()
    .reverse()
    .slice(0, limit);
  if (rows.length === 0) return empty;
  return (
    <div data-testid="queue-list">
      {rows.map((e) => (
        <QueueRow key={e.id} entry={e} label={t(`field.kind.${e.action.kind}`)} onDismiss={() => void dismiss(e.id)} />
      ))}
    </div>
  );
}

function QueueRow({ entry, label, onDismiss }: { entry: QueueEntry; label: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  const summary = summaryOf(entry);
  return (
    <div
      data-testid="queue-entry"
      data-state={entry.state}
      data-kind={entry.action.kind}
      style={{ padding: '8px 0', borderBottom: '1px solid var(--f-line)' }}
    >
      <div className="f-row">
        <Tag color={STATE_COLOURS[entry.state]}>{t(`field.status.${STATE_KEYS[entry.state]}`)}</Tag>
        <span className="f-grow f-ellipsis">
          {label}
          {summary ? ` · ${summary}` : ''}
        </span>
        <span className="f-muted f-tiny">{formatDateTime(new Date(entry.createdAt).toISOString()).slice(11)}</span>
        {entry.state === 'conflict' || entry.state === 'rejected' ? (
          <Button size="small" type="text" onClick={onDismiss}>
            {t('fieldApp.sync.dismiss')}
          </Button>
        ) : null}
      </div>
      {entry.message && entry.state !== 'synced' ? (
        <span className={`${entry.state === 'rejected' ? 'f-danger' : 'f-warning'} f-tiny f-block`} data-testid="queue-message">
          {entry.message}
        </span>
      ) : null}
    </div>
  );
}

function summaryOf(entry: QueueEntry): string {
  const p = entry.action.payload as Record<string, unknown>;
  const codes = Array.isArray(p.codes) ? p.codes.length : Array.isArray(p.handedOver) ? p.handedOver.length : 0;
  return [entry.label, codes > 0 ? `× ${codes}` : null].filter(Boolean).join(' ');
}

/** A signature drawn with a finger (or the mouse) on a canvas (signature_pad); `onChange` gets a PNG data URL, or null when cleared. */
export function SignatureField({ onChange, testId = 'signature' }: { onChange: (png: string | null) => void; testId?: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    // The canvas draws at the screen's pixel density, its size set by the layout.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const p = new SignaturePad(el, { penColor: '#1f2d3d', backgroundColor: 'rgb(255,255,255)' });
    p.addEventListener('endStroke', () => changed.current(p.isEmpty() ? null : p.toDataURL('image/png')));
    pad.current = p;
    return () => p.off();
  }, []);
  return (
    <div>
      <canvas
        ref={canvas}
        data-testid={testId}
        role="img"
        aria-label={t('fieldApp.round.signature')}
        style={{
          display: 'block',
          width: '100%',
          height: 160,
          border: '1.5px dashed var(--f-field-border)',
          borderRadius: 10,
          touchAction: 'none',
          background: '#fff',
          marginBottom: 8,
        }}
      />
      <Button
        icon={<TrashIcon />}
        onClick={() => {
          pad.current?.clear();
          changed.current(null);
        }}
        data-testid={`${testId}-clear`}
      >
        {t('fieldApp.round.clearSignature')}
      </Button>
    </div>
  );
}

/** An optional photo from the camera (`capture`), shrunk to a JPEG data URL the API accepts. */
export function PhotoField({ value, onChange }: { value: string | null; onChange: (dataUrl: string | null) => void }) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  return (
    <div>
      <input
        ref={file}
        type="file"
        accept="image/*"
        capture="environment"
        style={{ display: 'none' }}
        data-testid="photo-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void shrinkPhoto(f).then(onChange);
        }}
      />
      <div className="f-row">
        <Button size="large" icon={<CameraIcon />} onClick={() => file.current?.click()}>
          {t('fieldApp.round.takePhoto')}
        </Button>
        {value ? (
          <>
            <img src={value} alt={t('fieldApp.round.photo')} style={{ height: 48, borderRadius: 6 }} />
            <Button
              size="large"
              type="text"
              danger
              icon={<TrashIcon />}
              onClick={() => onChange(null)}
              aria-label={t('fieldApp.round.removePhoto')}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}

async function shrinkPhoto(f: File): Promise<string | null> {
  const bitmap = await createImageBitmap(f).catch(() => null);
  if (!bitmap) return null;
  const scale = Math.min(1, 1280 / Math.max(bitmap.width, bitmap.height));
  const c = document.createElement('canvas');
  c.width = Math.round(bitmap.width * scale);
  c.height = Math.round(bitmap.height * scale);
  c.getContext('2d')?.drawImage(bitmap, 0, 0, c.width, c.height);
  const url = c.toDataURL('image/jpeg', 0.7);
  return url.length <= FIELD_LIMITS.photoChars ? url : null;
}

export type Position = { lat: number; lng: number; accuracyM: number | null };

/** The phone's position (Geolocation API), asked once when shown; the person may ask again. */
export function PositionField({ value, onChange }: { value: Position | null; onChange: (p: Position | null) => void }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const locate = () => {
    navigator.geolocation?.getCurrentPosition(
      (p) => {
        setFailed(false);
        changed.current({ lat: p.coords.latitude, lng: p.coords.longitude, accuracyM: Math.round(p.coords.accuracy) });
      },
      () => setFailed(true),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  };
  // Asked once when the form opens (the browser asks the person the first time).
  const first = useRef(locate);
  useEffect(() => first.current(), []);
  return (
    <div className="f-row f-wrap">
      <Button size="large" icon={<CrosshairIcon />} onClick={locate} data-testid="locate">
        {t('fieldApp.round.locate')}
      </Button>
      <span className={value ? 'f-small' : 'f-small f-muted'} data-testid="position" aria-live="polite">
        {value
          ? t('fieldApp.round.located', { lat: value.lat.toFixed(5), lng: value.lng.toFixed(5), acc: value.accuracyM ?? '?' })
          : failed || !supported
            ? t('fieldApp.round.noPosition')
            : ''}
      </span>
    </div>
  );
}

/** A titled block of a field screen. */
export function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card title={title} className="f-card-section" data-testid={testId}>
      {children}
    </Card>
  );
}

/**
 * A one-of choice on a phone: big buttons side by side across the row, each as wide as its share
 * and its words wrapped inside it (long in en-US, ms-MY); `solid`: the chosen one filled.
 */
export function ChoiceButtons<V extends string>({
  value,
  onChange,
  options,
  testId,
  solid = false,
  style,
  label,
}: {
  value: V;
  onChange: (value: V) => void;
  options: { value: V; label: ReactNode }[];
  testId: string;
  solid?: boolean;
  style?: CSSProperties;
  /** The question, read out with the choice. */
  label?: string;
}) {
  return (
    <Segmented<V>
      variant="choice"
      solid={solid}
      style={style}
      value={value}
      onChange={onChange}
      options={options}
      aria-label={label}
      data-testid={testId}
    />
  );
}

/** What the screen shows when the day could not be loaded (offline before the first visit). */
export function NoDay({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <Alert type={error ? 'warning' : 'info'} title={error ? t('fieldApp.sync.noData') : t('common.loading')} data-testid="no-day" />;
}

/** The store an action is for: the person's default store, or the one they pick (several stores). */
export function useStorePick(today: FieldToday | undefined) {
  const [picked, setPicked] = useState<number | null>(null);
  const storeId = picked ?? today?.defaultStoreId ?? today?.stores[0]?.id ?? null;
  return { storeId, setStoreId: setPicked };
}

export function StorePicker({ today, value, onChange }: { today: FieldToday; value: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  if (today.stores.length <= 1) return null;
  return (
    <Select<number>
      style={{ marginBottom: 12 }}
      value={value}
      onChange={(id) => {
        if (id !== null) onChange(id);
      }}
      placeholder={t('fieldApp.return.store')}
      options={today.stores.map((s) => ({ value: s.id, label: s.name }))}
      data-testid="store-pick"
    />
  );
}

/** Links that open the phone's dialler and its maps app. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+#*,]/g, '')}`;
export const mapHref = (o: { latitude: number | null; longitude: number | null; address: string | null }) =>
  o.latitude !== null && o.longitude !== null
    ? `https://www.google.com/maps/search/?api=1&query=${o.latitude},${o.longitude}`
    : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(o.address ?? '')}`;

/** The proof of a visit as the screens hold it: what is sent, and each field's setter. */
export type Proof = {
  signature: string | null;
  photo: string | null;
  position: Position | null;
  remark: string;
  setSignature: (png: string | null) => void;
  setPhoto: (dataUrl: string | null) => void;
  setPosition: (p: Position | null) => void;
  setRemark: (text: string) => void;
  /** What an action sends (the remark trimmed, null when empty). */
  payload: () => { signature: string | null; photo: string | null; position: Position | null; remark: string | null };
  /** Clears it for the next visit (the position stays: the driver is still there). */
  reset: () => void;
};

/** The state of one visit's proof (ProofFields shows it). */
export function useProof(): Proof {
  const [signature, setSignature] = useState<string | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [position, setPosition] = useState<Position | null>(null);
  const [remark, setRemark] = useState('');
  return {
    signature,
    photo,
    position,
    remark,
    setSignature,
    setPhoto,
    setPosition,
    setRemark,
    payload: () => ({ signature, photo, position, remark: remark.trim() || null }),
    reset: () => {
      setSignature(null);
      setPhoto(null);
      setRemark('');
    },
  };
}

/**
 * The proof of a visit (delivery, inspection): the signature on screen, an optional photo, the GPS
 * position and a remark, in this order on every screen that asks for it.
 */
export function ProofFields({ proof, remarkMax }: { proof: Proof; remarkMax: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Section title={t('fieldApp.round.signature')}>
        <SignatureField onChange={proof.setSignature} />
      </Section>
      <Section title={t('fieldApp.round.photo')}>
        <PhotoField value={proof.photo} onChange={proof.setPhoto} />
      </Section>
      <Section title={t('fieldApp.round.position')}>
        <PositionField value={proof.position} onChange={proof.setPosition} />
      </Section>
      <TextArea
        rows={2}
        maxLength={remarkMax}
        placeholder={t('common.remark')}
        aria-label={t('common.remark')}
        value={proof.remark}
        onChange={(e) => proof.setRemark(e.target.value)}
        style={{ marginBottom: 12 }}
      />
    </>
  );
}

/**
 * The foot of a field screen: why it cannot be sent (in red), the one big button that queues the
 * action, and — with `queue` — the screen's own queued actions and their outcome.
 */
export function SubmitBar({
  problem,
  saving,
  disabled = false,
  onSubmit,
  testId,
  problemTestId,
  queue,
  children,
}: {
  problem: string | null;
  saving: boolean;
  disabled?: boolean;
  onSubmit: () => void;
  testId: string;
  problemTestId: string;
  queue?: readonly FieldActionKind[];
  children: ReactNode;
}) {
  return (
    <>
      {problem ? (
        <p className="f-para f-danger" role="alert" data-testid={problemTestId}>
          {problem}
        </p>
      ) : null}
      <Button
        type="primary"
        size="large"
        block
        loading={saving}
        disabled={disabled}
        onClick={onSubmit}
        style={{ minHeight: 52, fontSize: 17 }}
        data-testid={testId}
      >
        {children}
      </Button>
      {queue ? (
        <div style={{ marginTop: 12 }}>
          <QueueList kinds={queue} />
        </div>
      ) : null}
    </>
  );
}

/**
 * An amount typed in major units of the group's currency (a decimal keyboard); the value stays
 * integer minor units, null when blank. A value changed from outside (the amount due re-priced) is
 * shown unless the person is typing in it.
 */
export function MoneyField({
  value,
  onChange,
  label,
  ...rest
}: { value: number | null; onChange: (value: number | null) => void; label: string } & DataProps) {
  const { digits, currency } = useMoney();
  const factor = 10 ** digits;
  const shown = (v: number | null) => (v === null ? '' : (v / factor).toFixed(digits));
  // While it is typed in, the field shows what is typed; otherwise the value, formatted, in the same render: an
  // amount that follows other fields (the delivery's cash after its gas status) never shows the one before.
  const [typing, setTyping] = useState<string | null>(null);
  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={typing ?? shown(value)}
      suffix={currency}
      aria-label={label}
      onFocus={() => setTyping(shown(value))}
      onChange={(e) => {
        const raw = e.target.value;
        const n = Number(raw.replace(',', '.'));
        setTyping(raw);
        onChange(raw.trim() === '' || !Number.isFinite(n) || n < 0 ? null : Math.round(n * factor));
      }}
      onBlur={() => setTyping(null)}
    />
  );
}
