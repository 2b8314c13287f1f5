import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INSPECTION_STATUS_COLOURS, normaliseCode, type FieldActionKind, type FieldCylinder, type FieldToday } from '@gasops/shared';
import { useMe } from '../../app/session';
import { lookUpCylinder, maxEntriesOf, useFieldApp, useFieldToday, useSubmitAction } from './hooks';
import { CameraIcon, PlusIcon, ScanIcon, TrashIcon } from './icons';
import { useStorePick } from './parts';
import { Button, Spinner, Tag, TextInput } from './ui';
import { hasCamera } from '../../components/camera';
import { Scanner } from './scanner';

/** One scanned cylinder: its code and what the phone knows of it (null: not checked, offline). */
export type EntryLine = { code: string; cylinder: FieldCylinder | null };

/** What the list is for: `handOver` and `filling` refuse a cylinder that may not go to a customer or to a filling plant (overdue, end of life). */
export type EntryPurpose = 'handOver' | 'takeBack' | 'store' | 'filling';

/**
 * The list and the submit of a screen that sends scanned cylinders (return, refill dispatch and
 * receipt): at least one cylinder (seed §5), busy while it goes, the list cleared unless the server
 * refused the action (then the driver corrects it).
 */
function useCodesAction() {
  const { t } = useTranslation();
  const submitAction = useSubmitAction();
  const [lines, setLines] = useState<EntryLine[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** Sends the codes as `kind` (`refusal`: a problem the screen found first, shown instead). */
  const send = async (
    kind: FieldActionKind,
    payload: (codes: string[]) => Record<string, unknown>,
    label: string | null,
    refusal: string | null = null,
  ) => {
    const why = refusal ?? (lines.length === 0 ? t('feedback.validation.atLeastOneCylinder') : null);
    if (why) return setProblem(why);
    setProblem(null);
    setSaving(true);
    try {
      const entry = await submitAction(kind, payload(lines.map((l) => l.code)), label);
      if (entry.state !== 'rejected') setLines([]);
    } finally {
      setSaving(false);
    }
  };
  return { lines, setLines, problem, setProblem, saving, send };
}

/**
 * A screen that sends scanned cylinders for one store (return, refill dispatch and receipt): the day,
 * the store picked, the codes, and `bar`, what its SubmitBar shows (nothing goes without a store).
 */
export function useStoreCodes() {
  useFieldApp();
  const day = useFieldToday();
  const today = day.data?.value;
  const { storeId, setStoreId } = useStorePick(today);
  const codes = useCodesAction();
  const bar = { problem: codes.problem, saving: codes.saving, disabled: !storeId };
  return { ...codes, day, today, storeId, setStoreId, bar };
}

/** A scanner (keyboard wedge or camera) repeats a code when the trigger is held: its same code within this window is ignored. */
const REPEAT_MS = 2000;
/** A keyboard-wedge scanner types a code with a few ms between keys; a person is slower (DOMAIN.md "Field devices"). */
const WEDGE_GAP_MS = 35;

/** Whether these key times (ms) look like a scanner's burst rather than typing. */
export function isScannerBurst(times: readonly number[]): boolean {
  if (times.length < 4) return false;
  const span = times[times.length - 1]! - times[0]!;
  return span / (times.length - 1) < WEDGE_GAP_MS;
}

const vibrate = (pattern: number | number[]) => {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // Not allowed (no user gesture yet, or a desktop): the message says it anyway.
  }
};

/**
 * The one cylinder entry of the field app (every screen): a text input that takes a keyboard-wedge
 * scanner (a code, then Enter) or typing, and a camera button. Seed §5, said at the moment of the
 * scan, gently (a vibration and a line under the input, never an error page): a duplicate is
 * refused ("duplicate number or barcode"), the list holds at most MAX_CYLINDER_ENTRIES ("no space
 * available"), a code matching no cylinder is refused ("no matching field"), and a cylinder whose
 * inspection is overdue cannot be handed to a customer. Offline, a code the phone has not seen
 * before is taken "unchecked": the server checks it when the action syncs.
 */
