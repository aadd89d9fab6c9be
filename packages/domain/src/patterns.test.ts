import { describe, expect, it } from 'vitest';
import {
  isDomainName,
  isEmail,
  isSupportPhone,
  normaliseLoginEmailParam,
  sanitiseSupportContact,
} from './patterns.js';

describe('isEmail (spec 5)', () => {
  it.each(['anna@example.com', 'Anna.Muster+tag@sub.example.co.uk', "o'brien@example.ch", 'a@b.xn--p1ai'])(
    'accepts %s',
    (value) => expect(isEmail(value)).toBe(true),
  );

  it.each([
    '',
    'anna',
    'anna@',
    '@example.com',
    'anna@example',
    'anna@@example.com',
    'an na@example.com',
    'anna.@example.com',
    '.anna@example.com',
    'an..na@example.com',
    'anna@-example.com',
    'anna@example.c',
    ' anna@example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('rejects %j', (value) => expect(isEmail(value)).toBe(false));

  it('rejects values that are not strings', () => {
    for (const value of [undefined, null, 1, {}]) expect(isEmail(value)).toBe(false);
  });
});

describe('normaliseLoginEmailParam (spec 5)', () => {
  it('keeps a matching address, lowercased', () => {
    expect(normaliseLoginEmailParam('Anna.Muster@Example.COM')).toBe('anna.muster@example.com');
  });

  it('drops anything that does not match', () => {
    for (const value of ['<script>', 'anna', '', undefined, null, ['a@b.ch']]) {
      expect(normaliseLoginEmailParam(value)).toBeNull();
    }
  });
});

describe('isSupportPhone (spec 5)', () => {
  it.each([
    '+41791234567',
    '041 791 2345',
    '+041-791-234567',
    '079.123.4567',
    '+417 912 34 56',
    '123/456/7890',
  ])('accepts %s', (value) => expect(isSupportPhone(value)).toBe(true));

  it.each([
    '',
    '12345',
    '+41 79 123',
    '+4179123456789',
    '++41791234567',
    '041 791 234',
    'abc def ghij',
    '041  791 2345',
  ])('rejects %j', (value) => expect(isSupportPhone(value)).toBe(false));
});

describe('sanitiseSupportContact (spec 5)', () => {
  it('blanks an invalid e-mail or phone and keeps valid ones', () => {
    expect(sanitiseSupportContact({ email: 'help@acme.ch', phone: '+041 791 234567' })).toEqual({
      email: 'help@acme.ch',
      phone: '+041 791 234567',
    });
    expect(sanitiseSupportContact({ email: 'nope', phone: 'call us' })).toEqual({ email: '', phone: '' });
    expect(sanitiseSupportContact({})).toEqual({ email: '', phone: '' });
  });
});

describe('isDomainName (spec 5)', () => {
  it.each(['acme.ch', 'mail.acme-group.co.uk', 'ACME.COM', 'xn--bcher-kva.ch', '1und1.de'])(
    'accepts %s',
    (value) => expect(isDomainName(value)).toBe(true),
  );

  it.each([
    '',
    'acme',
    '-acme.ch',
    'acme-.ch',
    'ac me.ch',
    'acme..ch',
    'acme.c',
    'acme.ch.',
    'https://acme.ch',
    `${'a'.repeat(64)}.ch`,
  ])('rejects %j', (value) => expect(isDomainName(value)).toBe(false));
});
