// A plan's name in the interface language (the plan ids of the contract, and the free accounts).
import type { PricePlan } from '@countersign/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export type PlanLabelId = PricePlan['plan'] | 'free';

export function usePlanLabel(): (plan: PlanLabelId) => string {
  const { t } = useTranslation();
  return useCallback((plan: PlanLabelId) => t(`billing.plans.${plan}`), [t]);
}
