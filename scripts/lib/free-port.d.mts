/** A TCP port nothing listens on now (see free-port.mjs). */
export function freePort(): Promise<number>;
