// Bad input of every kind gets a clear problem response with a stable code, never a 500 or a stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

describe('bad input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (payload: string, contentType = 'application/json', url = '/v1/login') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('refuses malformed JSON', async () => {
    const res = await send('{"email": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'request.malformed_body', status: 400 });
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('names the fields of wrong types and unknown fields in snake_case', async () => {
    const res = await send(
      JSON.stringify({ email: 42, password: 'x', extra_field: true, first_login: 'yes' }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('request.validation_failed');
    const paths = body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.first_login', 'body.extra_field']));
  });

  it('refuses a missing body and other content types', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/v1/login' })).json().code).toBe(
      'request.validation_failed',
    );
    const res = await send('email=a', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('request.unsupported_media_type');
  });

  it('refuses oversized bodies', async () => {
    const res = await send(JSON.stringify({ email: 'a@b.ch', password: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('request.body_too_large');
  });

  it('refuses tampered, malformed and missing session tokens', async () => {
    const tampered = await t.app.inject({
      method: 'GET',
      url: '/v1/user',
      headers: { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().code).toBe('auth.invalid_token');
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/v1/user',
      headers: { authorization: 'Bearer <script>' },
    });
    expect(malformed.json().code).toBe('auth.invalid_token');
    const missing = await t.app.inject({ method: 'GET', url: '/v1/user' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('auth.required');
  });

  it('answers unknown routes with a 404 problem', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().code).toBe('route.not_found');
  });

  it('publishes OpenAPI 3.1 with wire (snake_case) names and a browsable UI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const login = doc.paths['/v1/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual([
      'email',
      'password',
      'first_login',
    ]);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('tells the time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/datetime' });
    expect(Number.isNaN(Date.parse(res.json().datetime))).toBe(false);
  });
});
