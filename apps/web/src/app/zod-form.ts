import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { isApiError } from './api';
import { t } from './i18n';

type Issue = z.core.$ZodIssue;

/**
 * The words for one zod issue in the active language. Our schemas carry i18n keys as messages
 * (packages/shared/src/validation.ts); zod's own codes map to the generic messages, as on the server.
 */
export function issueText(issue: Issue): string {
  const params: Record<string, unknown> = {};
  if ('minimum' in issue) params.min = issue.minimum;
  if ('maximum' in issue) params.max = issue.maximum;
  if (issue.message.startsWith('feedback.')) return t(issue.message, params);
  switch (issue.code) {
    case 'invalid_type':
      return t('feedback.validation.required');
    case 'too_small':
      return issue.origin === 'string' ? t('feedback.validation.tooShort', params) : t('feedback.validation.min', params);
    case 'too_big':
      return issue.origin === 'string' ? t('feedback.validation.tooLong', params) : t('feedback.validation.max', params);
    default:
      return t('feedback.validation.invalid');
  }
}

/**
 * An antd Form rule that validates one field with the same zod schema the server uses. It parses
 * the whole form so cross-field rules (password confirmation) land on the field they name.
 */
export function zodRule(schema: z.ZodType, field: string): Rule {
  return (form) => ({
    validator: async () => {
      const result = schema.safeParse(form.getFieldsValue(true));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path.map(String).join('.') === field || String(i.path[0]) === field);
      if (issue) throw new Error(issueText(issue));
    },
  });
}

/** `rules(field)`: the antd rules of one form field, validated with the shared zod schema. */
export function zodRules(schema: z.ZodType) {
  return (field: string): Rule[] => [zodRule(schema, field)];
}

/** Puts the field messages of a 400 answer under the form's fields; true when any was placed. */
export function applyServerErrors(form: FormInstance, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const fields = Object.entries(error.errors).map(([name, message]) => ({
    name: name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: [message],
  }));
  if (fields.length > 0) form.setFields(fields);
  return fields.length > 0;
}
