import { deviceReadingSchema } from '@gasops/shared';
import type { Reading } from './write-batch.js';

/** How far ahead of the server a device clock may run before its reading is refused. */
const MAX_CLOCK_AHEAD_MS = 24 * 3600_000;

/** Validates one reading payload; null when malformed. */
export function parseReading(deviceId: number, raw: unknown, now = Date.now()): Reading | null {
  const parsed = deviceReadingSchema.safeParse(raw);
  if (!parsed.success) return null;
  const r = parsed.data;
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
  for (const item of items) {
    const r = parseReading(deviceId, item);
    if (!r) return null;
    out.push(r);
  }
  return out;
}

export const READINGS_TOPIC = /^devices\/([A-Za-z0-9_.:-]{1,64})\/readings$/;
