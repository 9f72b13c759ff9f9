import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

describe('health and reference', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => disposeTestService(service));

  it('answers GET /health without a key, with version and rate-limit headers', async () => {
    const response = await fetch(`${service.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
    expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(response.headers.get('x-ratelimit-limit')).toBe('1200');
  });

  it('answers HEAD /health with headers only', async () => {
    const response = await service.call('/health', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  });

  it('publishes an OpenAPI 3 document of the contract and a browsable reference', async () => {
    const document = await (await fetch(`${service.url}/openapi.json`)).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api-keys'].post.requestBody).toBeDefined();
    expect(document.paths['/api-keys/{key_id}'].delete.parameters[0]).toMatchObject({
      name: 'key_id',
      in: 'path',
    });
    const page = await fetch(`${service.url}/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('/api-keys/{key_id}');
  });
});
