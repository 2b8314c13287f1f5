import { deviceReadingSchema } from '@gasops/shared';
import type { Reading } from './write-batch.js';

/** How far ahead of the server a device clock may run before its reading is refused. */
const MAX_CLOCK_AHEAD_MS = 24 * 3600_000;

/** Epoch-millisecond bounds of a numeric `ts` (as in deviceReadingSchema: 2000-01-01 … 2100-01-01). */
const TS_MIN_MS = 946684800000;
const TS_MAX_MS = 4102444800000;

/** A reading as deviceReadingSchema gives it. */
type Payload = NonNullable<ReturnType<typeof deviceReadingSchema.safeParse>['data']>;

const isNumberIn = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const isIntIn = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const isOptionalNumberIn = (v: unknown, min: number, max: number): v is number | null | undefined =>
  v === null || v === undefined || isNumberIn(v, min, max);

/**
 * The usual device payload checked without the schema: a plain object whose fields are numbers in
 * deviceReadingSchema's ranges and whose `ts` is epoch milliseconds. Accepts only what the schema
 * accepts (anything else, an ISO `ts` or a bad field, goes to the schema, which decides), so a
 * reading costs no parse result objects on the MQTT hot path.
 */
function plainReading(raw: unknown): Payload | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (!isIntIn(r.grossGrams, 0, 500000) || !isIntIn(r.ts, TS_MIN_MS, TS_MAX_MS)) return null;
  if (!isOptionalNumberIn(r.battery, 0, 100) || !isOptionalNumberIn(r.signal, -200, 0)) return null;
  if (!(r.seq === null || r.seq === undefined || isIntIn(r.seq, 0, Number.MAX_SAFE_INTEGER))) return null;
  return r as Payload;
}

/** Validates one reading payload; null when malformed. */
export function parseReading(deviceId: number, raw: unknown, now = Date.now()): Reading | null {
  let r: Payload | null = plainReading(raw);
  if (!r) {
    const parsed = deviceReadingSchema.safeParse(raw);
    if (!parsed.success) return null;
    r = parsed.data;
  }
  const ts = new Date(r.ts);
  if (Number.isNaN(ts.getTime()) || ts.getTime() > now + MAX_CLOCK_AHEAD_MS) return null;
  return {
    deviceId,
    ts,
    seq: r.seq ?? null,
    grossGrams: r.grossGrams,
    battery: r.battery == null ? null : Math.round(r.battery),
    signal: r.signal == null ? null : Math.round(r.signal),
  };
}

/** The readings of one MQTT message: a JSON object or an array of them. */
export function parseMessage(deviceId: number, payload: Buffer): Reading[] | null {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
  const items = Array.isArray(json) ? json : [json];
  if (items.length === 0 || items.length > 1000) return null;
  const out: Reading[] = [];
  const now = Date.now();
  for (const item of items) {
    const r = parseReading(deviceId, item, now);
    if (!r) return null;
    out.push(r);
  }
  return out;
}

export const READINGS_TOPIC = /^devices\/([A-Za-z0-9_.:-]{1,64})\/readings$/;
