import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import { loginAs, PHONE, screenshot, signIn, useBrowser } from './fixtures';
import { isPageView, rumEvents, waitForEvents } from './rum-events';

/**
 * Front-end monitoring (docs/product/monitoring.md): the real @elastic/apm-rum agent in Chromium, posting to the
 * server (e2e/server.ts) started with PUBLIC_LOGGER_ENABLED=1 and PUBLIC_APM_ENVIRONMENT=test.
 * What arrived is read from the server's SQLite file. The "off" and analytics cases make the
 * browser read other public settings (the server's are fixed for the whole file).
 */
const browser = useBrowser();

const TITLE = (title: string) => `${title} — Portal de Propostas`;
const isIntake = (url: string) => new URL(url).pathname === '/api/intake/v2/rum/events';
const isAgentConfig = (url: string) => new URL(url).pathname === '/api/config/v1/rum/agents';

/** An in-app navigation, as a link or the back button makes it (react-router hears popstate). */
async function clientNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

const waitForTitle = (page: Page, title: string) =>
  page.waitForFunction((t) => document.title === t, title, { timeout: 10_000 });

/** Requests the page makes, and console errors it logs. */
function record(page: Page) {
  const requests: Request[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (r) => requests.push(r));
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  return { requests, consoleErrors };
}

async function signInBuyer(page: Page) {
  await loginAs(page, 'comprador@demo.com.br', 'buyer');
  await page.waitForURL('**/buyer/select-proposal');
  await waitForTitle(page, TITLE('Minhas propostas'));
}

/** Makes this browser context read other public settings than the server's. */
async function publicSettings(context: BrowserContext, settings: Record<string, unknown>) {
  await context.route('**/api/public-settings', (route) =>
    route.fulfill({
      json: {
        data: {
          loggerEnabled: true,
          apmEnvironment: 'test',
          serviceName: 'portal-web',
          analyticsEnabled: false,
          analyticsId: '',
          analyticsSrc: '',
          ...settings,
        },
      },
    }),
  );
}

