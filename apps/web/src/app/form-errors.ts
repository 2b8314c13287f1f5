import type { FormInstance } from 'antd';
import { isApiError } from './api';

/**
 * Puts the field messages of a 400 answer under the form's fields; true when any was placed. A module
 * of its own, without zod: the login page (in the entry every page loads) uses it (issue 16).
 */
export function applyServerErrors(form: FormInstance, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const fields = Object.entries(error.errors).map(([name, message]) => ({
    name: name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: [message],
  }));
  if (fields.length > 0) form.setFields(fields);
  return fields.length > 0;
}
