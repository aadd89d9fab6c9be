// Which third-party scripts a page loads (ADR 097): only those the operator configured (/api/config
// names them), and only for a person signed in with an account of this installation, never for
// someone who came through a signing link. Analytics receives role admin for business admins,
// otherwise user (spec 6); the user-guidance tool runs when the plan id is free_legacy or the
// business's userPilot.enabled is set, and is shut down otherwise (spec 6).
import type { User } from '@countersign/contract';
import { analyticsRole, isUserGuidanceEnabled } from '@countersign/domain';

export interface ScriptService {
  scriptUrl: string;
  id: string;
}

export interface ThirdParties {
  analytics: ScriptService | null;
  userGuidance: ScriptService | null;
}

export const noThirdParties: ThirdParties = { analytics: null, userGuidance: null };

export interface PageScript {
  src: string;
  /** data-* attributes the service reads its settings from */
  data: Record<string, string>;
}

export function scriptsFor(services: ThirdParties, user: User | null): PageScript[] {
  if (!user) return [];
  const scripts: PageScript[] = [];
  if (services.analytics) {
    scripts.push({
      src: services.analytics.scriptUrl,
      data: { domain: services.analytics.id, role: analyticsRole(user.role) },
    });
  }
  const planId = user.attributes.freeAccountType;
  if (services.userGuidance && isUserGuidanceEnabled(planId, user.business?.userPilotEnabled)) {
    scripts.push({ src: services.userGuidance.scriptUrl, data: { token: services.userGuidance.id } });
  }
  return scripts;
}

const serviceOf = (raw: unknown): ScriptService | null => {
  if (raw === null || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  const scriptUrl = record.script_url ?? record.scriptUrl;
  const id = record.id;
  return typeof scriptUrl === 'string' && /^https?:\/\//.test(scriptUrl) && typeof id === 'string'
    ? { scriptUrl, id }
    : null;
};

/** The services /api/config names, read leniently: anything malformed counts as not configured. */
export function parseThirdParties(raw: unknown): ThirdParties {
  if (raw === null || typeof raw !== 'object') return noThirdParties;
  const record = raw as Record<string, unknown>;
  return {
    analytics: serviceOf(record.analytics),
    userGuidance: serviceOf(record.user_guidance ?? record.userGuidance),
  };
}
