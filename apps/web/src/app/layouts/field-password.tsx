import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePasswordBody, issueMessageWith, type ChangePasswordBody } from '@gasops/shared';
import { useChangePassword } from '../../modules/auth/hooks';
import { Button, Field, TextInput, useDialogFocus } from '../../modules/field/ui';
import { isApiError } from '../api';
import { showSuccess } from '../feedback';
import { i18n } from '../i18n';

const EMPTY: ChangePasswordBody = { oldPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = [
  { name: 'oldPassword', label: 'auth.oldPassword', testId: 'old-password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'auth.newPassword', testId: 'new-password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'auth.confirmPassword', testId: 'confirm-password', autoComplete: 'new-password' },
] as const;

/** The first message of each field, in the active language (i18next's messages, as app/zod-form.ts does). */
function messagesOf(issues: Parameters<typeof issueMessageWith>[0][]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issueMessageWith(
      issue,
      (k, params) => i18n.t(k, params ?? {}),
      (k) => i18n.exists(k),
    );
  }
  return out;
}

/**
 * The field app's password change (seed §5: old, new and confirmation, checked with the server's own
 * schema), on the field kit: the main app's dialog is antd's Form and Modal, which the field app does
 * not load (issue 13). A chunk of its own, loaded when the user asks for it (field-menus.tsx). The same
 * data-testids as modules/auth/change-password-dialog.tsx.
 */
export default function FieldPasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [values, setValues] = useState<ChangePasswordBody>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const first = useDialogFocus<HTMLInputElement>(onClose);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordBody.safeParse(values);
    if (!parsed.success) {
      setErrors(messagesOf(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const res = await change.mutateAsync(parsed.data);
      showSuccess(res.detail);
      onClose();
    } catch (error) {
      // The notification already told what failed; the fields get their own messages too.
      if (isApiError(error)) setErrors(error.errors);
    }
  };

  return (
    <div
      className="f-dialog-backdrop"
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="f-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <div className="f-dialog-head" style={{ padding: '12px 16px' }}>
          <h2 className="f-dialog-title" id={`${id}-title`}>
            {t('auth.changePassword')}
          </h2>
        </div>
        <form className="f-dialog-body f-stack" data-testid="change-password-form" noValidate onSubmit={(e) => void submit(e)}>
          {FIELDS.map((f, i) => (
            <Field key={f.name} label={t(f.label)} htmlFor={`${id}-${f.name}`}>
              <TextInput
                ref={i === 0 ? first : undefined}
                id={`${id}-${f.name}`}
                type="password"
                autoComplete={f.autoComplete}
                data-testid={f.testId}
                value={values[f.name]}
                status={errors[f.name] ? 'error' : undefined}
                aria-describedby={errors[f.name] ? `${id}-${f.name}-error` : undefined}
                onChange={(e) => {
                  const value = e.target.value;
                  setValues((v) => ({ ...v, [f.name]: value }));
                }}
              />
              {errors[f.name] ? (
                <div id={`${id}-${f.name}-error`} role="alert" style={{ color: '#d9363e', fontSize: 13, marginTop: 4 }}>
                  {errors[f.name]}
                </div>
              ) : f.name === 'newPassword' ? (
                <div className="f-muted f-small" style={{ marginTop: 4 }}>
                  {t('auth.passwordHint')}
                </div>
              ) : null}
            </Field>
          ))}
          <div className="f-grid-2" style={{ paddingTop: 4 }}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password-submit">
              {t('common.save')}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
