import {
  useEffect,
  useId,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { COLORS } from '../../app/theme';
import { CheckCircleIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons';
import './field.css';

/**
 * The field app's kit (issue 13: the field app loads no antd): plain React over one CSS file
 * (field.css), built for a phone and a thumb — controls at least 44 px high, states that read at a
 * glance, labels for screen readers. The colours are theme.ts's COLORS, handed to the CSS as
 * `--f-<name>` custom properties.
 */

if (typeof document !== 'undefined' && !document.getElementById('f-colours')) {
  const style = document.createElement('style');
  style.id = 'f-colours';
  style.textContent = `:root{${Object.entries(COLORS)
    .map(([name, value]) => `--f-${name}:${value}`)
    .join(';')}}`;
  document.head.append(style);
}

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/** data-* and aria-* attributes passed through to the element. */
export type DataProps = { [key: `data-${string}`]: string | number | boolean | undefined };

export type ButtonType = 'primary' | 'default' | 'danger' | 'link' | 'text';

type ButtonLook = {
  type?: ButtonType;
  size?: 'large' | 'middle' | 'small';
  block?: boolean;
  /** Red text on a `text` or `link` button (a delete). */
  danger?: boolean;
  iconOnly?: boolean;
};

/** The classes of a button, for a link (react-router's Link) that looks like one. */
export function buttonClass({ type = 'default', size = 'middle', block, danger, iconOnly }: ButtonLook = {}, extra?: string) {
  return cx(
    'f-btn',
    `f-btn-${type}`,
    size !== 'middle' && `f-btn-${size}`,
    block && 'f-btn-block',
    danger && type !== 'danger' && 'f-btn-danger-text',
    iconOnly && 'f-btn-icon-only',
    extra,
  );
}

export type ButtonProps = ButtonLook & {
  icon?: ReactNode;
  loading?: boolean;
  disabled?: boolean;
  htmlType?: 'button' | 'submit' | 'reset';
  /** A link shown as a button (a phone number, a map). */
  href?: string;
  target?: string;
  rel?: string;
  onClick?: () => void;
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  title?: string;
  'aria-label'?: string;
  'aria-pressed'?: boolean;
  ref?: Ref<HTMLButtonElement>;
} & DataProps;

/** A button (or, with `href`, a link that looks like one): its text, an icon before it, a spinner while `loading`. */
export function Button({
  type,
  size,
  block,
  danger,
  icon,
  loading = false,
  disabled = false,
  htmlType = 'button',
  href,
  target,
  rel,
  onClick,
  children,
  className,
  ref,
  ...rest
}: ButtonProps) {
  const iconOnly = children === undefined || children === null || children === '';
  const classes = buttonClass({ type, size, block, danger, iconOnly }, cx(loading && 'f-btn-loading', className));
  const inner = (
    <>
      {loading ? <span className="f-spin" aria-hidden="true" /> : icon}
      {iconOnly ? null : <span className="f-btn-label">{children}</span>}
    </>
  );
  if (href !== undefined)
    return (
      <a
        {...(rest as AnchorHTMLAttributes<HTMLAnchorElement>)}
        className={classes}
        href={disabled ? undefined : href}
        aria-disabled={disabled || undefined}
        target={target}
        rel={rel}
        onClick={onClick}
      >
        {inner}
      </a>
    );
  return (
    <button
      {...(rest as ButtonHTMLAttributes<HTMLButtonElement>)}
      ref={ref}
      type={htmlType}
      className={classes}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
    >
      {inner}
    </button>
  );
}

/**
 * A spinner: inline, or `fullscreen` over the page. With `delay` (ms) it shows only when the wait
 * lasts longer (no flash on a fast answer).
 */
export function Spinner({
  fullscreen = false,
  delay = 0,
  size = 'middle',
  label,
}: {
  fullscreen?: boolean;
  delay?: number;
  size?: 'small' | 'middle' | 'large';
  /** What is loading, for screen readers (default: "Loading"). */
  label?: string;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  if (!shown) return null;
  const spin = (
    <span
      className={cx('f-spin', (size === 'large' || fullscreen) && 'f-spin-large')}
      style={size === 'small' ? { width: 14, height: 14, borderWidth: 2 } : undefined}
      role="status"
      aria-label={label ?? t('common.loading')}
    />
  );
  return fullscreen ? <div className="f-screen f-spin-full">{spin}</div> : spin;
}

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

/**
 * A text input in a frame with an optional `prefix` (an icon) and `suffix` (a unit). `data-testid`,
 * the placeholder and the aria attributes go on the <input> itself; `onEnter` is the Enter key.
 */
export function TextInput({
  prefix,
  suffix,
  size = 'large',
  status,
  onEnter,
  onKeyDown,
  wrapStyle,
  className,
  ref,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix'> & {
  prefix?: ReactNode;
  suffix?: ReactNode;
  size?: 'large' | 'middle';
  status?: 'error';
  onEnter?: () => void;
  /** The frame's style (width); `style` is the input's. */
  wrapStyle?: CSSProperties;
  ref?: Ref<HTMLInputElement>;
} & DataProps) {
  return (
    <span
      className={cx('f-input-wrap', size === 'large' && 'f-input-large', status === 'error' && 'f-input-error', className)}
      style={wrapStyle}
    >
      {prefix}
      <input
        {...rest}
        ref={ref}
        className="f-input"
        aria-invalid={status === 'error' || undefined}
        onKeyDown={(e) => {
          onKeyDown?.(e);
          if (e.key === 'Enter' && onEnter && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onEnter();
          }
        }}
      />
      {suffix ? <span className="f-input-affix">{suffix}</span> : null}
    </span>
  );
}

/** A text area of a few rows. */
export function TextArea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & DataProps) {
  return <textarea {...rest} className={cx('f-textarea', className)} />;
}

/** A labelled field: the label above its control (`htmlFor` ties them). */
export function Field({
  label,
  htmlFor,
  children,
  style,
}: {
  label: ReactNode;
  htmlFor?: string;
  children: ReactNode;
  style?: CSSProperties;
}) {
  return (
    <div className="f-field" style={style}>
      <label className="f-field-label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  );
}

const ALERT_ICONS = { warning: WarningIcon, error: ErrorIcon, info: InfoIcon, success: CheckCircleIcon };

/** A message block in the screen (not a toast): warning, error, info or success. */
export function Alert({
  type = 'info',
  title,
  description,
  ...rest
}: { type?: keyof typeof ALERT_ICONS; title: ReactNode; description?: ReactNode } & DataProps) {
  const Icon = ALERT_ICONS[type];
  return (
    <div
      {...rest}
      className="f-alert"
      style={{ '--f-alert-tone': `var(--f-${type})` } as CSSProperties}
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
    >
      <Icon />
      <div>
        <div className="f-alert-title">{title}</div>
        {description ? <div className="f-small">{description}</div> : null}
      </div>
    </div>
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
