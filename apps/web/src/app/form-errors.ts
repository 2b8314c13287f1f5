import type { FormInstance } from 'antd';
import { isApiError } from './api';

/** A field's message from a 400 answer: its path in the form (`lines.0.qty` → `['lines', 0, 'qty']`) and the text. */
export type ServerFieldError = { name: (string | number)[]; message: string };

/**
 * The field messages of a 400 answer, by field path; none for any other error. The one mapping of the
 * server's field errors: antd forms take them through `applyServerErrors`, the login page (no antd, in the
 * entry every page loads: issue 16) reads them itself. A module of its own, without zod or antd's code.
 */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!isApiError(error)) return [];
  return Object.entries(error.errors).map(([name, message]) => ({
    name: name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    message,
  }));
}

/** Puts the field messages of a 400 answer under an antd form's fields; true when any was placed. */
export function applyServerErrors(form: FormInstance, error: unknown): boolean {
  const fields = serverFieldErrors(error).map(({ name, message }) => ({ name, errors: [message] }));
  if (fields.length > 0) form.setFields(fields);
  return fields.length > 0;
}
