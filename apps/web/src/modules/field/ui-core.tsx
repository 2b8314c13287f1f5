import {
  useEffect,
  useState,
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
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
 *
 * This file holds the parts the main app's login pages use too (app/router.tsx, modules/auth/login-page.tsx:
 * in the entry every page loads, issue 16); ui.tsx re-exports them with the rest of the kit, which only the
 * field app loads.
 */

if (typeof document !== 'undefined' && !document.getElementById('f-colours')) {
  const style = document.createElement('style');
  style.id = 'f-colours';
  style.textContent = `:root{${Object.entries(COLORS)
    .map(([name, value]) => `--f-${name}:${value}`)
    .join(';')}}`;
  document.head.append(style);
}

export const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

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
