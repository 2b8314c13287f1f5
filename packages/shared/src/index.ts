export * from './locales.js';
export * from './menu.js';
export * from './ubn.js';
export * from './validation.js';
export * from './export.js';
export * from './i18n/index.js';
export * from './api/auth.js';
export * from './params.js';
