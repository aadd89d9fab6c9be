// Tables of the relationship survey (see db/migrations/056-relationship-survey.ts).

export interface RelationshipSurveyAnswersTable {
  user_id: string;
  /** the round: when the survey fell due for this person */
  due_at: string;
  outcome: 'answered' | 'dismissed';
  /** 0 to 10; null for a dismissal */
  score: number | null;
  comment: string | null;
  created_at: string;
}

export interface RelationshipSurveyTables {
  relationship_survey_answers: RelationshipSurveyAnswersTable;
}
