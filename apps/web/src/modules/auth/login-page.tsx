import { useState } from 'react';
import { Alert, Button, Form } from 'antd';
// Input and its Password alone, not antd's Input with Search, TextArea and OTP attached (~3 KB gzip of the entry, issue 16).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { LoginBody } from '@gasops/shared';
import { api, isApiError } from '../../app/api';
import { isFieldPage, safeRedirect } from '../../app/navigate';
import type { LoginPlace } from '../../app/session';
import { COLORS } from '../../app/theme';
import { applyServerErrors } from '../../app/form-errors';
import { LanguageSwitch } from '../../components/language-switch';
import { LegalLinks } from '../../components/legal-links';
import type { LoginAnswer } from './hooks';

type LoginForm = Pick<LoginBody, 'account' | 'password'>;

// The form shows these itself (under the fields and above the button) instead of a notification.
const FORM_STATUSES = [400, 401, 429] as const;

const PANEL = {
  width: '100%',
  maxWidth: 380,
  boxSizing: 'border-box',
  padding: 28,
  background: '#fff',
  borderRadius: 8,
  boxShadow: '0 8px 28px rgba(0,0,0,0.25)',
} as const;

const HOME: Record<LoginPlace, string> = { admin: '/manager/Home', seeker: '/mobile/mobileIndex' };

/** `/` logs managers in (place admin); `/mobileLogin` and `/seekerLogin` log field staff in (place seeker). */
export function LoginPage({ place }: { place: LoginPlace }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginForm>();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const field = place === 'seeker';

  const onFinish = async (values: LoginForm) => {
    setError(null);
    setPending(true);
    // The session module (the query cache the next page reads the user from) loads while the login
    // request runs: it is not in the entry (issue 16), and the next page needs it anyway.
    const session = import('../../app/session');
    // A failed chunk load (a new version deployed meanwhile) reloads the page: router.tsx, vite:preloadError.
    session.catch(() => undefined);
    try {
      const body: LoginBody = { ...values, place };
      const answer = await api.post<LoginAnswer>('/auth/login', body, { silent: FORM_STATUSES });
      const { rememberLogin } = await session;
      rememberLogin(answer.user, place);
      const next = safeRedirect(params.get('redirect')) ?? HOME[place];
      // The field app is a page of its own (field.html, issue 13): a page load, the login page not kept in the history.
      if (isFieldPage(next)) window.location.replace(next);
      else navigate(next, { replace: true });
    } catch (e) {
      if (isApiError(e) && e.status !== null && (FORM_STATUSES as readonly number[]).includes(e.status)) {
        applyServerErrors(form, e);
        setError(e.message);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <div
      data-testid={field ? 'field-login-page' : 'manager-login-page'}
      style={{
        minHeight: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 16,
        padding: '48px 16px 24px',
        boxSizing: 'border-box',
        background: `linear-gradient(160deg, ${COLORS.primaryDeeper} 0%, ${COLORS.primary} 55%, #4d7397 100%)`,
        position: 'relative',
      }}
    >
      <div style={{ position: 'absolute', top: 8, right: 8 }}>
        <LanguageSwitch dark />
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, color: '#fff' }}>
        <img src="/favicon.svg" alt="" width={44} height={44} style={{ background: '#fff', borderRadius: 10, padding: 3 }} />
        <div>
          <div style={{ fontSize: 26, fontWeight: 700, lineHeight: 1.1 }}>{t('common.appShort')}</div>
          <div style={{ fontSize: 13, opacity: 0.85 }}>{t('common.appName')}</div>
        </div>
      </div>
      {/* A plain panel, not antd's Card and Typography: they would add ~25 KB gzip (Card brings Tabs and
          Skeleton) to the shell every page loads (issue 16). */}
      <section style={PANEL}>
        <h1 style={{ fontSize: 22, fontWeight: 600, lineHeight: 1.35, textAlign: 'center', margin: '0 0 20px', color: 'rgba(0,0,0,0.88)' }}>
          {field ? t('auth.fieldLoginTitle') : t('auth.loginTitle')}
        </h1>
        {error ? <Alert type="error" showIcon title={error} data-testid="login-error" style={{ marginBottom: 16 }} role="alert" /> : null}
        <Form<LoginForm>
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          initialValues={{ account: '', password: '' }}
          onFinish={(values) => void onFinish(values)}
          onValuesChange={() => setError(null)}
        >
          {/* Only "both fields filled" is checked here, with antd's rules and the messages of the shared
              `loginBody` (V.accountRequired, V.passwordRequired); the rest of that contract (the account's
              characters, lengths) is the server's, whose 400 puts its message under the field. Not zod: it is
              ~27 KB gzip of the entry every page loads (issue 16). */}
          <Form.Item
            name="account"
            label={t('auth.account')}
            rules={[{ required: true, whitespace: true, message: t('feedback.validation.accountRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoCapitalize="none" spellCheck={false} data-testid="login-account" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('auth.password')}
            rules={[{ required: true, message: t('feedback.validation.passwordRequired') }]}
          >
            <Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending} data-testid="login-submit">
            {t('auth.login')}
          </Button>
        </Form>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to={field ? '/' : '/mobileLogin'} data-testid="login-switch-place">
            {field ? t('auth.toManagerLogin') : t('auth.toFieldLogin')}
          </Link>
        </div>
      </section>
      <LegalLinks light />
    </div>
  );
}
