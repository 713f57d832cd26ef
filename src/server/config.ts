import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /**
   * A streaming replica of DATABASE_URL (hot standby) for the heavy reads: reports, exports,
   * the financial overview, the admin console's lists (db/replica.ts says what goes there).
   */
  DATABASE_REPLICA_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'DATABASE_REPLICA_URL must start with postgres:// or postgresql://',
    )
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  APP_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Readable lines for a terminal or JSON lines for machines; by default pretty only on a TTY. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Sign-in and sign-up attempts allowed per client address per minute. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Failed sign-ins allowed per email (known or not) and client address per 15 minutes. */
  AUTH_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Failed sign-ins allowed per email from all addresses together per 15 minutes. */
  AUTH_EMAIL_RATE_LIMIT: z.coerce.number().int().positive().default(100),
  /** Client portal requests (pages, PDFs, decisions) allowed per client address per minute. */
  PORTAL_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  /** Stripe webhook deliveries allowed per workspace endpoint key per minute. */
  STRIPE_WEBHOOK_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /**
   * Stripe webhook deliveries allowed per sending address per minute, all endpoint keys
   * together (Stripe sends every workspace's events from a few addresses: keep it above
   * STRIPE_WEBHOOK_RATE_LIMIT).
   */
  STRIPE_WEBHOOK_IP_RATE_LIMIT: z.coerce.number().int().positive().default(3000),
  /** Days a portal link sent in an invoice email works (links made on the client page never end). */
  PORTAL_LINK_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** A session ends after this many minutes without a request (ASVS V3.3.2). */
  SESSION_IDLE_MINUTES: z.coerce.number().positive().max(525_600).default(30),
  /** A session ends this many hours after sign-in, however active. */
  SESSION_MAX_HOURS: z.coerce.number().positive().max(8_760).default(12),
  /** Days the activity log keeps its rows. */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * Milliseconds between housekeeping rounds (expired sessions, old logs, purge of deleted
   * workspaces); hourly by default. Tests shorten it to watch several servers purge at once.
   */
  HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(3_600_000),
  /** MB (MiB, as the 5 MB upload cap) of images one account keeps: every photo and logo it uploaded. */
  /** Whether this server works background jobs (`false` for a server that only answers requests). */
  JOB_WORKERS: z.enum(['true', 'false']).default('true'),
  /** Whether this server queues periodic work (housekeeping, reminders, recurring invoices). */
  JOB_SCHEDULES: z.enum(['true', 'false']).default('true'),
  /** Seconds between a worker's looks for new jobs (a job sent by the same server is seen at once). */
  JOB_POLLING_SECONDS: z.coerce.number().min(0.5).max(600).default(2),
  UPLOAD_QUOTA_USER_MB: z.coerce.number().int().min(1).max(1_000_000).default(50),
  /** MB (MiB) of images one workspace keeps: the logos set on it, until replaced ones are collected. */
  UPLOAD_QUOTA_WORKSPACE_MB: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** Heavy requests (exports, lists and imports over 100 rows) one workspace runs at once, per server. */
  HEAVY_REQUESTS_PER_WORKSPACE: z.coerce.number().int().min(1).max(100).default(1),
  /** Heavy requests of one workspace that wait for a slot; past them, 429 with Retry-After. */
  HEAVY_REQUEST_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
  /**
   * Behind a reverse proxy: which proxies to believe about the client's address
   * (X-Forwarded-For), for rate limits, sessions and the audit log. `true` trusts every hop;
   * a number trusts that many hops; otherwise a comma-separated list of addresses or CIDRs.
   * Unset, the connection's own address is the client's: behind a proxy every client would
   * then share the proxy's address and its rate limits.
   */
  /**
   * Encrypts secrets workspaces save (their Stripe keys) with AES-256-GCM. Required in
   * production before a workspace saves one; elsewhere a fixed development key stands in.
   */
  SECRETS_KEY: z.string().min(32, 'SECRETS_KEY must be at least 32 characters').optional(),
  /** Where the Stripe SDK sends its calls instead of https://api.stripe.com (tests: a fake on loopback). */
  STRIPE_API_BASE: z.url().optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
      message:
        'TRUST_PROXY must be true, false, a number of hops, or addresses/CIDRs separated by commas',
    })
    .optional(),
});

