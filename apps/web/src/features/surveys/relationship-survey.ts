// Offers the relationship survey (ADR 108) on the dashboard: asks the server once per page visit
// whether the person's survey is due and, if so and no other dialog is open, opens it; the answer or
// dismissal is sent once. Nothing is shown when the check fails: a survey is never worth an error.
import { relationshipSurveyEndpoints } from '@countersign/contract';
import type { RelationshipSurveyAnswer } from '@countersign/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import { useSession } from '../session/session-provider.js';
import { useSnackbars } from '../snackbars/snackbar-store.js';

export function useOfferRelationshipSurvey(): void {
  const { t } = useTranslation();
  const { api } = useServices();
  const { user } = useSession();
  const dialogs = useDialogs();
  const { open } = dialogs;
  // opening a dialog replaces the active one: a survey never pushes aside what must be answered
  const activeDialog = useRef(dialogs.active);
  activeDialog.current = dialogs.active;
  const snackbars = useSnackbars();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    void (async () => {
      try {
        const survey = await api.call(relationshipSurveyEndpoints.getRelationshipSurvey, {
          signal: controller.signal,
        });
        if (survey.status !== 'due' || controller.signal.aborted || activeDialog.current) return;
      } catch {
        return;
      }
      open({
        namespace: 'default',
        name: 'relationship-satisfaction-survey',
        onAction: async (payload) => {
          const answer = payload as RelationshipSurveyAnswer;
          await api.call(relationshipSurveyEndpoints.answerRelationshipSurvey, { body: answer });
          if (answer.outcome === 'answered')
            snackbars.show({ message: t('relationshipSurvey.thanks'), color: 'success' });
        },
      });
    })();
    return () => controller.abort();
  }, [api, open, snackbars, t, userId]);
}
