import { hash, randomBytes } from 'node:crypto';

/** A random URL-safe token of 256 bits. */
export const randomToken = () => randomBytes(32).toString('base64url');
/**
 * Tokens are stored only as their sha256, so a copy of the database cannot be replayed. The
 * one-shot `hash` (every session read runs it) builds no Hash object.
 */
export const sha256 = (value: string) => hash('sha256', value, 'hex');
export const newId = () => crypto.randomUUID();
