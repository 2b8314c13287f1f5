import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the LINE Messaging API for tests (and a manual look): a real HTTP server on an
 * ephemeral port that records every request and answers like LINE. Tell it to fail with `failNext`
 * (e.g. 429 twice), to refuse reply tokens with `expireReplyToken`, to refuse the token with `badToken`.
 */
export type FakeLineRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
};

export type FakeLine = {
  url: string;
  requests: FakeLineRequest[];
  /** Requests to one API path (e.g. '/v2/bot/message/push'). */
  sent: (path: string) => FakeLineRequest[];
  /** The next `times` requests to `path` answer `status` (LINE's error body). */
  failNext: (path: string, status: number, times?: number) => void;
  /** The reply endpoint answers 400 "Invalid reply token" for this token. */
  expireReplyToken: (token: string) => void;
  /** Every request answers 401 (a wrong channel access token). */
  badToken: (on: boolean) => void;
  /** Requests to `path` wait (recorded at once, answered later) until the returned release is called. */
  hold: (path: string) => () => void;
  profiles: Map<string, string>;
  /** A profile's language (BCP 47); zh-TW when not set. */
  languages: Map<string, string>;
  groups: Map<string, string>;
  reset: () => void;
  close: () => Promise<void>;
};

export async function startFakeLine(): Promise<FakeLine> {
  const requests: FakeLineRequest[] = [];
  const failures = new Map<string, { status: number; times: number }>();
  const expired = new Set<string>();
  const profiles = new Map<string, string>();
  const languages = new Map<string, string>();
  const groups = new Map<string, string>();
  const acceptedRetryKeys = new Set<string>();
  const held = new Map<string, Promise<void>>();
  let unauthorized = false;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void answer());
    const answer = async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const path = (req.url ?? '/').split('?')[0]!;
      // Test-only: the recorded requests, for tests whose fake runs in another process (e2e global-setup).
      if (req.method === 'GET' && path === '/__fake/requests') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(requests));
      }
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      await held.get(path);
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(json));
      };
      if (unauthorized)
        return send(401, { message: 'Authentication failed. Confirm that the access token in the authorization header is valid.' });
      const fail = failures.get(path);
      if (fail && fail.times > 0) {
        fail.times--;
        return send(fail.status, { message: fail.status === 429 ? 'The API rate limit has been exceeded. Try again later.' : 'failed' });
      }
      const sentMessages = () => ({
        sentMessages: ((body as { messages?: unknown[] })?.messages ?? []).map(() => ({
          id: String(crypto.randomInt(1e9)),
          quoteToken: 'q',
        })),
      });
      if (req.method === 'POST' && path === '/v2/bot/message/reply') {
        const token = (body as { replyToken?: string })?.replyToken ?? '';
        if (expired.has(token)) return send(400, { message: 'Invalid reply token' });
        expired.add(token); // single-use
        return send(200, sentMessages());
      }
      if (req.method === 'POST' && path === '/v2/bot/message/push') {
        const key = req.headers['x-line-retry-key'];
        if (typeof key === 'string') {
          if (acceptedRetryKeys.has(key))
            return send(409, { message: 'The retry key is already accepted' }, { 'x-line-accepted-request-id': 'r' });
          acceptedRetryKeys.add(key);
        }
        return send(200, sentMessages());
      }
      let m = /^\/v2\/bot\/profile\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && m) {
        const name = profiles.get(m[1]!);
        return name
          ? send(200, { userId: m[1], displayName: name, language: languages.get(m[1]!) ?? 'zh-TW' })
          : send(404, { message: 'Not found' });
      }
      m = /^\/v2\/bot\/group\/([^/]+)\/summary$/.exec(path);
      if (req.method === 'GET' && m) {
        const name = groups.get(m[1]!);
        return name ? send(200, { groupId: m[1], groupName: name, pictureUrl: '' }) : send(404, { message: 'Not found' });
      }
      if (req.method === 'GET' && path === '/v2/bot/info')
        return send(200, { userId: 'Ubot', basicId: '@fake', displayName: 'Fake gas shop', chatMode: 'bot', markAsReadMode: 'auto' });
      if (req.method === 'GET' && path === '/v2/bot/message/quota') return send(200, { type: 'limited', value: 200 });
      if (req.method === 'GET' && path === '/v2/bot/message/quota/consumption')
        return send(200, { totalUsage: requests.filter((r) => r.path === '/v2/bot/message/push').length });
      return send(404, { message: 'Not found' });
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sent: (path) => requests.filter((r) => r.path === path),
    failNext: (path, status, times = 1) => failures.set(path, { status, times }),
    expireReplyToken: (token) => expired.add(token),
    badToken: (on) => {
      unauthorized = on;
    },
    hold: (path) => {
      let release!: () => void;
      held.set(path, new Promise<void>((r) => (release = r)));
      return () => {
        held.delete(path);
        release();
      };
    },
    profiles,
    languages,
    groups,
    reset: () => {
      requests.length = 0;
      failures.clear();
      unauthorized = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
