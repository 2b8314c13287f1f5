import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * `rules(field)` as zod-form.ts's `zodRules`, for a form its screen shows at once (key-in): the
 * schema, zod (~27 KB gzip) and zod-form load with the form's first validation, not with the screen (issue 16).
 * Should they fail to load (the network dropped), the field is not checked here: the server checks the same schema
 * and its field messages land under the fields (`applyServerErrors`); the next validation tries to load again.
 */
export function lazyZodRules(loadSchema: () => Promise<z.ZodType>) {
  let loading: Promise<[typeof import('./zod-form'), z.ZodType]> | undefined;
  const load = () => (loading ??= Promise.all([import('./zod-form'), loadSchema()]));
  return (field: string): Rule[] => [
    (form) => ({
      validator: async () => {
        const loaded = await load().catch(() => {
          loading = undefined;
          return undefined;
        });
        if (!loaded) return;
        const [{ fieldIssueText }, schema] = loaded;
        const text = fieldIssueText(schema, form.getFieldsValue(true), field);
        if (text) throw new Error(text);
      },
    }),
  ];
}
