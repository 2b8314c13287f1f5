/**
 * The namespaces whose messages come in a chunk of their own per language, loaded by the modules that use them (issue
 * 16): every other screen's page then loads less (its `rest` group without them). A key the shared components name
 * (components/*) belongs in `common`, or every screen would load the namespace. Read by
 * apps/web/vite.config.ts, which builds the chunks and makes each module that names one of these namespaces' keys
 * wait for its messages before it runs (`gasops:message-groups`), and by app/i18n.ts, which loads them. `fieldApp` is the
 * field app's own (its pages have it in their `field` group): the back office's screens never load it.
 */
export const MODULE_GROUPS = ['cylinders', 'invoices', 'line', 'system', 'iot', 'reports', 'finance', 'fieldApp'] as const;
export type ModuleGroup = (typeof MODULE_GROUPS)[number];

/** The namespaces only the server shows (the parameters' names, in its answers): in none of the web's catalogues. */
export const SERVER_NAMESPACES = ['params'];

/** The field app's group (field.html, /addOrder, /barcode): the shell's namespaces and those its screens show. */
export const FIELD_NAMESPACES = ['common', 'auth', 'feedback', 'menu', 'field', 'fieldApp', 'cylinders', 'orders', 'customers'];
