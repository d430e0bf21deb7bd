import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe token of 256 bits. */
export const randomToken = () => randomBytes(32).toString('base64url');
/** Tokens are stored only as their sha256, so a copy of the database cannot be replayed. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newId = () => crypto.randomUUID();