type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** TRUST_PROXY as Fastify's `trustProxy` option (a hop count as the function proxy-addr runs). */
function trustProxyOption(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((part) => part.trim());
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /** A hot standby of `databaseUrl` for heavy reads; only with PostgreSQL. */
  databaseReplicaUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  appUrl: string;
  smtpUrl: string | undefined;
  logLevel: string;
  logFormat: 'pretty' | 'json';
  authRateLimit: number;
  authAccountRateLimit: number;
  authEmailRateLimit: number;
  portalRateLimit: number;
  stripeWebhookRateLimit: number;
  stripeWebhookIpRateLimit: number;
  portalLinkDays: number;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  logRetentionDays: number;
  housekeepingIntervalMs: number;
  jobWorkers: boolean;
  jobSchedules: boolean;
  jobPollingSeconds: number;
  uploadQuotaUserBytes: number;
  uploadQuotaWorkspaceBytes: number;
  heavyRequestsPerWorkspace: number;
  heavyRequestQueue: number;
  trustProxy: TrustProxy;
  /** SECRETS_KEY as given; absent, secrets.ts uses a development key outside production. */
  secretsKey: string | undefined;
  /** STRIPE_API_BASE: the Stripe API's origin when not Stripe's own. */
  stripeApiBase: string | undefined;
  /** Built client served at `/`; absent in server-only tests. */
  clientDir: string | undefined;
}

export class ConfigError extends Error {}

/** Environment → typed config. Throws ConfigError with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_SECRET is required when NODE_ENV=production',
    );
  }
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
    // The embedded database has no replica: the setting would silently do nothing.
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_REPLICA_URL needs DATABASE_URL (a replica of that PostgreSQL database)',
    );
  }
  const clientDir = resolve(e.CLIENT_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(dataDir),
    appUrl: e.APP_URL ?? `http://${e.HOST}:${e.PORT}`,
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    authRateLimit: e.AUTH_RATE_LIMIT,
    authAccountRateLimit: e.AUTH_ACCOUNT_RATE_LIMIT,
    authEmailRateLimit: e.AUTH_EMAIL_RATE_LIMIT,
    portalRateLimit: e.PORTAL_RATE_LIMIT,
    stripeWebhookRateLimit: e.STRIPE_WEBHOOK_RATE_LIMIT,
    stripeWebhookIpRateLimit: e.STRIPE_WEBHOOK_IP_RATE_LIMIT,
    portalLinkDays: e.PORTAL_LINK_DAYS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    housekeepingIntervalMs: e.HOUSEKEEPING_INTERVAL_MS,
    jobWorkers: e.JOB_WORKERS === 'true',
    jobSchedules: e.JOB_SCHEDULES === 'true',
    jobPollingSeconds: e.JOB_POLLING_SECONDS,
    uploadQuotaUserBytes: e.UPLOAD_QUOTA_USER_MB * 1024 * 1024,
    uploadQuotaWorkspaceBytes: e.UPLOAD_QUOTA_WORKSPACE_MB * 1024 * 1024,
    heavyRequestsPerWorkspace: e.HEAVY_REQUESTS_PER_WORKSPACE,
    heavyRequestQueue: e.HEAVY_REQUEST_QUEUE,
    trustProxy: trustProxyOption(e.TRUST_PROXY),
    secretsKey: e.SECRETS_KEY,
    stripeApiBase: e.STRIPE_API_BASE,
    clientDir: existsSync(join(clientDir, 'index.html')) ? clientDir : undefined,
  };
}

/**
 * Outside production a secret is generated once and kept in the data dir, so sessions
 * survive restarts without any set-up.
 */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
