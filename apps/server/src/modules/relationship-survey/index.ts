// The relationship survey's façade (ADR 068, 108): its routes, and its repository, which account
// deletion uses to forget a person's answers.
export { createRelationshipSurveyRepo, type RelationshipSurveyRepo } from './repo.js';
export { registerRelationshipSurveyRoutes } from './routes.js';
