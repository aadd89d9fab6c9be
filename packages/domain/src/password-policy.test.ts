import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { checkPassword, PASSWORD_POLICY_DESCRIPTION } from './password-policy.js';

describe('checkPassword', () => {
  it('accepts a reasonable password and a long pass phrase', () => {
    expect(checkPassword('correct horse battery staple')).toEqual({ valid: true });
    expect(checkPassword('Tr4ffic-Lights', { email: 'anna@example.com' })).toEqual({ valid: true });
  });

  it('refuses fewer than 10 characters and accepts exactly 10', () => {
    expect(checkPassword('')).toEqual({ valid: false, code: 'password.too_short' });
    expect(checkPassword('xk2!pq9#z')).toEqual({ valid: false, code: 'password.too_short' });
    expect(checkPassword('xk2!pq9#zm')).toEqual({ valid: true });
  });

  it('refuses more than 128 characters and accepts exactly 128', () => {
    const base = 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(4);
    expect(checkPassword(base.slice(0, 128))).toEqual({ valid: true });
    expect(checkPassword(base.slice(0, 129))).toEqual({ valid: false, code: 'password.too_long' });
  });

  it('counts Unicode code points, not UTF-16 units', () => {
    // Five emoji are ten UTF-16 units but five characters.
    expect(checkPassword('🔒🔑🗝🔐🛡')).toEqual({ valid: false, code: 'password.too_short' });
    expect(checkPassword('🔒🔑🗝🔐🛡🔒🔑🗝🔐🛡')).toEqual({ valid: true });
    // 128 emoji are 256 UTF-16 units and still allowed.
    expect(checkPassword('🔒🔑'.repeat(64))).toEqual({ valid: true });
    expect(checkPassword('🔒🔑'.repeat(64) + 'x')).toEqual({ valid: false, code: 'password.too_long' });
  });

  it('refuses a single repeated character', () => {
    expect(checkPassword('aaaaaaaaaaaa')).toEqual({ valid: false, code: 'password.repetitive' });
    expect(checkPassword('🙂'.repeat(12))).toEqual({ valid: false, code: 'password.repetitive' });
    expect(checkPassword('aaaaaaaaaaab')).toEqual({ valid: true });
  });

  it('refuses every listed common password of allowed length, in any case', () => {
    const longEnough = COMMON_PASSWORDS.filter((password) => [...password].length >= 10);
    expect(longEnough.length).toBeGreaterThan(40);
    for (const password of longEnough) {
      const result = checkPassword(password);
      expect(result.valid, password).toBe(false);
      expect(checkPassword(password.toUpperCase()).valid, password).toBe(false);
    }
    expect(checkPassword('Password123')).toEqual({ valid: false, code: 'password.too_common' });
  });

  it('keeps the common list lower case, unique and around two hundred entries', () => {
    expect(COMMON_PASSWORDS.every((password) => password === password.toLowerCase())).toBe(true);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(180);
  });

  it('refuses a password containing the e-mail local part of 3 or more characters', () => {
    expect(checkPassword('my-Anna.Muster-key', { email: 'anna.muster@example.com' })).toEqual({
      valid: false,
      code: 'password.contains_email',
    });
    expect(checkPassword('xxBOBxx-2024', { email: 'bob@example.com' })).toEqual({
      valid: false,
      code: 'password.contains_email',
    });
  });

  it('ignores local parts shorter than 3 characters and a missing e-mail', () => {
    expect(checkPassword('jo-loves-rain', { email: 'jo@example.com' })).toEqual({ valid: true });
    expect(checkPassword('example.com-rocks', { email: 'anna@example.com' })).toEqual({ valid: true });
    expect(checkPassword('anna-loves-rain', { email: null })).toEqual({ valid: true });
    expect(checkPassword('anna-loves-rain')).toEqual({ valid: true });
  });

  it('reports the first failing rule: length, then repetition, then the list, then the e-mail', () => {
    expect(checkPassword('aaaa', { email: 'aaaa@example.com' })).toMatchObject({
      code: 'password.too_short',
    });
    expect(checkPassword('aaaaaaaaaa', { email: 'aaaaaaaaaa@example.com' })).toMatchObject({
      code: 'password.repetitive',
    });
    expect(checkPassword('qwertyuiop', { email: 'qwerty@example.com' })).toMatchObject({
      code: 'password.too_common',
    });
  });

  it('describes the policy with its figures', () => {
    expect(PASSWORD_POLICY_DESCRIPTION).toContain('10 to 128 characters');
  });
});
