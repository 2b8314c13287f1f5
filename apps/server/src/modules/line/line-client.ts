import crypto from 'node:crypto';
import type { messagingApi } from '@line/bot-sdk';

/**
 * The one way GasOps talks to LINE: every call goes through this adapter, built on the official SDK's
 * MessagingApiClient (@line/bot-sdk 11.0.0, the last version that runs on Node 20). The base URL is
 * configurable (LINE_API_URL) so tests point it at fake-line.ts.
 */
export type LineTextMessage = { type: 'text'; text: string };

export type LineClient = {
  /** Answers an event with its (single-use) reply token; free of quota. */
  reply(replyToken: string, messages: LineTextMessage[]): Promise<void>;
  /**
   * Pushes messages to a user, group or room with an `X-Line-Retry-Key`: a 429 or a 5xx/network failure
   * is retried with the same key (so LINE sends it once), and a 409 means LINE already accepted it.
   */
  push(to: string, messages: LineTextMessage[], retryKey: string): Promise<void>;
  profile(userId: string): Promise<{ displayName: string; language: string | null } | null>;
  groupSummary(groupId: string): Promise<{ groupName: string } | null>;
  botInfo(): Promise<{ displayName: string }>;
  quota(): Promise<{ limit: number | null; used: number }>;
};

export class LineApiError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

export type LineClientOptions = {
  baseURL: string;
  accessToken: string;
  /** Attempts of a push in all (first try included). */
  pushAttempts?: number;
  /** Wait before retry n (1-based), in ms; a Retry-After header, when LINE sends one, wins (capped). */
  backoffMs?: (attempt: number) => number;
};

type LineSdk = typeof import('@line/bot-sdk');
let sdk: LineSdk | undefined;
/** The official SDK, loaded with the first call to LINE or the first webhook, not at start. */
export async function lineSdk(): Promise<LineSdk> {
  return (sdk ??= await import('@line/bot-sdk'));
}

/** The SDK's HTTP error, when LINE answered one. */
const httpError = (err: unknown) => (sdk && err instanceof sdk.HTTPFetchError ? err : null);
const statusOf = (err: unknown): number | null => httpError(err)?.status ?? null;
const wrap = (err: unknown): LineApiError => {
  const status = statusOf(err);
  return new LineApiError(status, status ? `LINE answered ${status}` : `LINE unreachable: ${(err as Error)?.message ?? String(err)}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const retryable = (status: number | null) => status === null || status === 429 || status >= 500;

export function createLineClient(opts: LineClientOptions): LineClient {
  let client: messagingApi.MessagingApiClient | undefined;
  const api = async () =>
    (client ??= new (await lineSdk()).messagingApi.MessagingApiClient({ channelAccessToken: opts.accessToken, baseURL: opts.baseURL }));
  const attempts = Math.max(1, opts.pushAttempts ?? 4);
  const backoff = opts.backoffMs ?? ((n: number) => 250 * 2 ** (n - 1));

  const optional = async <T>(call: () => Promise<T>): Promise<T | null> => {
    try {
      return await call();
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw wrap(err);
    }
  };

  return {
    async reply(replyToken, messages) {
      try {
        await (await api()).replyMessage({ replyToken, messages });
      } catch (err) {
        throw wrap(err);
      }
    },
    async push(to, messages, retryKey) {
      for (let attempt = 1; ; attempt++) {
        try {
          await (await api()).pushMessage({ to, messages }, retryKey);
          return;
        } catch (err) {
          const status = statusOf(err);
          // 409 with a retry key: an earlier attempt was accepted already.
          if (status === 409) return;
          if (!retryable(status) || attempt >= attempts) throw wrap(err);
          const after = Number(httpError(err)?.headers.get('retry-after') ?? NaN);
          await sleep(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 10_000) : backoff(attempt));
        }
      }
    },
    profile: (userId) =>
      optional(async () => {
        const p = await (await api()).getProfile(userId);
        return { displayName: p.displayName, language: p.language ?? null };
      }),
    groupSummary: (groupId) => optional(async () => ({ groupName: (await (await api()).getGroupSummary(groupId)).groupName })),
    async botInfo() {
      try {
        return { displayName: (await (await api()).getBotInfo()).displayName };
      } catch (err) {
        throw wrap(err);
      }
    },
    async quota() {
      try {
        const line = await api();
        const [q, used] = await Promise.all([line.getMessageQuota(), line.getMessageQuotaConsumption()]);
        return { limit: q.type === 'limited' ? (q.value ?? null) : null, used: used.totalUsage };
      } catch (err) {
        throw wrap(err);
      }
    },
  };
}

/** A new push retry key (LINE wants a UUID). */
export const newRetryKey = (): string => crypto.randomUUID();
