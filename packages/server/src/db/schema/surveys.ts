// Survey tables (issue 10, docs/surveys.md): a survey belongs to a campaign and holds a tree of
// segments (nested through parent_id), each holding questions, each holding multiple options;
// an option may hide segments and questions when chosen (skip logic, two join tables).
// Re-exported by ./index.ts.
//
// Order: the children of one segment (its questions AND its sub-segments) share one sequence
// 0..n-1; the top-level segments of a survey are 0..n-1 among themselves; the options of a
// question 0..n-1. The sequence spans two tables, so no constraint can hold it: every write to a
// survey's tree locks the survey row first (SELECT ... FOR UPDATE, src/surveys/), which
// serialises edits of one survey and keeps each sequence contiguous.
//
// Foreign keys: the tree cascades from the survey down (deleting a survey or a segment removes
// what it holds; the in-use rule refuses deleting an answered survey before that); a campaign
// holding surveys cannot be deleted (restrict, answered as 409 'en uso').
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { fold } from '../fold.ts';
import { campaigns } from './master.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Points: at most 2 decimals (spec 2 §9), never negative. */
const points = () =>
  numeric('points', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0);

export const surveys = pgTable(
  'surveys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    /** Lookup `surveyTypes`: 1 'Punto de venta', 2 'Producto'. */
    type: smallint('type').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    points: points(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Set by the visits sync, in the transaction storing the first answers of this survey; once
     * set the survey's content is frozen (409, docs/surveys.md "In use").
     */
    firstAnswerAt: timestamp('first_answer_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('surveys_campaign_id_idx').on(t.campaignId),
    index('surveys_name_fold_idx').on(fold(t.name)),
    check('surveys_type_check', sql`${t.type} in (1, 2)`),
    check('surveys_points_check', sql`${t.points} >= 0`),
  ],
);

export const segments = pgTable(
  'segments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    /** Null for a top-level segment. Always a segment of the same survey. */
    parentId: integer('parent_id').references((): AnyPgColumn => segments.id, {
      onDelete: 'cascade',
    }),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    order: integer('order').notNull(),
    points: points(),
    ...timestamps,
  },
  (t) => [
    index('segments_survey_id_parent_id_order_idx').on(t.surveyId, t.parentId, t.order),
    index('segments_parent_id_idx').on(t.parentId),
    index('segments_name_fold_idx').on(fold(t.name)),
    check('segments_order_check', sql`${t.order} >= 0`),
    check('segments_points_check', sql`${t.points} >= 0`),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    segmentId: integer('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    /** Lookup `questionTypes` 0..12 (spec 2 §3). */
    type: smallint('type').notNull(),
    order: integer('order').notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    acceptsNa: boolean('accepts_na').notNull().default(false),
    isOptional: boolean('is_optional').notNull().default(false),
    hasPhoto: boolean('has_photo').notNull().default(false),
    hasOther: boolean('has_other').notNull().default(false),
    /** Required (>= 1) for types 7, 8 and 9; null otherwise. */
    multipleOptionsCount: smallint('multiple_options_count'),
    points: points(),
    ...timestamps,
  },
  (t) => [
    index('questions_segment_id_order_idx').on(t.segmentId, t.order),
    index('questions_description_fold_idx').on(fold(t.description)),
    check('questions_type_check', sql`${t.type} between 0 and 12`),
    check('questions_order_check', sql`${t.order} >= 0`),
    check('questions_points_check', sql`${t.points} >= 0`),
    check(
      'questions_multiple_options_count_check',
      sql`${t.multipleOptionsCount} is null or ${t.multipleOptionsCount} >= 1`,
    ),
  ],
);

export const multipleOptions = pgTable(
  'multiple_options',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    description: varchar('description', { length: 255 }).notNull(),
    points: points(),
    /** The extra option 'Otro' (created and removed with the question's hasOther). */
    isOther: boolean('is_other').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('multiple_options_question_id_order_idx').on(t.questionId, t.order),
    index('multiple_options_description_fold_idx').on(fold(t.description)),
    check('multiple_options_order_check', sql`${t.order} >= 0`),
    check('multiple_options_points_check', sql`${t.points} >= 0`),
  ],
);

/** Skip logic: choosing the option hides the segment (and everything in it). */
export const multipleOptionHiddenSegments = pgTable(
  'multiple_option_hidden_segments',
  {
    optionId: integer('option_id')
      .notNull()
      .references(() => multipleOptions.id, { onDelete: 'cascade' }),
    segmentId: integer('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.optionId, t.segmentId] }),
    index('multiple_option_hidden_segments_segment_id_idx').on(t.segmentId),
  ],
);

/** Skip logic: choosing the option hides the question. */
export const multipleOptionHiddenQuestions = pgTable(
  'multiple_option_hidden_questions',
  {
    optionId: integer('option_id')
      .notNull()
      .references(() => multipleOptions.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.optionId, t.questionId] }),
    index('multiple_option_hidden_questions_question_id_idx').on(t.questionId),
  ],
);
