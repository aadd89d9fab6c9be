// The relationship survey's dialog: its props in the typed dialog map, and its component.
import type { DialogEntries } from '../dialogs/dialog-store.js';
import { RelationshipSurveyDialog } from './relationship-survey-dialog.js';

interface SurveyDialogProps {
  'default/relationship-satisfaction-survey': undefined;
}

declare module '../dialogs/dialog-store.js' {
  interface DialogPropsMap extends SurveyDialogProps {}
}

export const surveyDialogs: DialogEntries<keyof SurveyDialogProps> = {
  'default/relationship-satisfaction-survey': { Component: RelationshipSurveyDialog, isPersistent: true },
};
