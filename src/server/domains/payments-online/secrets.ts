import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Config } from '../../config.ts';

/*
 * Secrets a workspace saves (its Stripe secret key and webhook signing secret) are stored
 * encrypted with AES-256-GCM under a key derived from SECRETS_KEY, bound to the workspace
 * and to what the secret is (additional data), so a ciphertext copied to another row or
 * workspace does not open. Production refuses to save one without SECRETS_KEY: a key made
 * up by the server would be lost with it, and the secrets with it.
 */

const CIPHER = 'aes-256-gcm';
const PREFIX = 'v1';
/** Outside production: a fixed key, so a development database keeps working across restarts. */
const DEVELOPMENT_KEY = 'keel development secrets key: not for production use';

export const SECRETS_KEY_MISSING =
  'SECRETS_KEY is not set on the server: payment secrets cannot be saved until it is (see the README, "Online payment (Stripe)")';

let warned = false;

function keyMaterial(config: Pick<Config, 'env' | 'secretsKey'>, log?: Warn): string {
  if (config.secretsKey) return config.secretsKey;
  if (config.env === 'production')
    throw new TRPCError({ code: 'CONFLICT', message: SECRETS_KEY_MISSING });
  if (!warned && log) {
    warned = true;
    log.warn('SECRETS_KEY is not set: payment secrets are encrypted with a development key');
  }
  return DEVELOPMENT_KEY;
}

interface Warn {
  warn(message: string): void;
}

function keyOf(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'keel', 'keel workspace secrets v1', 32));
}

const aad = (workspaceId: number, name: string) => Buffer.from(`workspace:${workspaceId}:${name}`);

export function encryptSecret(
  config: Pick<Config, 'env' | 'secretsKey'>,
  workspaceId: number,
  name: string,
  value: string,
  log?: Warn,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(CIPHER, keyOf(keyMaterial(config, log)), iv);
  cipher.setAAD(aad(workspaceId, name));
  const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return [PREFIX, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
    .join(':');
}

/**
 * The secret, or undefined when it does not open with this server's key (SECRETS_KEY was
 * changed or lost): the workspace then saves its keys again.
 */
export function decryptSecret(
  config: Pick<Config, 'env' | 'secretsKey'>,
  workspaceId: number,
  name: string,
  stored: string,
): string | undefined {
  const [prefix, iv, tag, ciphertext] = stored.split(':');
  if (prefix !== PREFIX || !iv || !tag || !ciphertext) return undefined;
  const material = config.secretsKey ?? (config.env === 'production' ? undefined : DEVELOPMENT_KEY);
  if (!material) return undefined;
  try {
    const decipher = createDecipheriv(CIPHER, keyOf(material), Buffer.from(iv, 'base64'));
    decipher.setAAD(aad(workspaceId, name));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}
