import { useState, type ReactNode } from 'react';
import { Alert, Form, Modal, Spin, type ButtonProps, type FormInstance, type FormProps, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../app/feedback';
import { applyServerErrors } from '../app/zod-form';

type SaveModalProps = Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading' | 'okButtonProps'> & {
  /** data-testid of the OK button. */
  okTestId: string;
  okDanger?: boolean;
  /** OK is disabled (the dialog still loads what it needs). */
  okDisabled?: boolean;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
};

/** A dialog that saves something: OK saves (with its loading state), cancel closes; "Save" and "Cancel" unless told otherwise. */
export function SaveModal({ okTestId, okDanger, okDisabled, saving, onSave, onClose, children, ...modal }: SaveModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      {...modal}
      onOk={onSave}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ danger: okDanger, disabled: okDisabled, 'data-testid': okTestId } as ButtonProps}
    >
      {children}
    </Modal>
  );
}

type FormModalProps<V, R> = Omit<SaveModalProps, 'saving' | 'onSave' | 'children'> & {
  form: FormInstance<V>;
  /** Sends the values; field messages of a 400 answer go under the fields. */
  onSubmit: (values: V) => Promise<R>;
  /** After a successful submit; by default the dialog closes (`onClose`). */
  onDone?: (result: R) => void;
  /** The success message: a text, or one read from the answer (e.g. the server's `detail`). */
  success?: string | ((result: R) => string);
  /** Also shows a failure's text above the form (the administration and IoT forms). */
  errorAlert?: boolean;
  /** `all` sends every value the form holds (also those set without a field, such as a row's id); by default the validated fields. */
  send?: 'fields' | 'all';
  initialValues?: FormProps<V>['initialValues'];
  onValuesChange?: FormProps<V>['onValuesChange'];
  formTestId?: string;
  /**
   * The form waits for what fills it (e.g. a store's defaults): its fields and OK are disabled and the
   * form says `aria-busy`, so a choice made meanwhile is not overwritten when the defaults arrive.
   */
  busy?: boolean;
  /** Shown above the form. */
  intro?: ReactNode;
  /** The form fields. */
  children: ReactNode;
};

/**
 * The dialog of every form: validates with the form's (shared zod) rules, submits, shows the success
 * message or puts the server's field messages under the fields.
 */
export function FormModal<V extends object, R = unknown>({
  form,
  onSubmit,
  onDone,
  success,
  errorAlert = false,
  send = 'fields',
  initialValues,
  onValuesChange,
  formTestId,
  busy = false,
  intro,
  children,
  ...modal
}: FormModalProps<V, R>) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    let values: V;
    try {
      const fields = await form.validateFields();
      values = send === 'all' ? (form.getFieldsValue(true) as V) : fields;
    } catch {
      return;
    }
    setSaving(true);
    try {
      const result = await onSubmit(values);
      if (success) showSuccess(typeof success === 'string' ? success : success(result));
      (onDone ?? modal.onClose)(result);
    } catch (e) {
      applyServerErrors(form, e);
      if (errorAlert) setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SaveModal {...modal} saving={saving} okDisabled={busy} onSave={() => void submit()}>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      {intro}
      <Spin spinning={busy} delay={200}>
        <Form<V>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onValuesChange={onValuesChange}
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid={formTestId}
        >
          {children}
        </Form>
      </Spin>
    </SaveModal>
  );
}

/** An edit form's starting values: the named fields of the row it edits, as they are. */
export function pickFields<R extends object, K extends keyof R>(row: R, keys: readonly K[]): Pick<R, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<R, K>;
}

/**
 * The add / edit dialog of a list's row: `save(row?.id, values)` adds (no row) or changes the row,
 * then says "added" or "edited" (unless `success` says otherwise) and closes.
 */
export function CrudModal<V extends object, R = unknown>({
  row,
  save,
  success,
  ...rest
}: Omit<FormModalProps<V, R>, 'onSubmit'> & { row: { id: number } | null; save: (id: number | undefined, values: V) => Promise<R> }) {
  const { t } = useTranslation();
  return (
    <FormModal<V, R>
      {...rest}
      onSubmit={(values) => save(row?.id, values)}
      success={success ?? t(row ? 'feedback.success.edited' : 'feedback.success.added')}
    />
  );
}
