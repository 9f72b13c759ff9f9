import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

describe('HTTP errors', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ SVC_BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => disposeTestService(service));

  it('answers an unknown body field with 422 and the field’s location', async () => {
    const response = await service.call('/api-keys', { method: 'POST', json: { name: 'x', colour: 'red' } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'Validation error',
      code: 'validation_failed',
      detail: [{ loc: ['body', 'colour'], msg: 'Unknown field', type: 'extra_forbidden' }],
    });
  });

  it('answers a wrong field type with 422', async () => {
    const response = await service.call('/api-keys', { method: 'POST', json: { name: 42 } });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'invalid_type' });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await service.call('/api-keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'Malformed JSON body',
      detail: expect.any(String),
    });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await service.call('/api-keys', { method: 'POST', json: { name: 'x'.repeat(5000) } });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('answers a content type it does not take with 415', async () => {
    for (const type of ['text/plain', 'application/xml']) {
      const response = await service.call('/api-keys', {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'name=x',
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({
        code: 'unsupported_media_type',
        message: expect.any(String),
      });
    }
  });

  it('answers an unknown route with 404 in the error shape', async () => {
    const response = await service.call('/no/such/thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      message: 'Not found',
      detail: expect.stringContaining('/no/such/thing'),
    });
  });

  it('gives every response a request id', async () => {
    const response = await service.call('/health');
    expect(response.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('rate limiting', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ SVC_RATE_LIMIT: '3', SVC_RATE_LIMIT_WINDOW_S: '60' });
  });
  afterAll(() => disposeTestService(service));

  it('counts down per key, then answers 429 with Retry-After in the exact shape', async () => {
    const remaining: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await service.call('/account');
      expect(response.status).toBe(200);
      remaining.push(response.headers.get('x-ratelimit-remaining') ?? '');
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await service.call('/account');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      message: 'Rate limit exceeded',
      detail: 'Please wait before making more requests',
    });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('3');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(Date.now() / 1000);
  });

  it('keeps a separate budget for unauthenticated callers, 401s included', async () => {
    const response = await fetch(`${service.url}/account`);
    expect(response.status).toBe(401);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('2');
  });
});
