/**
 * System parameters (ParamsSetting): every constant of seed §9 that a shop may want to change.
 * Platform defaults are seeded from this list; a store group may override any of them. Code that
 * uses a constant reads it through the server's `getParam` (never a literal).
 */
export type ParamType = 'number' | 'text';
export type ParamDef = { code: string; type: ParamType; value: string; min?: number; max?: number };

export const PARAM_DEFS = [
  { code: 'LOW_GAS_PERCENT', type: 'number', value: '20', min: 1, max: 99 },
  { code: 'NEARBY_RADIUS_KM', type: 'number', value: '1', min: 0.1, max: 50 },
  { code: 'USAGE_AVERAGE_DAYS', type: 'number', value: '7', min: 1, max: 90 },
  { code: 'INACTIVE_CUSTOMER_MONTHS', type: 'number', value: '3', min: 1, max: 36 },
  { code: 'RECENT_ORDER_COUNT', type: 'number', value: '5', min: 1, max: 50 },
  { code: 'LPG_DENSITY_KG_PER_L', type: 'number', value: '0.52', min: 0.4, max: 0.7 },
  { code: 'DEVICE_OFFLINE_MINUTES', type: 'number', value: '30', min: 1, max: 1440 },
  { code: 'LOW_BATTERY_PERCENT', type: 'number', value: '20', min: 1, max: 99 },
  { code: 'LEAK_DROP_KG_PER_HOUR', type: 'number', value: '1', min: 0.1, max: 50 },
  { code: 'RESIDUAL_REFUND_MIN_GRAMS', type: 'number', value: '0', min: 0, max: 50000 },
  { code: 'MAX_CYLINDER_ENTRIES', type: 'number', value: '20', min: 1, max: 200 },
  { code: 'ERROR_NOTIFICATION_MS', type: 'number', value: '3500', min: 500, max: 60000 },
  { code: 'SUCCESS_MESSAGE_MS', type: 'number', value: '3000', min: 500, max: 60000 },
  { code: 'REQUEST_TIMEOUT_MS', type: 'number', value: '300000', min: 1000, max: 3600000 },
  { code: 'ROUTE_RING_RED_KM', type: 'number', value: '20', min: 1, max: 500 },
  { code: 'CHAT_RETENTION_MONTHS', type: 'number', value: '12', min: 1, max: 120 },
  { code: 'DEFAULT_CURRENCY', type: 'text', value: 'TWD' },
  { code: 'DEFAULT_TIME_ZONE', type: 'text', value: 'Asia/Taipei' },
  { code: 'CYLINDER_DUE_DAYS', type: 'number', value: '60', min: 0, max: 3650 },
  // The periodic-inspection interval tables of DOMAIN.md ("under years:every years", cylinders.ts INTERVAL_TABLE_PARAMS).
  { code: 'CYLINDER_INTERVALS_STEEL', type: 'text', value: '18:5,19:4,20:3,30:2' },
  { code: 'CYLINDER_INTERVALS_STEEL_OLD_SMALL', type: 'text', value: '14:6,15:5,16:4,17:3,29:2,30:1' },
  { code: 'CYLINDER_INTERVALS_STEEL_OLD_MEDIUM', type: 'text', value: '9:5,10:4,18:3,29:2,30:1' },
  { code: 'CYLINDER_INTERVALS_STEEL_OLD_LARGE', type: 'text', value: '8:4,19:3,29:2,30:1' },
  { code: 'CYLINDER_INTERVALS_COMPOSITE', type: 'text', value: '20:5' },
  // Warn when an invoice track has fewer numbers left than this (invoices.ts, issue-invoice.ts).
  { code: 'INVOICE_LOW_REMAINING', type: 'number', value: '50', min: 0, max: 100000 },
] as const satisfies readonly ParamDef[];

export type ParamCode = (typeof PARAM_DEFS)[number]['code'];

export function paramDef(code: string): ParamDef | undefined {
  return PARAM_DEFS.find((p) => p.code === code);
}
