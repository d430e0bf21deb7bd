import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Encryption at rest of health answers (LGPD art. 11; docs/decisions/006): AES-256-GCM with a
 * random 96-bit IV per value and the row's identity (proposal, buyer, question) as additional
 * authenticated data, so a ciphertext copied to another row or altered fails to decrypt.
 * Stored as "v1:" + base64(iv | tag | ciphertext).
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class HealthKeyError extends Error {}
/** The stored value was altered, belongs to another row, or was made with another key. */
export class HealthDecryptError extends Error {}

export interface HealthCipher {
  /** Identifies the key (first bytes of its sha256), stored next to each value. */
  keyId: string;
  encrypt(plaintext: string, aad: string): string;
  decrypt(stored: string, aad: string): string;
}

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

function decryptWith(key: Buffer, stored: string, aad: string): string {
  const [version, payload] = stored.split(':', 2);
  if (version !== VERSION || !payload) throw new HealthDecryptError('Unknown health data format.');
  const raw = Buffer.from(payload, 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new HealthDecryptError('Health data too short.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new HealthDecryptError('Health data failed authentication.');
  }
}

/**
 * Encrypts with `key`; decrypts with `key` or, during a key rotation, with `previous`
 * (HEALTH_DATA_KEY_PREVIOUS) until every answer has been re-encrypted (docs/decisions/012-health-key-rotation.md).
 */
export function createHealthCipher(key: Buffer, previous?: Buffer): HealthCipher {
  if (key.length !== 32 || (previous && previous.length !== 32))
    throw new HealthKeyError('The health data key must be 32 bytes (AES-256).');
  return {
    keyId: keyIdOf(key),
    encrypt(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    decrypt(stored, aad) {
      try {
        return decryptWith(key, stored, aad);
      } catch (err) {
        if (!previous) throw err;
        return decryptWith(previous, stored, aad);
      }
    },
  };
}

/** Reads a base64 key (HEALTH_DATA_KEY, or the key file's content); it must decode to 32 bytes. */
export function parseHealthKey(base64: string): Buffer {
  const text = base64.trim();
  const key = Buffer.from(text, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || key.length !== 32) {
    throw new HealthKeyError('HEALTH_DATA_KEY must be the base64 of 32 random bytes (e.g. `openssl rand -base64 32`).');
  }
  return key;
}

/**
 * The key: HEALTH_DATA_KEY when set; otherwise DATA_DIR/keys/health.key, created on first start
 * (32 random bytes, base64, mode 0600, folder 0700). Created exclusively, so two instances
 * starting together on one data folder end up with the same key.
 */
export function loadHealthKey(options: { envKey: string | null; dataDir: string }): Buffer {
  if (options.envKey) return parseHealthKey(options.envKey);
  const dir = join(options.dataDir, 'keys');
  const file = join(dir, 'health.key');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  chmodSync(file, 0o600);
  return parseHealthKey(readFileSync(file, 'utf8'));
}

/** The cipher the configuration names: HEALTH_DATA_KEY (or the key file), and HEALTH_DATA_KEY_PREVIOUS for reading. */
export function createHealthCipherFromConfig(config: {
  healthDataKey: string | null;
  healthDataKeyPrevious: string | null;
  dataDir: string;
}): HealthCipher {
  return createHealthCipher(
    loadHealthKey({ envKey: config.healthDataKey, dataDir: config.dataDir }),
    config.healthDataKeyPrevious ? parseHealthKey(config.healthDataKeyPrevious) : undefined,
  );
}
