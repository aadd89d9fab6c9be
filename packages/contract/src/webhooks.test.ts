// The webhook URL schema answers every input with a result: a form sends an empty field, and an
// exception out of safeParse would surface as a 500 instead of a validation message.
import { describe, expect, it } from 'vitest';
import { ZWebhookUrl } from './webhooks.js';

describe('ZWebhookUrl', () => {
  it.each(['', 'not a url', 'ftp://example.com/hook', 'https://'])('refuses %j without throwing', (value) => {
    expect(ZWebhookUrl.safeParse(value).success).toBe(false);
  });

  it('refuses an address carrying a user name or password', () => {
    const result = ZWebhookUrl.safeParse('https://user:secret@example.com/hook');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(
      'A webhook URL carries no user name or password',
    );
  });

  it('accepts an http or https address', () => {
    expect(ZWebhookUrl.safeParse('https://example.com/hooks/countersign').success).toBe(true);
    expect(ZWebhookUrl.safeParse('http://localhost:8080/hook').success).toBe(true);
  });
});
