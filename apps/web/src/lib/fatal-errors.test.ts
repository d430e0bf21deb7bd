import { describe, expect, it } from 'vitest';
import { classifyProblem } from './fatal-errors';

const where = { origin: 'https://portal.exemplo.com.br', analyticsSrc: 'https://www.clarity.ms/tag/abc123' };

describe('classifyProblem', () => {
  it('an error of our own code or an unknown rejection is fatal', () => {
    expect(
      classifyProblem(
        {
          kind: 'error',
          message: 'Uncaught TypeError: x is undefined',
          name: 'TypeError',
          filename: 'https://portal.exemplo.com.br/assets/index-abc.js',
        },
        where,
      ),
    ).toBe('fatal');
    expect(classifyProblem({ kind: 'rejection', message: 'boom', name: 'Error' }, where)).toBe('fatal');
    expect(classifyProblem({ kind: 'rejection', message: 'undefined' }, where)).toBe('fatal');
    // The agent's culprit for an error without a stack.
    expect(classifyProblem({ kind: 'error', message: 'Uncaught Error: e', filename: '(inline script)' }, where)).toBe(
      'fatal',
    );
  });

  it('a failed API request nobody handled is only logged (docs/product/routes-and-guards.md: other request errors)', () => {
    expect(
      classifyProblem({ kind: 'rejection', message: 'Não foi possível conectar.', isRequestError: true }, where),
    ).toBe('request');
  });

  it.each([
    ['ResizeObserver loop completed with undelivered notifications.', 'resize-observer'],
    ['ResizeObserver loop limit exceeded', 'resize-observer'],
  ])('ignores %j', (message, verdict) => {
    expect(classifyProblem({ kind: 'error', message }, where)).toBe(verdict);
  });

  it('ignores aborted requests and cancelled queries (navigation left them behind)', () => {
    expect(
      classifyProblem({ kind: 'rejection', message: 'signal is aborted without reason', name: 'AbortError' }, where),
    ).toBe('aborted');
    expect(classifyProblem({ kind: 'rejection', message: 'CancelledError', name: 'CancelledError' }, where)).toBe(
      'aborted',
    );
    // As the monitoring agent words it.
    expect(
      classifyProblem(
        { kind: 'error', message: 'Unhandled promise rejection: AbortError: The user aborted a request.' },
        where,
      ),
    ).toBe('aborted');
  });

  it("ignores the analytics script's errors and any other origin's", () => {
    expect(classifyProblem({ kind: 'error', message: 'Script error.' }, where)).toBe('foreign-script');
    expect(
      classifyProblem(
        {
          kind: 'error',
          message: 'Uncaught TypeError: n is null',
          filename: 'https://www.clarity.ms/s/0.8.0/clarity.js',
        },
        where,
      ),
    ).toBe('foreign-script');
    expect(
      classifyProblem({ kind: 'error', message: 'x', filename: 'chrome-extension://abcdef/content.js' }, where),
    ).toBe('foreign-script');
    const sameOrigin = { origin: where.origin, analyticsSrc: 'https://portal.exemplo.com.br/vendor/analytics.js' };
    expect(
      classifyProblem(
        { kind: 'error', message: 'x', filename: 'https://portal.exemplo.com.br/vendor/analytics.js' },
        sameOrigin,
      ),
    ).toBe('foreign-script');
  });
});
