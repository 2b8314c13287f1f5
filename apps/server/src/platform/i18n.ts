import type { FastifyRequest } from 'fastify';
import { resolveLocale, translate, type Locale } from '@gasops/shared';

/** The caller's language: Accept-Language, resolved to one of the five (zh-TW fallback). */
export function localeOf(req: FastifyRequest): Locale {
  const header = req.headers['accept-language'];
  return resolveLocale(Array.isArray(header) ? header[0] : header);
}

export function t(req: FastifyRequest, key: string, params?: Record<string, unknown>): string {
  return translate(localeOf(req), key, params);
}
