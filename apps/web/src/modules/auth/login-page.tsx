import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { LoginBody } from '@gasops/shared';
import { api, isApiError } from '../../app/api';
import { serverFieldErrors } from '../../app/form-errors';
import { isFieldPage, safeRedirect } from '../../app/navigate';
import type { LoginPlace } from '../../app/session';
import { FieldLanguageSwitch, UserIcon } from '../../components/header-menu';
import { outlineIcon, strokeIcon } from '../../components/svg-icon';
import { LegalLinks } from '../../components/legal-links';
import { Alert, Button, Field, TextInput } from '../field/ui-core';
import type { LoginAnswer } from './hooks';
import './login-page.css';

type LoginForm = Pick<LoginBody, 'account' | 'password'>;
type FieldName = keyof LoginForm;
type FieldErrors = Partial<Record<FieldName, string>>;

// The form shows these itself (under the fields and above the button) instead of a notification.
const FORM_STATUSES = [400, 401, 429] as const;

const HOME: Record<LoginPlace, string> = { admin: '/manager/Home', seeker: '/mobile/mobileIndex' };

// The user and lock outlines antd's form showed (@ant-design/icons-svg, MIT) as plain SVG; the eye in strokes (Feather's, MIT).
const LockIcon = outlineIcon('Lock', [
  'M832 464h-68V240c0-70.7-57.3-128-128-128H388c-70.7 0-128 57.3-128 128v224h-68c-17.7 0-32 14.3-32 32v384c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V496c0-17.7-14.3-32-32-32zM332 240c0-30.9 25.1-56 56-56h248c30.9 0 56 25.1 56 56v224H332V240zm460 600H232V536h560v304zM484 701v53c0 4.4 3.6 8 8 8h40c4.4 0 8-3.6 8-8v-53a48.01 48.01 0 10-56 0z',
]);
const EyeIcon = strokeIcon(
  'Eye',
  <>
    <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
const EyeInvisibleIcon = strokeIcon(
  'EyeInvisible',
  <path d="M17.94 17.94A10.07 10.07 0 0 1 12 20c-7 0-11-8-11-8a18.45 18.45 0 0 1 5.06-5.94M9.9 4.24A9.12 9.12 0 0 1 12 4c7 0 11 8 11 8a18.5 18.5 0 0 1-2.16 3.19m-6.72-1.07a3 3 0 1 1-4.24-4.24M1 1l22 22" />,
);

/**
 * Only "both fields filled" is checked here (a whitespace-only account is empty), with the messages of the
 * shared `loginBody` (V.accountRequired, V.passwordRequired); the rest of that contract (the account's
 * characters, lengths) is the server's, whose 400 puts its message under the field. Not zod: it is ~27 KB
 * gzip of the entry every page loads (issue 16).
 */
const REQUIRED: Record<FieldName, { empty: (value: string) => boolean; message: string }> = {
  account: { empty: (v) => v.trim() === '', message: 'feedback.validation.accountRequired' },
  password: { empty: (v) => v === '', message: 'feedback.validation.passwordRequired' },
};

/** Two CJK characters with a space between them ("登 入"), as antd's buttons show such a label. */
const spaced = (label: string) => (/^[\u4e00-\u9fa5]{2}$/.test(label) ? label.split('').join(' ') : label);

/**
 * `/` logs managers in (place admin); `/mobileLogin` and `/seekerLogin` log field staff in (place seeker).
 * Built on the field kit (modules/field/ui.tsx), no antd: the page is in the entry every page loads, and
 * drivers open it on phones in the street (issue 16: a repeat visit on a phone in < 1 s).
 */
export function LoginPage({ place }: { place: LoginPlace }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<LoginForm>({ account: '', password: '' });
  // The messages under the fields: the required checks' or the server's (a 400), by field.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);
  const accountInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const field = place === 'seeker';

  const requiredError = (name: FieldName, value: string) => (REQUIRED[name].empty(value) ? t(REQUIRED[name].message) : undefined);

  /** A change re-checks that field (its server message goes) and takes the alert away, as antd's form did. */
  const change = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setFieldErrors((e) => ({ ...e, [name]: requiredError(name, value) }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    // What the fields hold now: a browser's autofill may not have told React yet.
    const typed: LoginForm = {
      account: accountInput.current?.value ?? values.account,
      password: passwordInput.current?.value ?? values.password,
    };
    const missing: FieldErrors = { account: requiredError('account', typed.account), password: requiredError('password', typed.password) };
    const first = (['account', 'password'] as const).find((name) => missing[name]);
    if (first) {
      setFieldErrors(missing);
      (first === 'account' ? accountInput : passwordInput).current?.focus();
      return;
    }
    setError(null);
    setFieldErrors({});
    setPending(true);
    // The session module (the query cache the next page reads the user from) loads while the login
    // request runs: it is not in the entry (issue 16), and the next page needs it anyway.
    const session = import('../../app/session');
    // A failed chunk load (a new version deployed meanwhile) reloads the page: router.tsx, vite:preloadError.
    session.catch(() => undefined);
    try {
      const body: LoginBody = { ...typed, place };
      const answer = await api.post<LoginAnswer>('/auth/login', body, { silent: FORM_STATUSES });
      const { rememberLogin } = await session;
      rememberLogin(answer.user, place);
      const next = safeRedirect(params.get('redirect')) ?? HOME[place];
      // The field app is a page of its own (field.html, issue 13): a page load, the login page not kept in the history.
      if (isFieldPage(next)) window.location.replace(next);
      else navigate(next, { replace: true });
    } catch (e) {
      if (isApiError(e) && e.status !== null && (FORM_STATUSES as readonly number[]).includes(e.status)) {
        const fromServer: FieldErrors = {};
        for (const { name, message } of serverFieldErrors(e)) {
          const key = name.join('.');
          if (key === 'account' || key === 'password') fromServer[key] = message;
        }
        setFieldErrors(fromServer);
        setError(e.message);
      }
    } finally {
      setPending(false);
    }
  };

  const input = (name: FieldName) => {
    const message = fieldErrors[name];
    return {
      id: `${id}-${name}`,
      name,
      value: values[name],
      onChange: (e: { target: { value: string } }) => change(name, e.target.value),
      status: message ? ('error' as const) : undefined,
      'aria-required': true,
      'aria-describedby': message ? `${id}-${name}-error` : undefined,
      size: 'middle' as const,
      autoCapitalize: 'none',
      autoCorrect: 'off',
      spellCheck: false,
      'data-testid': `login-${name}`,
    };
  };
  /** A field of the form: its label, its input and, under it, its message. */
  const item = (name: FieldName, label: string, control: ReactNode) => (
    <div className={fieldErrors[name] ? 'login-item login-item-with-error' : 'login-item'}>
      <Field label={label} htmlFor={`${id}-${name}`}>
        {control}
        {fieldErrors[name] ? (
          <div id={`${id}-${name}-error`} className="login-item-error" role="alert" data-testid={`login-${name}-error`}>
            {fieldErrors[name]}
          </div>
        ) : null}
      </Field>
    </div>
  );

  return (
    <div data-testid={field ? 'field-login-page' : 'manager-login-page'} className="f-screen login-page">
      <div className="login-language">
        <FieldLanguageSwitch showActive className="login-language-button" />
      </div>
      <div className="login-brand">
        <img src="/favicon.svg" alt="" width={44} height={44} />
        <div>
          <div className="login-brand-short">{t('common.appShort')}</div>
          <div className="login-brand-name">{t('common.appName')}</div>
        </div>
      </div>
      <main className="login-panel" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className="login-title">
          {field ? t('auth.fieldLoginTitle') : t('auth.loginTitle')}
        </h1>
        {error ? <Alert type="error" title={error} data-testid="login-error" /> : null}
        <form noValidate onSubmit={(e) => void submit(e)}>
          {item(
            'account',
            t('auth.account'),
            <TextInput {...input('account')} ref={accountInput} prefix={<UserIcon className="login-prefix" />} autoComplete="username" />,
          )}
          {item(
            'password',
            t('auth.password'),
            <TextInput
              {...input('password')}
              ref={passwordInput}
              type={passwordShown ? 'text' : 'password'}
              prefix={<LockIcon className="login-prefix" />}
              suffix={
                <button
                  type="button"
                  className="login-eye"
                  aria-label={passwordShown ? t('auth.hidePassword') : t('auth.showPassword')}
                  aria-pressed={passwordShown}
                  aria-controls={`${id}-password`}
                  data-testid="login-password-toggle"
                  onClick={() => setPasswordShown((shown) => !shown)}
                >
                  {passwordShown ? <EyeIcon /> : <EyeInvisibleIcon />}
                </button>
              }
              autoComplete="current-password"
            />,
          )}
          <Button type="primary" htmlType="submit" block loading={pending} className="login-submit" data-testid="login-submit">
            {spaced(t('auth.login'))}
          </Button>
        </form>
        <div className="login-switch">
          <Link to={field ? '/' : '/mobileLogin'} data-testid="login-switch-place">
            {field ? t('auth.toManagerLogin') : t('auth.toFieldLogin')}
          </Link>
        </div>
      </main>
      <LegalLinks light className="login-legal" />
    </div>
  );
}
