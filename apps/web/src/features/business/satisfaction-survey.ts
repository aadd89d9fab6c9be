// Offers the transactional satisfaction survey right after a send (ADR 059): for a person of a
// business, asks the server whether theirs is due (their first request sent for the business, not
// yet answered or dismissed) and, if so, opens the dialog, whose answer or dismissal is sent once.
// Nothing is shown when the check fails: a survey is never worth an error message.
import { businessSurveyEndpoints } from '@countersign/contract';
import type { SatisfactionSurveyAnswer } from '@countersign/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import { useSession } from '../session/session-provider.js';
import { useSnackbars } from '../snackbars/snackbar-store.js';

export function useOfferSatisfactionSurvey(): () => Promise<void> {
  const { t } = useTranslation();
  const { api } = useServices();
  const { user } = useSession();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const business = user?.business ?? null;
  const { open } = dialogs;
  return useCallback(async () => {
    if (!business) return;
    const params = { id: business.id };
    try {
      const survey = await api.call(businessSurveyEndpoints.getSatisfactionSurvey, { params });
      if (survey.status !== 'due') return;
    } catch {
      return;
    }
    open({
      namespace: 'business',
      name: 'transactional-satisfaction-survey',
      props: { businessName: business.name },
      onAction: async (payload) => {
        const answer = payload as SatisfactionSurveyAnswer;
        await api.call(businessSurveyEndpoints.answerSatisfactionSurvey, { params, body: answer });
        if (answer.outcome === 'answered')
          snackbars.show({ message: t('businessPages.survey.thanks'), color: 'success' });
      },
    });
  }, [api, business, open, snackbars, t]);
}
