// The web app's error reports: what reaches the intake (kind, name, message, stack and the page's
// path without its query string), what never does (the server's own problems, the browser's
// noise, a repeat), how many a page sends, and that a failing intake is no error of its own.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.js';
import { createErrorReporter, reportUncaughtErrors } from './reporter.js';

function intake(answer: () => Promise<Response> = async () => new Response('{"ok":true}', { status: 202 })) {
  const calls: { url: string; init: RequestInit; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init!, body: JSON.parse(String(init!.body)) });
    return answer();
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

describe('error reporter', () => {
  it('sends an error with its name, message, stack and the path without its query string', () => {
    const { calls, fetch } = intake();
    const reporter = createErrorReporter({ fetch, currentPath: () => '/view/r1/s1?token=secret#x' });
    const error = new TypeError('signers is undefined');
    reporter.report('render', error);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/client-errors');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', keepalive: true });
    expect(calls[0]!.body).toEqual({
      kind: 'render',
      name: 'TypeError',
      message: 'signers is undefined',
      stack: error.stack,
      path: '/view/r1/s1',
    });
  });

  it('names the build that ran, so the stack is matched with its source maps', () => {
    const { calls, fetch } = intake();
    const reporter = createErrorReporter({ fetch, currentPath: () => '/', release: '0.1.0+0123456789ab' });
    reporter.report('error', new Error('boom'));
    expect(calls[0]!.body).toMatchObject({ message: 'boom', release: '0.1.0+0123456789ab' });
    // a build that was not stamped sends no release
    const unstamped = intake();
    createErrorReporter({ fetch: unstamped.fetch, currentPath: () => '/' }).report(
      'error',
      new Error('boom'),
    );
    expect(unstamped.calls[0]!.body).not.toHaveProperty('release');
  });

  it("leaves out the server's problems, the browser's noise and repeats, and stops after a few", () => {
    const { calls, fetch } = intake();
    const reporter = createErrorReporter({ fetch, currentPath: () => '/dashboard', maxPerPage: 3 });
    reporter.report('error', new ApiError(500, 'internal', 'Internal error'));
    reporter.report('error', 'ResizeObserver loop completed with undelivered notifications.');
    reporter.report('error', 'Script error.');
    reporter.report('unhandled_rejection', undefined);
    expect(calls).toHaveLength(0);
    reporter.report('error', new Error('one'));
    reporter.report('error', new Error('one'));
    reporter.report('unhandled_rejection', { reason: 'two' });
    reporter.report('error', new Error('three'));
    reporter.report('error', new Error('four'));
    expect(calls.map((c) => c.body['message'])).toEqual(['one', '{"reason":"two"}', 'three']);
  });

  it('cuts what is too long to the sizes the intake takes', () => {
    const { calls, fetch } = intake();
    const reporter = createErrorReporter({ fetch, currentPath: () => '/upload' });
    const error = new Error('m'.repeat(5000));
    error.stack = 's'.repeat(40_000);
    reporter.report('error', error);
    expect((calls[0]!.body['message'] as string).length).toBe(2000);
    expect((calls[0]!.body['stack'] as string).length).toBe(16_000);
  });

  it('drops a report the intake cannot take, without an error of its own', async () => {
    const { calls, fetch } = intake(async () => {
      throw new TypeError('Failed to fetch');
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      createErrorReporter({ fetch, currentPath: () => '/' }).report('error', new Error('offline'));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(calls).toHaveLength(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it("reports the window's uncaught errors and unhandled rejections", () => {
    const report = vi.fn();
    const target = new EventTarget() as unknown as Window;
    reportUncaughtErrors(target, { report });
    const failure = new Error('boom');
    target.dispatchEvent(Object.assign(new Event('error'), { error: failure, message: 'boom' }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'nope' }));
    expect(report.mock.calls).toEqual([
      ['error', failure],
      ['unhandled_rejection', 'nope'],
    ]);
  });
});
