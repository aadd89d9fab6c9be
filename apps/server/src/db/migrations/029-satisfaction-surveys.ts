// The transactional satisfaction survey (ADR 059): one row per person, business and occasion, the
// answer (a rating, maybe a comment) or the dismissal, so it is asked once and never again. The
// primary key is what makes a second answer impossible, on both databases.
import type { Kysely } from 'kysely';

export async function migration029SatisfactionSurveys(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('business_survey_answers')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('occasion', 'text', (c) => c.notNull())
    // answered or dismissed
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer')
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('business_survey_answers_pk', ['user_id', 'business_id', 'occasion'])
    .execute();
  // the admins' summary reads one business's answers to one occasion, newest first
  await db.schema
    .createIndex('business_survey_answers_summary_idx')
    .on('business_survey_answers')
    .columns(['business_id', 'occasion', 'created_at'])
    .execute();
}
