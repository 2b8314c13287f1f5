import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { issueMessageWith } from '@gasops/shared';
import { i18n } from './i18n';

// The server's field messages under a form's fields, without zod (the login page uses it alone).
export { applyServerErrors } from './form-errors';

type Issue = z.core.$ZodIssue;

/** The words for one zod issue in the active language: the server's rule (shared), with the web's messages. */
export function issueText(issue: Issue): string {
  return issueMessageWith(
    issue,
    (key, params) => i18n.t(key, params ?? {}),
    (key) => i18n.exists(key),
  );
}

/** The words for the first issue the schema finds on one field of these values (the whole form: cross-field rules land on the field they name). */
export function fieldIssueText(schema: z.ZodType, values: unknown, field: string): string | undefined {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  const issue = result.error.issues.find((i) => i.path.map(String).join('.') === field || String(i.path[0]) === field);
  return issue ? issueText(issue) : undefined;
}

/**
 * An antd Form rule that validates one field with the same zod schema the server uses. It parses
 * the whole form so cross-field rules (password confirmation) land on the field they name.
 */
export function zodRule(schema: z.ZodType, field: string): Rule {
  return (form) => ({
    validator: async () => {
      const text = fieldIssueText(schema, form.getFieldsValue(true), field);
      if (text) throw new Error(text);
    },
  });
}

/** `rules(field)`: the antd rules of one form field, validated with the shared zod schema. */
export function zodRules(schema: z.ZodType) {
  return (field: string): Rule[] => [zodRule(schema, field)];
}
