// The settings rules of spec section 3 as pure functions: a change merges into the stored
// settings; a setting the product does not act on yet is refused (422) unless the change keeps
// its value, so nobody believes a switch works that does nothing; the support contact is blanked
// where invalid; settings stored before a setting existed read as its default.
import { describe, expect, it } from 'vitest';
import type { BusinessSettingsPatch } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { applySettingsPatch, defaultSettings, withDefaults } from './settings.js';

const refusal = (patch: BusinessSettingsPatch) => {
  try {
    applySettingsPatch(defaultSettings(), patch);
    return 'applied';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return `${err.code} ${String((err.details?.['errors'] as { path: string }[] | undefined)?.[0]?.path)}`;
  }
};

describe('business settings', () => {
  it.each<[string, BusinessSettingsPatch]>([
    [
      'body.mail_service.attachments.signed_document.customisable',
      { mailService: { attachments: { signedDocument: { customisable: true } } } },
    ],
  ])('refuses to change %s, which has no effect yet', (path, patch) => {
    expect(refusal(patch)).toBe(`business.setting_not_supported ${path}`);
  });

  it('accepts a change that keeps such a setting as it is, with the settings that do act (Part 11 among them)', () => {
    const current = defaultSettings();
    const next = applySettingsPatch(current, {
      signatureRequests: { part11: { enabled: true }, retention: { enabled: true } },
      signerGroups: { maxParticipants: 5 },
      userPilot: { enabled: true },
      mailService: { attachments: { signatureProtocol: { enabled: false } } },
      // acted on by signing by redirect (ADR 076)
      mabSettings: { directSign: { enabled: false } },
    });
    expect(next.mabSettings.directSign.enabled).toBe(false);
    expect(next.signatureRequests).toEqual({
      part11: { enabled: true },
      retention: { enabled: true, terminalState: 'completed' },
    });
    expect(next.userPilot.enabled).toBe(true);
    expect(next.signerGroups).toEqual({ maxGroups: current.signerGroups.maxGroups, maxParticipants: 5 });
    expect(next.mailService.attachments).toEqual({
      signedDocument: { enabled: true, customisable: false },
      signatureProtocol: { enabled: false, customisable: false },
    });
  });

  it('blanks an invalid support e-mail or phone and keeps the valid one', () => {
    const next = applySettingsPatch(defaultSettings(), {
      supportContact: { email: 'not-an-address', phone: '079 123 4567' },
    });
    expect(next.supportContact).toEqual({ email: '', phone: '079 123 4567' });
  });

  it('reads settings stored before a setting existed with its default', () => {
    const stored = { userPilot: { enabled: true } } as Parameters<typeof withDefaults>[0];
    const settings = withDefaults(stored);
    expect(settings.userPilot.enabled).toBe(true);
    expect(settings.companyBranding.logo).toBeNull();
    expect(settings.signatureRequests.retention).toEqual({ enabled: false, terminalState: 'completed' });
    expect(settings.redirects).toEqual({ allowedOrigins: [] });
  });
});