describe('front-end monitoring', () => {
  it('with the setting on: route transactions named after the patterns, then the titles, and errors arrive', async () => {
    const since = Date.now();
    const { page, context } = await browser.newPage();
    const { requests, consoleErrors } = record(page);

    await signInBuyer(page);
    await page.getByRole('heading', { name: 'Minhas propostas' }).waitFor();
    // The agent starts on its own time (after the page load, the settings and two chunks, then its
    // central config): a navigation before it runs makes no route change. Its page view of the
    // list, stored, says it is running.
    await waitForEvents(since, (r) => r.some((e) => isPageView(e) && e.route === '/buyer/select-proposal'));
    await clientNavigate(page, '/buyer/home');
    await waitForTitle(page, TITLE('Início'));
    await clientNavigate(page, '/buyer/change-password');
    await waitForTitle(page, TITLE('Alterar senha'));
    await page.getByRole('heading', { name: 'Alterar senha' }).waitFor();

    // An unhandled error and an unhandled rejection: the agent listens for both.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e-boom');
      });
      void Promise.reject(new Error('e2e-rejection'));
    });

    const expected = [
      ['/buyer/select-proposal', TITLE('Minhas propostas')],
      ['/buyer/home', TITLE('Início')],
      ['/buyer/change-password', TITLE('Alterar senha')],
    ] as const;
    const rows = await waitForEvents(
      since,
      (r) =>
        r.some((e) => e.kind === 'error' && e.name.includes('e2e-boom')) &&
        r.some((e) => e.kind === 'error' && e.name.includes('e2e-rejection')) &&
        expected.every(([route]) => r.some((e) => isPageView(e) && e.route === route)),
    );
    const transactions = rows.filter(isPageView);

    // One transaction per route, labelled with the route pattern and renamed to the page's title.
    for (const [route, title] of expected) {
      const tr = transactions.find((t) => t.route === route);
      expect(tr, `${route} among ${JSON.stringify(transactions.map((t) => [t.type, t.route, t.name]))}`).toBeDefined();
      expect(tr).toMatchObject({ name: title, service: 'portal-web', environment: 'test' });
      expect(['page-load', 'route-change']).toContain(tr!.type);
      expect(tr!.duration_ms).toBeGreaterThanOrEqual(0);
      expect(tr!.browser).toMatch(/^Chrome( Headless)? \d+$/);
    }
    // The two in-app navigations are route changes (the first page may be the page load).
    expect(transactions.find((t) => t.route === '/buyer/home')!.type).toBe('route-change');
    expect(transactions.find((t) => t.route === '/buyer/change-password')!.type).toBe('route-change');

    // Chrome words a window error event "Uncaught Error: …"; the agent keeps its wording.
    const boom = rows.find((r) => r.kind === 'error' && r.name.includes('e2e-boom'))!;
    expect(boom).toMatchObject({
      name: 'Uncaught Error: e2e-boom',
      route: '/buyer/change-password',
      type: 'Error',
      environment: 'test',
    });
    const rejection = rows.find((r) => r.kind === 'error' && r.name.includes('e2e-rejection'))!;
    expect(rejection.name).toBe('Unhandled promise rejection: Error: e2e-rejection');

    // The agent's own requests are not traced: no transaction names them.
    expect(rows.filter((r) => /\/api\/(intake|config)\//.test(r.name))).toEqual([]);

    // What the agent sent: gzip NDJSON to /api/intake (202), central config with the service and
    // environment; traceparent only on our own API calls, all same-origin, nothing refused by CSP.
    const intake = requests.filter((r) => isIntake(r.url()));
    expect(intake.length).toBeGreaterThan(0);
    for (const r of intake) {
      expect(r.method()).toBe('POST');
      const headers = await r.allHeaders();
      expect(headers['content-type']).toBe('application/x-ndjson');
      expect(headers['content-encoding']).toBe('gzip');
      expect(headers.traceparent).toBeUndefined();
      const response = await r.response();
      expect(response?.status()).toBe(202);
      // Every line the real agent sent passed the intake's schemas.
      expect(((await response!.json()) as { rejected: unknown[] }).rejected).toEqual([]);
    }
    const config = requests.find((r) => isAgentConfig(r.url()))!;
    expect(new URL(config.url()).searchParams.get('service.name')).toBe('portal-web');
    expect(new URL(config.url()).searchParams.get('service.environment')).toBe('test');
    const traced = requests.filter((r) => r.headers().traceparent);
    expect(traced.length).toBeGreaterThan(0);
    // The API's requests, and the app's read of its list of screen files (docs/decisions/066-prefetch-without-running.md).
    for (const r of traced) expect(new URL(r.url()).pathname).toMatch(/^\/(api\/v3\/|assets\/screen-files-)/);
    expect(consoleErrors.filter((e) => /Content Security Policy|CORS/i.test(e))).toEqual([]);
    await context.close();
  });

  it('with the setting off nothing is loaded or sent, errors included', async () => {
    const { page, context } = await browser.newPage();
    await publicSettings(context, { loggerEnabled: false });
    const { requests } = record(page);

    await signInBuyer(page);
    await clientNavigate(page, '/buyer/home');
    await waitForTitle(page, TITLE('Início'));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e-off');
      });
    });
    // Past the agent's flush interval (500 ms) several times over.
    await page.waitForTimeout(2000);

    expect(requests.some((r) => r.url().includes('/api/public-settings'))).toBe(true);
    expect(requests.filter((r) => isIntake(r.url()) || isAgentConfig(r.url())).map((r) => r.url())).toEqual([]);
    expect(requests.filter((r) => /rum-agent/.test(r.url())).map((r) => r.url())).toEqual([]);
    expect(await page.evaluate(() => 'elasticApm' in window)).toBe(false);
    expect(requests.some((r) => r.headers().traceparent)).toBe(false);
    expect(rumEvents(0).some((r) => r.name.includes('e2e-off'))).toBe(false);
    await context.close();
  });

  it('the login screen fetches the settings schema and the agent only when monitoring or analytics is on', async () => {
    // docs/decisions/056-low-tier-phones.md: settings that turn everything off are taken without
    // their schema, so a first visit with the server's default settings loads no schema library.
    const openLogin = async (settings: Record<string, unknown> | null) => {
      const { page, context } = await browser.newPage();
      if (settings) await publicSettings(context, settings);
      const { requests } = record(page);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/public-settings'));
      await page.goto('/buyer/login');
      await answered;
      const lateScripts = () =>
        requests
          .map((r) => new URL(r.url()).pathname)
          .filter((p) => /\/(zod-with-messages|monitoring-settings|rum-agent)-[\w-]+\.js$/.test(p));
      return { page, context, lateScripts };
    };
    {
      const { page, context, lateScripts } = await openLogin({ loggerEnabled: false, analyticsEnabled: false });
      await page.waitForLoadState('networkidle');
      // Nothing may come: past the moment anything the settings asked for would have left.
      await page.waitForTimeout(1000);
      expect(lateScripts()).toEqual([]);
      await context.close();
    }
    // This file's server turns monitoring on: the schema checks its settings and the agent starts.
    {
      const { context, lateScripts } = await openLogin(null);
      // Each chunk is asked for once the one before has run (the schema, then the agent): on a busy
      // machine the chain outlasts "networkidle" (fired once, maybe before) and any fixed pause.
      const chunks = ['zod-with-messages', 'monitoring-settings', 'rum-agent'];
      const asked = () => chunks.filter((chunk) => lateScripts().some((p) => p.includes(`/${chunk}-`)));
      await expect.poll(asked).toEqual(chunks);
      await context.close();
    }
  }, 60_000);

  it('an invalid configuration leaves the agent inactive with a console error (docs/product/monitoring.md)', async () => {
    const { page, context } = await browser.newPage();
    await publicSettings(context, { serviceName: 'portal.web' });
    const { requests, consoleErrors } = record(page);
    await page.goto('/buyer/login');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await expect
      .poll(() => consoleErrors.join('\n'), { timeout: 15_000 })
      .toMatch(/Monitoramento inativo.*serviceName "portal\.web"/);
    await page.waitForTimeout(1000);
    expect(requests.filter((r) => isIntake(r.url()) || isAgentConfig(r.url()) || /rum-agent/.test(r.url()))).toEqual(
      [],
    );
    await context.close();
  });

  it('analytics: enabled without an id says the project id is not set; with an id its script loads', async () => {
    {
      const { page, context } = await browser.newPage();
      await publicSettings(context, { loggerEnabled: false, analyticsEnabled: true, analyticsSrc: '/vendor/{id}.js' });
      const { requests, consoleErrors } = record(page);
      await page.goto('/buyer/login');
      await expect.poll(() => consoleErrors.join('\n'), { timeout: 15_000 }).toContain('project id is not set');
      expect(requests.filter((r) => r.url().includes('/vendor/'))).toEqual([]);
      await context.close();
    }
    {
      const { page, context } = await browser.newPage();
      // Same origin, so the server's CSP (script-src 'self') lets it run; no network needed.
      await publicSettings(context, {
        loggerEnabled: false,
        analyticsEnabled: true,
        analyticsId: 'e2e123',
        analyticsSrc: '/vendor/{id}.js',
      });
      await context.route('**/vendor/e2e123.js', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: 'window.__analyticsLoaded = true;' }),
      );
      const { consoleErrors } = record(page);
      await page.goto('/buyer/login');
      await page.waitForFunction(() => (window as { __analyticsLoaded?: boolean }).__analyticsLoaded === true);
      expect(await page.evaluate(() => typeof (window as { clarity?: unknown }).clarity)).toBe('function');
      expect(consoleErrors.filter((e) => e.includes('project id'))).toEqual([]);
      await context.close();
    }
    {
      // Disabled (the server's default): nothing, not even the message.
      const { page, context } = await browser.newPage();
      const { requests, consoleErrors } = record(page);
      await page.goto('/buyer/login');
      await page.getByRole('heading', { name: 'Entrar' }).waitFor();
      await page.waitForTimeout(500);
      expect(consoleErrors.filter((e) => e.includes('project id'))).toEqual([]);
      expect(requests.filter((r) => /clarity|vendor/.test(r.url()))).toEqual([]);
      await context.close();
    }
  });

  it('the operator sees the errors and the slowest routes, and sets the sampling rate', async () => {
    const { page, context } = await browser.newPage(PHONE);
    await signIn(page, 'operador@demo.com.br', 'operator');
    await page.goto('/backoffice/monitoring');
    await page.getByRole('heading', { name: 'Monitoramento', level: 1 }).waitFor();
    await waitForTitle(page, TITLE('Monitoramento'));

    const errors = page.locator('section', { has: page.getByRole('heading', { name: 'Erros no navegador' }) });
    const boomRow = errors.getByRole('row').filter({ hasText: 'e2e-boom' });
    await boomRow.waitFor();
    await boomRow.getByText('/buyer/change-password').waitFor();
    await boomRow.getByText(/^Chrome( Headless)? \d+$/).waitFor();
    // One card (a table row) per group of identical errors, with how many times and when first and
    // last seen, each value under its label on a phone.
    for (const label of ['Vezes', 'Primeira vez', 'Última vez'])
      await boomRow.locator(`td[data-label="${label}"]`).waitFor();
    const routes = page.locator('section', { has: page.getByRole('heading', { name: 'Rotas mais lentas' }) });
    // The table lists the 20 slowest route patterns of the last 7 days; which ones depends on every
    // spec that ran before in this server, so check its shape, not a given route (the transactions
    // of this file's routes are checked in the database above).
    await routes
      .getByRole('row')
      .filter({ hasText: /\/(buyer|seller|backoffice|auth)\// })
      .first()
      .waitFor();
    const rows = await routes
      .getByRole('row')
      .filter({ hasText: /^\s*\// })
      .count();
    expect(rows).toBeLessThanOrEqual(20);

    const rate = page.getByLabel('Taxa de amostragem (%)');
    await expect.poll(() => rate.inputValue()).toBe('100');
    await screenshot(page, 'backoffice-monitoring');
    // Filled tables pass WCAG 2.1 AA too (accessibility.spec.ts sees them empty).
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    const agentConfig = async () =>
      (await page.request.get('/api/config/v1/rum/agents?service.name=portal-web&service.environment=test')).json();
    await rate.fill('50');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Taxa de amostragem salva.').waitFor();
    expect(await agentConfig()).toEqual({ transaction_sample_rate: '0.5' });
    await page.getByText(/^Alterada em /).waitFor();

    // Back to every transaction, for the specs that run after this one. The save is held on its way
    // while the operator types another rate: that one stays in the box when the save answers.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v3/monitoring/sample-rate', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    const save = page.getByRole('button', { name: 'Salvar' });
    await rate.fill('100');
    await save.click();
    await rate.fill('70');
    release();
    await expect.poll(agentConfig).toEqual({ transaction_sample_rate: '1' });
    await expect.poll(() => save.getAttribute('class')).not.toContain('ant-btn-loading');
    expect(await rate.inputValue()).toBe('70');
    expect(await save.isEnabled()).toBe(true);
    await context.close();
  });

  it('only the operator reaches the monitoring page', async () => {
    const { page, context } = await browser.newPage();
    await signInBuyer(page);
    await page.goto('/backoffice/monitoring');
    await page.getByText('Você não tem permissão para acessar esta página').waitFor();
    await context.close();
  });
});
