import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  type TextareaHTMLAttributes,
} from 'react';
import { cx, TextInput, type DataProps } from './ui-core';

/**
 * The field app's kit (issue 13: the field app loads no antd): plain React over one CSS file (field.css),
 * built for a phone and a thumb. Its first parts (Button, Spinner, TextInput, Field, Alert) are in
 * ui-core.tsx, which the main app's login pages use too (issue 16); the rest only the field app loads.
 */
export * from './ui-core';

export type TagColour = 'default' | 'green' | 'gold' | 'orange' | 'red' | 'blue';
const TAG_COLOURS = new Set<string>(['green', 'gold', 'orange', 'red', 'blue']);

/** A short state label in a colour (`green`, `gold`, `orange`, `red`, `blue`, else grey). */
export function Tag({
  color = 'default',
  icon,
  children,
  className,
  ...rest
}: { color?: TagColour | string; icon?: ReactNode; children: ReactNode; className?: string } & DataProps &
  Omit<HTMLAttributes<HTMLSpanElement>, 'color'>) {
  return (
    <span {...rest} className={cx('f-tag', TAG_COLOURS.has(color) && `f-tag-${color}`, className)}>
      {icon}
      {children}
    </span>
  );
}

/** A white block with an optional title (a screen's section). */
export function Card({
  title,
  children,
  className,
  bodyStyle,
  ...rest
}: { title?: ReactNode; children: ReactNode; className?: string; bodyStyle?: CSSProperties } & DataProps &
  Omit<HTMLAttributes<HTMLElement>, 'title'>) {
  const headId = useId();
  return (
    <section {...rest} className={cx('f-card', className)} aria-labelledby={title ? headId : undefined}>
      {title ? (
        <h2 className="f-card-head" id={headId}>
          {title}
        </h2>
      ) : null}
      <div className="f-card-body" style={bodyStyle}>
        {children}
      </div>
    </section>
  );
}

/** Nothing to show, said in words. */
export function Empty({ description, ...rest }: { description: ReactNode } & DataProps) {
  return (
    <div {...rest} className="f-empty">
      <svg
        className="f-empty-mark"
        viewBox="0 0 24 24"
        width="1em"
        height="1em"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        aria-hidden="true"
      >
        <path d="M3 13.5 6 5h12l3 8.5V19H3z" />
        <path d="M3 13.5h5l1.5 2.5h5l1.5-2.5h5" />
      </svg>
      {description}
    </div>
  );
}

export type Option<V> = { value: V; label: ReactNode; disabled?: boolean };

/**
 * A one-of choice as buttons side by side (a radio group for screen readers). `variant="choice"`:
 * big separate buttons whose words wrap (the delivery's gas status and payment), `solid` filling the
 * chosen one.
 */
