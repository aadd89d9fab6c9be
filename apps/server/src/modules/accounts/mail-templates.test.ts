// Every account mail exists in all four languages, says something different in each, and carries
// its link in both the text and the HTML part, with HTML escaped.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@countersign/domain';
import { accountMailKinds, renderAccountMail } from './mail-templates.js';

const languages = LANGUAGES;

describe('account mail templates', () => {
  it.each(accountMailKinds)('%s exists in every language with distinct wording', (kind) => {
    const subjects = languages.map(
      (lang) =>
        renderAccountMail(kind, lang, 'a@example.org', { name: 'Ada', link: 'https://x.test/?token=abc' })
          .subject,
    );
    expect(new Set(subjects).size).toBe(4);
    for (const lang of languages) {
      const mail = renderAccountMail(kind, lang, 'a@example.org', {
        name: 'Ada',
        link: 'https://x.test/?token=abc',
      });
      expect(mail.text).toContain('Ada');
      expect(mail.html).toContain(`lang="${lang}"`);
      if (kind !== 'password_changed') {
        expect(mail.text).toContain('https://x.test/?token=abc');
        expect(mail.html).toContain('https://x.test/?token=abc');
      }
    }
  });

  it('escapes names in HTML', () => {
    const mail = renderAccountMail('confirm', 'en', 'a@example.org', {
      name: '<script>x</script>',
      link: 'https://x.test',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});
