import { z } from 'zod';
import { deviceReadingSchema, fieldErrors, translate, type ErrorBody, type Locale } from '@gasops/shared';
import { AppError, unauthorized } from '../../../platform/errors.js';
import { parseReading } from './parse-readings.js';
import { OverloadedError } from './pipeline.js';
import type { IotRuntime } from './runtime.js';
import type { Reading } from './write-batch.js';

const DEVICE_AUTH = /^Device\s+([A-Za-z0-9_.:-]{1,64}):(\S{1,256})$/i;

export type HttpReadings = {
  /** The `Authorization: Device <deviceId>:<secret>` header. */
  authorization: string | undefined;
  ip: string;
  body: unknown;
  /** Whether the body passed the route's schema (the route validates with attachValidation). */
  bodyValid: boolean;
  locale: Locale;
};

/** What became of the readings; the route picks the HTTP answer (200, 400 with field messages, 503). */
export type HttpIngestOutcome = { kind: 'stored'; accepted: number } | { kind: 'invalid'; error: ErrorBody } | { kind: 'overloaded' };

/**
 * `POST /iot/readings`: authenticates the device (before looking at the body, so a stranger learns
 * nothing about the payload rules), validates its readings and waits until they are stored.
 * Refusals are counted in the pipeline's metrics, like those of MQTT.
 */
export async function receiveHttpReadings(rt: IotRuntime, input: HttpReadings): Promise<HttpIngestOutcome> {
  const m = DEVICE_AUTH.exec(input.authorization ?? '');
  const deviceId = m ? await rt.directory.verify(m[1]!, m[2]!) : null;
  if (m === null || deviceId === null) {
    rt.pipeline.reject('unauthorised', { via: 'http', ip: input.ip, serial: m?.[1] ?? null });
    throw unauthorized('iot.errors.deviceUnauthorised');
  }
  const serial = m[1]!;
  if (!input.bodyValid) {
    rt.pipeline.reject('malformed', { via: 'http', serial });
    return { kind: 'invalid', error: payloadErrors(input.body, input.locale) };
  }
  const many = Array.isArray(input.body);
  const items: unknown[] = many ? (input.body as unknown[]) : [input.body];
  const readings: Reading[] = [];
  for (const [i, item] of items.entries()) {
    const r = parseReading(deviceId, item);
    if (!r) {
      rt.pipeline.reject('malformed', { via: 'http', serial });
      throw new AppError(400, 'feedback.validation.invalid', undefined, { [many ? `${i}.ts` : 'ts']: 'feedback.validation.invalid' });
    }
    readings.push(r);
  }
  try {
    await rt.pipeline.submit(readings);
  } catch (err) {
    if (err instanceof OverloadedError) return { kind: 'overloaded' };
    throw err;
  }
  return { kind: 'stored', accepted: readings.length };
}

/** Field messages for a body the route's schema refused. */
function payloadErrors(body: unknown, locale: Locale): ErrorBody {
  // The body is "one reading or an array": re-check against the shape sent, for field-level messages.
  const shape = Array.isArray(body) ? z.array(deviceReadingSchema).min(1).max(1000) : deviceReadingSchema;
  const parsed = shape.safeParse(body);
  const issues = parsed.success
    ? [{ code: 'custom', message: 'feedback.validation.invalid', path: [] as PropertyKey[] }]
    : parsed.error.issues;
  const errors = fieldErrors(issues, locale);
  return { detail: Object.values(errors)[0] ?? translate(locale, 'feedback.error.badRequest'), errors };
}
