import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './fixtures';

const browser = useBrowser();

/** The page's headers as a real browser applies them (docs/decisions/044-response-headers.md). */
describe('the page in Chromium', () => {
  it('may use the camera and no other device, without a policy warning in the console', async () => {
    const { page, context } = await browser.newPage();
    const messages: string[] = [];
    page.on('console', (msg) => messages.push(`${msg.type()} ${msg.text()}`));
    const answer = await page.goto('/buyer/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    const headers = answer!.headers();
    expect(headers['permissions-policy']).toMatch(/^camera=\(self\)/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Chromium's own reading of the policy: the page itself may use the camera, nothing else.
    const allowed = await page.evaluate(() => {
      const policy = (document as unknown as { featurePolicy: { allowsFeature(f: string): boolean } }).featurePolicy;
      return Object.fromEntries(
        ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'display-capture'].map((f) => [
          f,
          policy.allowsFeature(f),
        ]),
      );
    });
    expect(allowed).toEqual({
      camera: true,
      microphone: false,
      geolocation: false,
      payment: false,
      usb: false,
      serial: false,
      'display-capture': false,
    });
    // An unknown feature name would be reported on every page load.
    expect(messages.filter((line) => /permissions-policy|feature/i.test(line))).toEqual([]);
    await context.close();
  });

  it("loads bundles that name no source map, and the build's maps are not served", async () => {
    const { page, context } = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (/\/assets\/[^/]+\.js$/.test(new URL(res.url()).pathname)) scripts.push(res.url());
    });
    await page.goto('/buyer/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const script = await context.request.get(url);
      expect(await script.text()).not.toMatch(/sourceMappingURL/);
      // The map lies beside the bundle in the build (for reading stack traces); the server refuses
      // it, and does not answer with the page either.
      const file = join(inject('build').webDist, new URL(url).pathname);
      expect(JSON.parse(readFileSync(`${file}.map`, 'utf8')).mappings).toBeTruthy();
      expect(existsSync(file)).toBe(true);
      const map = await context.request.get(`${url}.map`);
      expect(map.status(), `${url}.map`).toBe(404);
      expect(await map.text()).not.toContain('"mappings"');
    }
    await context.close();
  });
});
