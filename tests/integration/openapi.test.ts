/**
 * GET /api/v1/openapi.json on the local cloud: the generated document,
 * public and cacheable, whose paths are the gateway's own.
 */
import { describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../shared/constants.js';
import { ROUTES } from '../../shared/routes.js';
import { useLocalCloud } from '../support/local-cloud.js';

const cloud = useLocalCloud();

describe('GET /api/v1/openapi.json on the local cloud', () => {
  it('answers 200 JSON, cacheable, without a key, with every user and public route', async () => {
    const response = await fetch(`${cloud().baseUrl}${API_BASE_PATH}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const route of ROUTES.filter((r) => r.access === 'user' || r.access === 'public')) {
      expect(document.paths[route.path]?.[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
    }
  });

  it("its paths under its server are the gateway's: the documented price list answers there", async () => {
    const document = await (await fetch(`${cloud().baseUrl}${API_BASE_PATH}/openapi.json`)).json();
    const server: string = document.servers[0].url;
    expect(document.paths['/prices'].get).toBeDefined();
    const prices = await fetch(`${cloud().baseUrl}${server}/prices`);
    expect(prices.status).toBe(200);
    expect(Array.isArray(await prices.json())).toBe(true);
  });

  it('rejection: another method on the document is not a route (the gateway refuses it, never a 5xx)', async () => {
    const response = await fetch(`${cloud().baseUrl}${API_BASE_PATH}/openapi.json`, { method: 'POST' });
    // The local gateway says 405, API Gateway 404.
    expect([404, 405]).toContain(response.status);
  });
});