export function CylinderEntry({
  today,
  lines,
  onChange,
  purpose,
  label,
  testId,
  extra,
}: {
  today: FieldToday | undefined;
  lines: EntryLine[];
  onChange: (lines: EntryLine[]) => void;
  purpose: EntryPurpose;
  label?: ReactNode;
  testId: string;
  /** More for each line (the gross weight of an empty taken back). */
  extra?: (line: EntryLine, index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const last = useRef<{ code: string; at: number } | null>(null);
  const keyTimes = useRef<number[]>([]);
  const max = maxEntriesOf(today);
  // The latest list while a lookup is under way (a fast scanner may send the next code meanwhile).
  const current = useRef(lines);
  useEffect(() => {
    current.current = lines;
  }, [lines]);

  const refuse = (message: string) => {
    setProblem(message);
    vibrate([80, 60, 80]);
  };

  const add = async (raw: string, from: 'keys' | 'camera' = 'keys') => {
    const code = normaliseCode(raw);
    const byScanner = from === 'camera' || isScannerBurst(keyTimes.current);
    keyTimes.current = [];
    setText('');
    input.current?.focus();
    if (!code) return;
    const now = Date.now();
    const repeat = byScanner && last.current?.code === code && now - last.current.at < REPEAT_MS;
    last.current = { code, at: now };
    const list = current.current;
    if (list.some((l) => l.code === code || (l.cylinder && (l.cylinder.containerNo === code || l.cylinder.labelNo === code)))) {
      // The scanner's own repeat of the code just added is no mistake of the person: ignore it quietly.
      if (repeat && list[list.length - 1]?.code === code) return;
      return refuse(`${t('feedback.validation.duplicateCylinder')}: ${code}`);
    }
    if (list.length >= max) return refuse(t('feedback.validation.noSpace'));
    setBusy(true);
    try {
      const found = await lookUpCylinder(me?.id ?? 0, today, code);
      if (found.kind === 'unknown') return refuse(`${t('feedback.validation.noMatchingField')}: ${code}`);
      const cylinder = found.kind === 'found' ? found.cylinder : null;
      if (cylinder && !cylinder.handOver && purpose === 'handOver') return refuse(t('fieldApp.entry.notForCustomer', { code }));
      if (cylinder && !cylinder.handOver && purpose === 'filling') return refuse(t('fieldApp.entry.notForFilling', { code }));
      const again = current.current;
      if (cylinder && again.some((l) => l.cylinder?.id === cylinder.id))
        return refuse(`${t('feedback.validation.duplicateCylinder')}: ${code}`);
      if (again.length >= max) return refuse(t('feedback.validation.noSpace'));
      setProblem(null);
      vibrate(30);
      onChange([...again, { code, cylinder }]);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid={testId} style={{ marginBottom: 12 }}>
      {label ? (
        <div className="f-row" style={{ justifyContent: 'space-between', alignItems: 'baseline', marginBottom: 6 }}>
          <label className="f-strong" htmlFor={inputId}>
            {label}
          </label>
          <span className="f-muted f-small" data-testid={`${testId}-count`}>
            {t('fieldApp.entry.count', { count: lines.length, max })}
          </span>
        </div>
      ) : null}
      <div className="f-compact">
        <TextInput
          ref={input}
          id={inputId}
          value={text}
          prefix={<ScanIcon />}
          suffix={busy ? <Spinner size="small" /> : null}
          autoComplete="off"
          autoCapitalize="characters"
          enterKeyHint="enter"
          placeholder={t('fieldApp.entry.placeholder')}
          aria-label={label ? undefined : t('fieldApp.entry.placeholder')}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key.length === 1) keyTimes.current.push(e.timeStamp);
          }}
          onEnter={() => void add(text)}
          status={problem ? 'error' : undefined}
          data-testid={`${testId}-input`}
        />
        <Button
          size="large"
          icon={<PlusIcon />}
          onClick={() => void add(text)}
          aria-label={t('fieldApp.entry.add')}
          data-testid={`${testId}-add`}
        />
        {hasCamera() ? (
          <Button
            size="large"
            icon={<CameraIcon />}
            onClick={() => setCamera(true)}
            aria-label={t('fieldApp.entry.camera')}
            data-testid={`${testId}-camera`}
          />
        ) : null}
      </div>
      {problem ? (
        <div role="alert" style={{ marginTop: 6 }}>
          <span className="f-danger" id={`${inputId}-problem`} data-testid={`${testId}-problem`}>
            {problem}
          </span>
        </div>
      ) : null}
      <div data-testid={`${testId}-list`} style={{ marginTop: 8 }}>
        {lines.length === 0 ? <span className="f-muted f-small">{t('fieldApp.entry.empty')}</span> : null}
        {lines.map((line, i) => (
          <EntryRow
            key={line.code}
            line={line}
            testId={`${testId}-line-${i}`}
            extra={extra?.(line, i)}
            onRemove={() => onChange(lines.filter((_l, j) => j !== i))}
          />
        ))}
      </div>
      <Scanner
        open={camera}
        title={t('fieldApp.entry.camera')}
        onClose={() => setCamera(false)}
        onCode={(code) => void add(code, 'camera')}
      />
    </div>
  );
}

function EntryRow({ line, testId, extra, onRemove }: { line: EntryLine; testId: string; extra?: ReactNode; onRemove: () => void }) {
  const { t } = useTranslation();
  const c = line.cylinder;
  return (
    <div data-testid={testId} style={{ borderBottom: '1px solid var(--f-line)', padding: '8px 0' }}>
      <div className="f-row">
        <div className="f-grow">
          <span className="f-strong" style={{ fontSize: 16, overflowWrap: 'anywhere' }} data-testid={`${testId}-code`}>
            {line.code}
          </span>
          <div className="f-muted f-tiny" style={{ marginTop: 2 }}>
            {c ? (
              <>
                {[
                  `${c.sizeKg} kg`,
                  c.tareG !== null ? t('fieldApp.entry.tare', { kg: (c.tareG / 1000).toFixed(1) }) : null,
                  c.nextInspectionDeadline,
                ]
                  .filter(Boolean)
                  .join(' · ')}{' '}
                <Tag color={INSPECTION_STATUS_COLOURS[c.inspectionStatus]}>{t(`cylinders.status.${c.inspectionStatus}`)}</Tag>
              </>
            ) : (
              <span className="f-warning">{t('fieldApp.entry.unchecked')}</span>
            )}
          </div>
        </div>
        <Button
          size="large"
          type="text"
          danger
          icon={<TrashIcon />}
          aria-label={`${t('fieldApp.entry.remove')} ${line.code}`}
          onClick={onRemove}
          data-testid={`${testId}-remove`}
        />
      </div>
      {extra}
    </div>
  );
}
