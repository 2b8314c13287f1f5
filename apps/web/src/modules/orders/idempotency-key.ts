/** A fresh Idempotency-Key for a form that creates something: one per opened form, so a double click creates it once. */
export const newIdempotencyKey = () =>
  (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(/[^\w.:-]/g, '');
