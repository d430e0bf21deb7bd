import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

const METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Method = (typeof METHODS)[number];

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
 * get the real child at once.
 */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return parent.child(bindings, options);
  let child: FastifyBaseLogger | undefined;
  const real = () => (child ??= parent.child(bindings, options));
  const enabled = (method: Method) =>
    (parent as FastifyBaseLogger & { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(method) ?? true;
  const stand = {
    get level() {
      return child ? child.level : parent.level;
    },
    set level(value: string) {
      real().level = value;
    },
    silent: () => {},
    child: (b: Bindings, o?: ChildLoggerOptions) => real().child(b, o),
  } as unknown as FastifyBaseLogger;
  for (const method of METHODS) {
    (stand as unknown as Record<Method, (...args: unknown[]) => void>)[method] = (...args: unknown[]) => {
      if (!child && !enabled(method)) return;
      (real()[method] as (...a: unknown[]) => void)(...args);
    };
  }
  return stand;
}
