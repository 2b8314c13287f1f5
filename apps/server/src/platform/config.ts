import path from 'node:path';

/** The operator contract of `npm start` (README: configuration table). Read once at start. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  adminAccount: string;
  adminPassword: string | null;
  demoData: boolean;
  jwtSecret: string | null;
  sessionHours: number;
  /** How long a signed-in user is reused between requests without a database read (0: read every request). */
  authCacheSeconds: number;
  cookieSecure: boolean;
  mqttPort: number;
  mqttUrl: string | null;
  /** Subscriber connections to the external broker (MQTT_URL mode), sharing one subscription. */
  mqttSubscribers: number;
  mqttEnabled: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  webDist: string;
  logLevel: string;
  loginRateLimit: number;
  publicOrderRateLimit: number;
  /**
   * Reverse proxies whose X-Forwarded-For is believed (addresses or CIDRs, TRUST_PROXY=10.0.0.1,10.1.0.0/16).
   * Empty: no proxy is trusted and the client address is the connection's, so nobody can choose
   * the address the rate limits and the login history see.
   */
  trustProxy: string[];
  /**
   * Key of secret-box.ts, which encrypts stored credentials (LINE channel secrets and tokens) at rest
   * (SECRETS_KEY); unset = generated once and kept in the database, like JWT_SECRET.
   */
  secretsKey: string | null;
  /** Base URL of the LINE Messaging API (LINE_API_URL); tests point it at a local fake LINE server. */
  lineApiUrl: string;
  /**
   * The Turnkey program's folder (EINVOICE_TURNKEY_DIR): e-invoice messages are written to its
   * `UpCast/B2SSTORAGE/<MSG>/SRC` and its results read back (modules/invoices/turnkey-channel.ts); unset = no upload.
   */
  einvoiceTurnkeyDir: string | null;
};

const bool = (v: string | undefined, dflt: boolean) =>
  v === undefined || v === '' ? dflt : !['0', 'false', 'no', 'off'].includes(v.toLowerCase());
const int = (v: string | undefined, dflt: number) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) ? Math.trunc(n) : dflt;
};

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const root = path.resolve(import.meta.dirname, '../../../..');
  return {
    port: int(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    adminAccount: env.ADMIN_ACCOUNT || 'admin',
    adminPassword: env.ADMIN_PASSWORD || null,
    demoData: bool(env.DEMO_DATA, true),
    jwtSecret: env.JWT_SECRET || null,
    sessionHours: int(env.SESSION_HOURS, 24),
    authCacheSeconds: int(env.AUTH_CACHE_SECONDS, 30),
    cookieSecure: bool(env.COOKIE_SECURE, false),
    mqttPort: int(env.MQTT_PORT, 1883),
    mqttUrl: env.MQTT_URL || null,
    mqttSubscribers: Math.min(32, Math.max(1, int(env.MQTT_SUBSCRIBERS, 8))),
    mqttEnabled: bool(env.MQTT_ENABLED, true),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'GasOps <no-reply@gasops.local>',
    webDist: path.resolve(env.WEB_DIST || path.join(root, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    loginRateLimit: int(env.LOGIN_RATE_LIMIT, 10),
    publicOrderRateLimit: int(env.PUBLIC_ORDER_RATE_LIMIT, 20),
    trustProxy: list(env.TRUST_PROXY),
    secretsKey: env.SECRETS_KEY || null,
    lineApiUrl: env.LINE_API_URL || 'https://api.line.me',
    einvoiceTurnkeyDir: env.EINVOICE_TURNKEY_DIR ? path.resolve(env.EINVOICE_TURNKEY_DIR) : null,
    ...overrides,
  };
}
