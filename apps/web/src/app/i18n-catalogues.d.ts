// The message catalogues of one language, built by apps/web/vite.config.ts (gasops:i18n-catalogues).
declare module 'virtual:gasops-i18n/*/core' {
  import type { Messages } from '@gasops/shared';
  /** The `core` namespaces (shell, login page) in this language (the dayjs locale is registered by the same chunk). */
  export const messages: Record<string, Messages>;
}
declare module 'virtual:gasops-i18n/*/rest' {
  import type { Locale as AntdLocale } from 'antd/es/locale';
  import type { Messages } from '@gasops/shared';
  /** Every other namespace in this language. */
  export const messages: Record<string, Messages>;
  /** antd's own texts in this language (ConfigProvider, app/page-providers.tsx: the login page loads no antd). */
  export const antd: AntdLocale;
}
declare module 'virtual:gasops-i18n/*/legal' {
  import type { Messages } from '@gasops/shared';
  /** The legal texts (/PrivacyPolicy, /ServiceTerms) in this language. */
  export const messages: Record<string, Messages>;
}
declare module 'virtual:gasops-i18n/*/field' {
  import type { Messages } from '@gasops/shared';
  /** The field app's namespaces in this language, without antd's texts (the dayjs locale is registered by the same chunk). */
  export const messages: Record<string, Messages>;
}
declare module 'virtual:gasops-messages/*' {
  import type { Messages } from '@gasops/shared';
  /** A module group's namespace in this language (`<locale>/<group>`, app/message-groups.ts). */
  export const messages: Record<string, Messages>;
}
