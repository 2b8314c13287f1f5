import { showError, uiSettings } from './feedback';
import { currentLocale, t } from './i18n';
import { readCookie } from './cookies';
import { beginLoading } from './loading';

const API_BASE = '/api';

type ApiErrorKind = 'http' | 'timeout' | 'network' | 'offline' | 'aborted';

/** What every failed call rejects with; `message` is the text the user was (or would be) shown. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly detail: string | null;
  /** Field → message, from a 400 answer; forms put these under their fields. */
  readonly errors: Record<string, string>;
  readonly code: string | null;

  constructor(init: {
    kind: ApiErrorKind;
    status: number | null;
    message: string;
    detail?: string | null;
    errors?: Record<string, string>;
    code?: string | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.detail = init.detail ?? null;
    this.errors = init.errors ?? {};
    this.code = init.code ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryScalar = string | number | boolean | null | undefined;
export type QueryValue = QueryScalar | readonly (string | number)[];

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Opt out of the global error notification: `true` for every error, or the HTTP statuses the
   * caller shows itself (the login form shows 401 under the form). 403 still ends the session.
   */
  silent?: boolean | readonly number[];
  /** `false` for calls that should not drive the global loading indicator. */
  loading?: boolean;
  /** Fire-and-forget bookkeeping (menu history): no indicator, no notification, no logout on 403. */
  background?: boolean;
  /**
   * A side query of a screen (a picker's options): a 403 leaves it empty, without a notice and
   * without ending the session (a 403 on the screen's own data still does).
   */
  auxiliary?: boolean;
  responseType?: 'json' | 'text' | 'blob';
};

/**
 * The store the header's store switcher narrows lists, reports and the dashboard to, sent as
 * `X-Store-Scope` (null: all stores). Registered by app/layouts/store-switcher.tsx.
 */
let storeScopeOf: () => number | null = () => null;
export function setStoreScopeSource(source: () => number | null): void {
  storeScopeOf = source;
}
/** The headers that carry the store scope, for requests made outside `request` (streamed exports). */
export function storeScopeHeaders(): Record<string, string> {
  const scope = storeScopeOf();
  return scope === null ? {} : { 'X-Store-Scope': String(scope) };
}

/** What the app does on 403 (seed §6): registered by the session module to avoid an import cycle. */
let onForbidden: (() => void) | null = null;
export function setForbiddenHandler(handler: () => void): void {
  onForbidden = handler;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

type ErrorPayload = { detail?: unknown; errors?: unknown; code?: unknown };

async function readErrorBody(res: Response): Promise<{ detail: string | null; errors: Record<string, string>; code: string | null }> {
  const text = await res.text().catch(() => '');
  if (!text) return { detail: null, errors: {}, code: null };
  try {
    const body = JSON.parse(text) as ErrorPayload;
    const errors: Record<string, string> = {};
    if (body.errors && typeof body.errors === 'object') {
      for (const [k, v] of Object.entries(body.errors as Record<string, unknown>)) if (typeof v === 'string') errors[k] = v;
    }
    return {
      detail: typeof body.detail === 'string' ? body.detail : text,
      errors,
      code: typeof body.code === 'string' ? body.code : null,
    };
  } catch {
    // A proxy or crash page may answer with plain text or HTML; seed §8 shows the body for 400.
    return { detail: text.slice(0, 500), errors: {}, code: null };
  }
}

/** The seed §8 catalogue: which words the user sees for each kind of failure. */
function errorText(status: number, detail: string | null): string {
  switch (status) {
    case 400:
      return detail ?? t('feedback.error.badRequest');
    case 401:
      return detail ?? t('feedback.error.unauthenticated');
    case 403:
      return detail ?? t('feedback.error.forbidden');
    case 404:
      return t('feedback.error.e404');
    case 409:
      // A refused write says why in the server's words ("this customer has orders"), not "uncaught error".
      return detail ?? t('feedback.error.conflict');
    case 500:
      return t('feedback.error.e500');
    default:
      return t('feedback.error.uncaught', { detail: detail ?? String(status) });
  }
}

function noResponseText(): string {
  return navigator.onLine === false ? t('feedback.error.offline') : t('feedback.error.noResponse');
}

function isSilenced(silent: RequestOptions['silent'], status: number | null): boolean {
  if (silent === true) return true;
  if (!silent || status === null) return false;
  return silent.includes(status);
}

/**
 * The one fetch wrapper of the app: `/api` base, cookies, JSON, Accept-Language, the CSRF header on
 * writes, the 300 s timeout, the global loading indicator and the error catalogue of seed §8.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    ...storeScopeHeaders(),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') {
    // Double-submit CSRF token: only pages of our origin can read the cookie to echo it.
    const csrf = readCookie('csrf');
    if (csrf) headers['x-csrf-token'] = csrf;
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? uiSettings.requestTimeoutMs);
  const forwardAbort = () => controller.abort();
  if (options.signal) {
    if (options.signal.aborted) controller.abort();
    else options.signal.addEventListener('abort', forwardAbort, { once: true });
  }
  const background = options.background === true;
  const endLoading = options.loading === false || background ? () => undefined : beginLoading();

  const fail = (error: ApiError): never => {
    if (background || error.kind === 'aborted') throw error;
    if (options.auxiliary && error.status === 403) throw error;
    if (!isSilenced(options.silent, error.status)) showError(error.message);
    if (error.status === 403) onForbidden?.();
    throw error;
  };

  try {
    let res: Response;
    try {
      res = await fetch(buildUrl(path, options.query), { method, headers, body, credentials: 'include', signal: controller.signal });
    } catch {
      if (timedOut) return fail(new ApiError({ kind: 'timeout', status: null, message: noResponseText() }));
      if (options.signal?.aborted) return fail(new ApiError({ kind: 'aborted', status: null, message: 'aborted' }));
      const kind: ApiErrorKind = navigator.onLine === false ? 'offline' : 'network';
      return fail(new ApiError({ kind, status: null, message: noResponseText() }));
    }

    if (!res.ok) {
      const { detail, errors, code } = await readErrorBody(res);
      return fail(new ApiError({ kind: 'http', status: res.status, message: errorText(res.status, detail), detail, errors, code }));
    }

    if (options.responseType === 'blob') return (await res.blob()) as T;
    const text = await res.text();
    if (options.responseType === 'text') return text as T;
    if (res.status === 204 || !text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      return fail(new ApiError({ kind: 'http', status: res.status, message: t('feedback.error.uncaught', { detail: 'invalid JSON' }) }));
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
    endLoading();
  }
}

type Opts = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Opts) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Opts) => request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Opts) => request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Opts) => request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: Opts) => request<T>(path, { ...options, method: 'DELETE', body }),
};
