import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Logs carry no personal data: request lines without their query string (it may hold a CPF or a
 * token), no headers, no bodies. A test scans the logs for canaries.
 */
export function loggerOptions(config: Config, logger: boolean | object | undefined): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  return {
    level: config.logLevel,
    ...(typeof logger === 'object' ? logger : {}),
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        remoteAddress: req.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/**
 * Fastify gives every request a child logger (bound to its request id). Building the pino child
 * costs on every call even when nothing is logged, as in production at LOG_LEVEL=warn or above. This
 * factory hands out a stand-in that builds the real child only the first time a line at an enabled
 * level is written, so a request that logs nothing pays nothing and one that logs writes exactly
 * the lines (with the request id) the real child would have. A route's own level or serializers
 * get the real child at once. The stand-in is one small object whose methods live on its
 * prototype: making it allocates no closures.
 */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return parent.child(bindings, options);
  return new LazyChild(parent, bindings, options) as unknown as FastifyBaseLogger;
}

class LazyChild {
  #child: FastifyBaseLogger | undefined = undefined;
  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    readonly options: ChildLoggerOptions,
  ) {}

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  #write(method: Method, args: unknown[]) {
    if (!this.#child) {
      const parent = this.parent as FastifyBaseLogger & { isLevelEnabled?: (l: string) => boolean };
      if (!(parent.isLevelEnabled?.(method) ?? true)) return;
    }
    (this.#real()[method] as (...a: unknown[]) => void)(...args);
  }

  get level() {
    return this.#child ? this.#child.level : this.parent.level;
  }
  set level(value: string) {
    this.#real().level = value;
  }
  silent() {}
  child(b: Bindings, o?: ChildLoggerOptions) {
    return this.#real().child(b, o);
  }
  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
}
