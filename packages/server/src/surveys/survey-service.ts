import type { components } from '@anaquel/api/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fold } from '../db/fold.ts';
import { campaigns, surveys } from '../db/schema/index.ts';
import { conflict } from '../http/errors.ts';
import type { SortMap } from '../resources/contract-types.ts';
import { mapWriteError } from '../resources/db-errors.ts';
import { throwIfAny } from '../resources/named.ts';
import { checkName, cleanText, type Issues } from '../resources/rules.ts';
import { duplicateSurvey } from './duplicate.ts';
import { IN_USE_MESSAGE, SURVEY_NOT_FOUND, lockSurvey } from './editing.ts';
import {
  namedValues,
  optionList,
  pagedList,
  readOne,
  surveyTypeCase,
  type QueryOf,
} from './listing.ts';
import { PRODUCT_SURVEY_TYPE, surveyTypeLabel } from './types.ts';

// Surveys: the lists, the plain list by campaign, create, update, delete and duplicate, with
// their SQL (the routes in survey-routes.ts call these; the tree is read by tree.ts).

type Survey = components['schemas']['Survey'];
type SurveyInput = components['schemas']['SurveyInput'];
type SurveyDuplicateInput = components['schemas']['SurveyDuplicateInput'];

const surveyWriteErrors = {
  uniques: {},
  references: {
    campaign_id: { field: 'campaignId', message: 'La campaña no existe.' },
  },
  inUse: 'No se puede eliminar el cuestionario porque está en uso.',
};

const rowFields = {
  id: surveys.id,
  campaignId: surveys.campaignId,
  campaignName: campaigns.name,
  type: surveys.type,
  name: surveys.name,
  description: surveys.description,
  points: surveys.points,
  isActive: surveys.isActive,
  firstAnswerAt: surveys.firstAnswerAt,
};

function toSurvey(raw: Record<string, unknown>): Survey {
  const firstAnswerAt = raw.firstAnswerAt as Date | string | null;
  return {
    id: raw.id as number,
    campaignId: raw.campaignId as number,
    campaignName: raw.campaignName as string,
    type: raw.type as Survey['type'],
    typeDescription: surveyTypeLabel(raw.type as number),
    name: raw.name as string,
    description: (raw.description as string | null) ?? null,
    points: Number(raw.points),
    isActive: raw.isActive as boolean,
    firstAnswerAt: firstAnswerAt ? new Date(firstAnswerAt).toISOString() : null,
  };
}

const source = (db: Db) => (fields: Parameters<Db['select']>[0]) =>
  db
    .select(fields)
    .from(surveys)
    .innerJoin(campaigns, eq(campaigns.id, surveys.campaignId))
    .$dynamic();

const readSurvey = (db: Db, id: number): Promise<Survey> =>
  readOne(source(db), rowFields, eq(surveys.id, id), SURVEY_NOT_FOUND, toSurvey);

/** spec 2 §5: campaignId at least 1 (the contract), type required, points >= 0 with 2 decimals. */
function surveyValues(input: SurveyInput) {
  return {
    campaignId: input.campaignId,
    type: input.type,
    ...namedValues(input),
    isActive: input.isActive,
  };
}

/** The campaign and product-type filters the option lists share. */
const surveyFilters = (query: { campaignId?: number; productTypeOnly?: boolean }) => [
  query.campaignId === undefined ? undefined : eq(surveys.campaignId, query.campaignId),
  query.productTypeOnly ? eq(surveys.type, PRODUCT_SURVEY_TYPE) : undefined,
];

/** `GET surveys/paged`. */
export const listSurveys = (db: Db, query: QueryOf<'listSurveys'>) =>
  pagedList(query, {
    source: source(db),
    rowFields,
    search: [fold(surveys.name), fold(surveys.description), fold(campaigns.name)],
    sort: {
      id: surveys.id,
      name: fold(surveys.name),
      description: fold(surveys.description),
      campaignName: fold(campaigns.name),
      typeDescription: surveyTypeCase(surveys.type),
      points: surveys.points,
      isActive: surveys.isActive,
    } satisfies SortMap<'/surveys/paged'>,
    defaultSort: ['name'],
    tieBreaker: surveys.id,
    filters: surveyFilters({ campaignId: query.campaignId }),
    toRow: toSurvey,
  });

/** `GET surveys/options`. */
export const listSurveyOptions = (db: Db, query: QueryOf<'listSurveyOptions'>) =>
  optionList(query, {
    from: (fields) => db.select(fields).from(surveys).$dynamic(),
    id: surveys.id,
    label: surveys.name,
    sortName: fold(surveys.name),
    search: [fold(surveys.name)],
    active: surveys.isActive,
    filters: surveyFilters(query),
  });

/** `GET surveys` (by campaign): every survey, unpaged, by name. */
export async function listSurveysByCampaign(db: Db, query: QueryOf<'listSurveysByCampaign'>) {
  const rows = await db
    .select({
      id: surveys.id,
      campaignId: surveys.campaignId,
      type: surveys.type,
      name: surveys.name,
      points: surveys.points,
      isActive: surveys.isActive,
    })
    .from(surveys)
    .where(and(...surveyFilters(query)))
    .orderBy(asc(fold(surveys.name)), asc(surveys.id));
  return rows.map((row) => ({
    ...row,
    type: row.type as Survey['type'],
    typeDescription: surveyTypeLabel(row.type),
    points: Number(row.points),
  }));
}

/** `POST surveys`: the new survey. */
export async function createSurvey(db: Db, input: SurveyInput): Promise<Survey> {
  const values = surveyValues(input);
  let id: number;
  try {
    const [created] = await db.insert(surveys).values(values).returning({ id: surveys.id });
    id = created!.id;
  } catch (error) {
    mapWriteError(error, surveyWriteErrors);
  }
  return readSurvey(db, id);
}

/** `PUT surveys/{id}`: in use, only name, description and isActive may change (docs/surveys.md). */
export async function updateSurvey(db: Db, id: number, input: SurveyInput): Promise<Survey> {
  const values = surveyValues(input);
  try {
    await db.transaction(async (tx) => {
      const current = await lockSurvey(tx, id, { content: false });
      if (
        current.firstAnswerAt !== null &&
        (current.campaignId !== values.campaignId ||
          current.type !== values.type ||
          Math.round(Number(current.points) * 100) !== Math.round(values.points * 100))
      ) {
        throw conflict(IN_USE_MESSAGE);
      }
      await tx.update(surveys).set(values).where(eq(surveys.id, id));
    });
  } catch (error) {
    mapWriteError(error, surveyWriteErrors);
  }
  return readSurvey(db, id);
}

/** `DELETE surveys/{id}`. */
export async function deleteSurvey(db: Db, id: number): Promise<{ id: number }> {
  try {
    await db.transaction(async (tx) => {
      await lockSurvey(tx, id);
      await tx.delete(surveys).where(eq(surveys.id, id));
    });
  } catch (error) {
    mapWriteError(error, surveyWriteErrors);
  }
  return { id };
}

/** `POST surveys/{id}/duplicate`: the copy. */
export async function copySurvey(db: Db, id: number, input: SurveyDuplicateInput): Promise<Survey> {
  const issues: Issues = [];
  const name = cleanText(input.name);
  checkName(issues, name);
  throwIfAny(issues);
  let copyId: number;
  try {
    copyId = await duplicateSurvey(db, id, { campaignId: input.campaignId, name: name! });
  } catch (error) {
    mapWriteError(error, surveyWriteErrors);
  }
  return readSurvey(db, copyId);
}
