import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHealthCipher, HealthDecryptError, HealthKeyError, loadHealthKey, parseHealthKey } from './health-crypto';

const cipher = createHealthCipher(randomBytes(32));
const AAD = 'proposal-1|0|diabetes';
const ANSWER = JSON.stringify({ value: 'yes', medication: 'yes', treatment: 'no' });

describe('health data encryption (AES-256-GCM)', () => {
  it('round-trips, and never stores the plain text', () => {
    const stored = cipher.encrypt(ANSWER, AAD);
    expect(stored.startsWith('v1:')).toBe(true);
    expect(stored).not.toContain('yes');
    expect(Buffer.from(stored.slice(3), 'base64').toString('latin1')).not.toContain('medication');
    expect(cipher.decrypt(stored, AAD)).toBe(ANSWER);
  });

  it('uses a fresh IV: the same answer encrypts differently each time', () => {
    expect(cipher.encrypt(ANSWER, AAD)).not.toBe(cipher.encrypt(ANSWER, AAD));
  });

  it('detects any altered byte', () => {
    const raw = Buffer.from(cipher.encrypt(ANSWER, AAD).slice(3), 'base64');
    for (const index of [0, 12, 20, 28, raw.length - 1]) {
      const tampered = Buffer.from(raw);
      tampered[index] = tampered[index]! ^ 0x01;
      expect(() => cipher.decrypt(`v1:${tampered.toString('base64')}`, AAD)).toThrow(HealthDecryptError);
    }
    expect(() => cipher.decrypt('v1:AAAA', AAD)).toThrow(HealthDecryptError);
    expect(() => cipher.decrypt('v0:xyz', AAD)).toThrow(HealthDecryptError);
  });

  it('refuses a value moved to another row or question (the row is authenticated data)', () => {
    const stored = cipher.encrypt(ANSWER, AAD);
    expect(() => cipher.decrypt(stored, 'proposal-1|1|diabetes')).toThrow(HealthDecryptError);
    expect(() => cipher.decrypt(stored, 'proposal-1|0|cholesterol')).toThrow(HealthDecryptError);
  });

  it('refuses another key, and tells keys apart by id', () => {
    const other = createHealthCipher(randomBytes(32));
    expect(() => other.decrypt(cipher.encrypt(ANSWER, AAD), AAD)).toThrow(HealthDecryptError);
    expect(other.keyId).not.toBe(cipher.keyId);
    expect(cipher.keyId).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe('the key', () => {
  it('comes from HEALTH_DATA_KEY as base64 of 32 bytes', () => {
    const key = randomBytes(32);
    expect(loadHealthKey({ envKey: key.toString('base64'), dataDir: '/nonexistent' }).equals(key)).toBe(true);
    expect(() => parseHealthKey(randomBytes(16).toString('base64'))).toThrow(HealthKeyError);
    expect(() => parseHealthKey('not base64!')).toThrow(HealthKeyError);
    expect(() => createHealthCipher(randomBytes(31))).toThrow(HealthKeyError);
  });

  it('is generated once in DATA_DIR/keys/health.key (0600) and reused', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'health-key-'));
    const first = loadHealthKey({ envKey: null, dataDir });
    const file = join(dataDir, 'keys', 'health.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'keys')).mode & 0o777).toBe(0o700);
    expect(loadHealthKey({ envKey: null, dataDir }).equals(first)).toBe(true);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
  });

  it('refuses a damaged key file instead of making a new key (old answers would be lost)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'health-key-'));
    loadHealthKey({ envKey: null, dataDir });
    writeFileSync(join(dataDir, 'keys', 'health.key'), 'short');
    expect(() => loadHealthKey({ envKey: null, dataDir })).toThrow(HealthKeyError);
  });
});

describe('health data key rotation', () => {
  it('reads values made with the previous key, and writes with the new one only', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = createHealthCipher(oldKey).encrypt(ANSWER, AAD);
    const rotating = createHealthCipher(newKey, oldKey);
    expect(rotating.decrypt(before, AAD)).toBe(ANSWER);
    const after = rotating.encrypt(ANSWER, AAD);
    expect(createHealthCipher(newKey).decrypt(after, AAD)).toBe(ANSWER);
    expect(() => createHealthCipher(oldKey).decrypt(after, AAD)).toThrow(HealthDecryptError);
    // The previous key does not weaken the row binding or let a third key in.
    expect(() => rotating.decrypt(before, 'proposal-2|0|diabetes')).toThrow(HealthDecryptError);
    expect(() => rotating.decrypt(createHealthCipher(randomBytes(32)).encrypt(ANSWER, AAD), AAD)).toThrow(
      HealthDecryptError,
    );
  });
});