export function Segmented<V extends string>({
  value,
  onChange,
  options,
  block = false,
  size = 'middle',
  variant = 'segments',
  solid = false,
  style,
  className,
  'aria-label': ariaLabel,
  ...rest
}: {
  value: V;
  onChange: (value: V) => void;
  options: readonly Option<V>[];
  block?: boolean;
  size?: 'large' | 'middle';
  variant?: 'segments' | 'choice';
  solid?: boolean;
  style?: CSSProperties;
  className?: string;
  'aria-label'?: string;
} & DataProps) {
  const move = (from: number, step: number) => {
    const enabled = options.filter((o) => !o.disabled);
    const at = enabled.findIndex((o) => o.value === options[from]?.value);
    const next = enabled[(at + step + enabled.length) % enabled.length];
    if (next) onChange(next.value);
  };
  return (
    <div
      {...rest}
      role="radiogroup"
      aria-label={ariaLabel}
      style={style}
      className={cx(
        variant === 'choice' ? 'f-choice' : 'f-seg',
        variant === 'choice' && solid && 'f-choice-solid',
        block && 'f-seg-block',
        size === 'large' && 'f-seg-large',
        className,
      )}
    >
      {options.map((o, i) => {
        const checked = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            disabled={o.disabled}
            className="f-seg-item"
            data-value={o.value}
            onClick={() => onChange(o.value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowDown') move(i, 1);
              else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') move(i, -1);
              else return;
              e.preventDefault();
            }}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The phone's own picker (a native <select>, styled): the placeholder shows while nothing is
 * chosen; with `allowClear` it can be chosen again to clear the value.
 */
export function Select<V extends string | number>({
  value,
  onChange,
  options,
  placeholder,
  allowClear = false,
  disabled = false,
  style,
  'aria-label': ariaLabel,
  ...rest
}: {
  value: V | null | undefined;
  onChange: (value: V | null) => void;
  options: readonly { value: V; label: string; disabled?: boolean }[];
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  /** The name read out (default: the placeholder). */
  'aria-label'?: string;
  /** For a form: the <label>'s `htmlFor`, the field's state and its message (on the <select>). */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
} & DataProps) {
  const empty = value === null || value === undefined;
  return (
    <span className="f-select-wrap" style={style}>
      <select
        {...rest}
        className={cx('f-select', empty && 'f-select-empty')}
        value={empty ? '' : String(value)}
        disabled={disabled}
        aria-label={ariaLabel ?? placeholder}
        onChange={(e) => {
          const picked = options.find((o) => String(o.value) === e.target.value);
          onChange(picked ? picked.value : null);
        }}
      >
        {empty || allowClear ? (
          <option value="" disabled={!allowClear}>
            {placeholder ?? ''}
          </option>
        ) : null}
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}

/** A text area of a few rows. */
export function TextArea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & DataProps) {
  return <textarea {...rest} className={cx('f-textarea', className)} />;
}

/**
 * A whole number typed on the phone's number pad (`inputMode="numeric"`): only digits are taken, an empty
 * field is `null`, and on leaving the field the number is brought within `min`–`max` (as antd's InputNumber
 * with `precision={0}`). Other props (id, aria, data-testid) go on the <input>, as TextInput's.
 */
export function NumberInput({
  value,
  onChange,
  min,
  max,
  onBlur,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'size' | 'prefix' | 'min' | 'max' | 'type'> & {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  size?: 'large' | 'middle';
  status?: 'error';
  suffix?: ReactNode;
  wrapStyle?: CSSProperties;
} & DataProps) {
  // What is typed, while it is typed (an emptied field stays empty until the number comes back).
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value === null || value === undefined ? '' : String(value));
  const within = (n: number) => Math.min(max ?? Infinity, Math.max(min ?? -Infinity, n));
  return (
    <TextInput
      {...rest}
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      value={shown}
      onChange={(e) => {
        const digits = e.target.value.replace(/\D/g, '').slice(0, 9);
        setText(digits);
        onChange(digits === '' ? null : Number(digits));
      }}
      onBlur={(e) => {
        setText(null);
        if (value !== null && value !== undefined && within(value) !== value) onChange(within(value));
        onBlur?.(e);
      }}
    />
  );
}

/** A figure with its title above it (the day's counts). */
export function Stat({ title, value, ...rest }: { title: ReactNode; value: ReactNode } & DataProps) {
  return (
    <div {...rest} className="f-stat">
      <div className="f-stat-title">{title}</div>
      <div className="f-stat-value">{value}</div>
    </div>
  );
}

/**
 * A dialog's or sheet's keyboard and focus: the element the returned ref is put on gets the focus when
 * it opens, Escape closes it, and on closing the focus goes back where it was (unless the caller moved
 * it meanwhile, e.g. to the code input a scan filled).
 */
export function useDialogFocus<T extends HTMLElement>(onClose: () => void): RefObject<T | null> {
  const first = useRef<T>(null);
  const closed = useRef(onClose);
  useEffect(() => {
    closed.current = onClose;
  });
  useEffect(() => {
    const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closed.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (!document.activeElement || document.activeElement === document.body) back?.focus();
    };
  }, []);
  return first;
}
