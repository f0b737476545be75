import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import {
  campaignPointsOfSale,
  campaignProducts,
  campaigns,
  brands,
  categories,
  multipleOptionHiddenQuestions,
  multipleOptionHiddenSegments,
  multipleOptions,
  pointsOfSale,
  products,
  profiles,
  questions,
  regionStates,
  regions,
  segments,
  subcategories,
  surveys,
  userRegions,
} from '../../src/db/schema/index.ts';
import type { Config } from '../../src/env.ts';
import { QuestionType as T } from '../../src/surveys/types.ts';
import { createUser, type TestUser } from '../helpers.ts';

// A small but complete world for the visits tests: a campaign running today with two points of
// sale (one in the promoter's region, one outside), two products, a point-of-sale survey with
// every question type and skip logic, a product survey, and a promoter.

export interface World {
  campaignId: number;
  otherCampaignId: number;
  pointOfSaleId: number;
  outsidePointOfSaleId: number;
  productIds: [number, number];
  foreignProductId: number;
  promoter: TestUser;
  otherPromoter: TestUser;
  storeSurvey: SurveyIds;
  productSurvey: SurveyIds;
}

/** Question ids by name, and their option ids in order. */
interface SurveyIds {
  id: number;
  segments: Record<string, number>;
  q: Record<string, { id: number; options: number[] }>;
}

interface QuestionSpec {
  name: string;
  type: number;
  points: number;
  options?: { description: string; points: number; isOther?: boolean }[];
  acceptsNa?: boolean;
  isOptional?: boolean;
  hasPhoto?: boolean;
  hasOther?: boolean;
  count?: number;
}

interface SegmentSpec {
  name: string;
  questions: QuestionSpec[];
}

async function insertSurvey(
  db: Db,
  campaignId: number,
  type: 1 | 2,
  name: string,
  spec: SegmentSpec[],
): Promise<SurveyIds> {
  const [survey] = await db
    .insert(surveys)
    .values({ campaignId, type, name, points: 0 })
    .returning({ id: surveys.id });
  const ids: SurveyIds = { id: survey!.id, segments: {}, q: {} };
  for (const [segmentOrder, segmentSpec] of spec.entries()) {
    const [segment] = await db
      .insert(segments)
      .values({ surveyId: survey!.id, name: segmentSpec.name, order: segmentOrder })
      .returning({ id: segments.id });
    ids.segments[segmentSpec.name] = segment!.id;
    for (const [order, q] of segmentSpec.questions.entries()) {
      const [question] = await db
        .insert(questions)
        .values({
          segmentId: segment!.id,
          type: q.type,
          order,
          description: q.name,
          points: q.points,
          acceptsNa: q.acceptsNa ?? false,
          isOptional: q.isOptional ?? false,
          hasPhoto: q.hasPhoto ?? false,
          hasOther: q.hasOther ?? false,
          multipleOptionsCount: q.count ?? null,
        })
        .returning({ id: questions.id });
      const optionIds: number[] = [];
      for (const [optionOrder, option] of (q.options ?? []).entries()) {
        const [row] = await db
          .insert(multipleOptions)
          .values({
            questionId: question!.id,
            order: optionOrder,
            description: option.description,
            points: option.points,
            isOther: option.isOther ?? false,
          })
          .returning({ id: multipleOptions.id });
        optionIds.push(row!.id);
      }
      ids.q[q.name] = { id: question!.id, options: optionIds };
    }
  }
  return ids;
}

export async function createWorld(db: Db, config: Config): Promise<World> {
  const [brand] = await db.insert(brands).values({ name: 'Marca Prueba' }).returning();
  const [category] = await db.insert(categories).values({ name: 'Bebidas' }).returning();
  const [sub] = await db
    .insert(subcategories)
    .values({ categoryId: category!.id, name: 'Jugos' })
    .returning();
  const product = (sku: string, name: string) =>
    db
      .insert(products)
      .values({
        sku,
        name,
        brandId: brand!.id,
        categoryId: category!.id,
        subcategoryId: sub!.id,
      })
      .returning({ id: products.id });
  const [p1] = await product('SKU-001', 'Néctar de mango 1 L');
  const [p2] = await product('SKU-002', 'Jugo de naranja 500 ml');
  const [p3] = await product('SKU-003', 'Agua de jamaica 600 ml');

  const pos = (code: string, name: string, stateId: number) =>
    db
      .insert(pointsOfSale)
      .values({
        code,
        name,
        stateId,
        zipCode: '06000',
        municipality: 'Cuauhtémoc',
        settlement: 'Centro',
        street: 'Av. Juárez',
        externalNumber: '10',
        latitude: 19.43,
        longitude: -99.13,
      })
      .returning({ id: pointsOfSale.id });
  const [inside] = await pos('PV-001', 'Abarrotes Centro', 9);
  const [outside] = await pos('PV-002', 'Súper Monterrey', 19);

  const [campaign] = await db
    .insert(campaigns)
    .values({ name: 'Campaña de prueba', startDate: '2020-01-01', endDate: null })
    .returning({ id: campaigns.id });
  const [other] = await db
    .insert(campaigns)
    .values({ name: 'Otra campaña', startDate: '2020-01-01', endDate: null })
    .returning({ id: campaigns.id });
  await db.insert(campaignPointsOfSale).values([
    { campaignId: campaign!.id, pointOfSaleId: inside!.id },
    { campaignId: campaign!.id, pointOfSaleId: outside!.id },
  ]);
  await db.insert(campaignProducts).values([
    { campaignId: campaign!.id, productId: p1!.id },
    { campaignId: campaign!.id, productId: p2!.id },
  ]);

  const [region] = await db.insert(regions).values({ name: 'Centro' }).returning();
  await db.insert(regionStates).values({ regionId: region!.id, stateId: 9 });
  const [promoterProfile] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.name})`, 'promotor'));
  const promoter = await createUser(db, config, [], {
    profileId: promoterProfile!.id,
    name: 'Ana',
    lastName: 'Promotora',
  });
  const otherPromoter = await createUser(db, config, [], {
    profileId: promoterProfile!.id,
    name: 'Beto',
    lastName: 'Promotor',
  });
  await db.insert(userRegions).values([
    { userId: promoter.id, regionId: region!.id },
    { userId: otherPromoter.id, regionId: region!.id },
  ]);

  const yesNo = (yes: number) => [
    { description: 'Sí', points: yes },
    { description: 'No', points: 0 },
  ];
  const storeSurvey = await insertSurvey(db, campaign!.id, 1, 'Visita a tienda', [
    {
      name: 'Generales',
      questions: [
        { name: 'Comentario', type: T.Text, points: 1 },
        { name: '¿Hay exhibidor?', type: T.YesNo, points: 2, options: yesNo(2) },
        { name: 'Frentes', type: T.Integer, points: 1, acceptsNa: true, isOptional: true },
        { name: 'Precio', type: T.Decimal, points: 1 },
        { name: 'Caducidad', type: T.Date, points: 1, isOptional: true },
      ],
    },
    {
      name: 'Exhibición',
      questions: [
        {
          name: 'Ubicación',
          type: T.SingleChoice,
          points: 3,
          hasOther: true,
          options: [
            { description: 'Cabecera', points: 3 },
            { description: 'Pasillo', points: 1 },
            { description: 'Otro', points: 0.5, isOther: true },
          ],
        },
        {
          name: 'Materiales',
          type: T.MultipleChoice,
          points: 4,
          options: [
            { description: 'Cenefa', points: 2 },
            { description: 'Tira', points: 2 },
            { description: 'Póster', points: 1 },
          ],
        },
        {
          name: 'Hasta dos',
          type: T.MaxChoicesCount,
          points: 2,
          count: 2,
          options: [
            { description: 'A', points: 1 },
            { description: 'B', points: 1 },
            { description: 'C', points: 1 },
          ],
        },
        {
          name: 'Al menos dos',
          type: T.MinChoicesCount,
          points: 3,
          count: 2,
          options: [
            { description: 'A', points: 1 },
            { description: 'B', points: 1 },
            { description: 'C', points: 1 },
          ],
        },
        {
          name: 'Exactamente dos',
          type: T.ExactChoicesCount,
          points: 2,
          count: 2,
          options: [
            { description: 'A', points: 1 },
            { description: 'B', points: 1 },
            { description: 'C', points: 0 },
          ],
        },
        {
          name: 'Opinión',
          type: T.LikertMatrix,
          points: 4,
          options: [
            { description: 'El anaquel está limpio', points: 2 },
            { description: 'El precio está visible', points: 2 },
          ],
        },
        {
          name: 'Orden de marcas',
          type: T.Ranking,
          points: 2,
          options: [
            { description: 'Marca A', points: 0 },
            { description: 'Marca B', points: 0 },
            { description: 'Marca C', points: 0 },
          ],
        },
        {
          name: 'Calificación',
          type: T.Rating,
          points: 5,
          hasPhoto: true,
          options: [1, 2, 3, 4, 5].map((n) => ({ description: `${n}`, points: n })),
        },
      ],
    },
    { name: 'Sin exhibidor', questions: [{ name: '¿Por qué no hay?', type: T.Text, points: 2 }] },
  ]);
  // Skip logic: answering 'Sí' to '¿Hay exhibidor?' hides the segment 'Sin exhibidor'.
  await db.insert(multipleOptionHiddenSegments).values({
    optionId: storeSurvey.q['¿Hay exhibidor?']!.options[0]!,
    segmentId: storeSurvey.segments['Sin exhibidor']!,
  });

  const productSurvey = await insertSurvey(db, campaign!.id, 2, 'Producto en anaquel', [
    {
      name: 'Producto',
      questions: [
        { name: '¿Hay existencia?', type: T.YesNo, points: 1, options: yesNo(1) },
        { name: 'Precio del producto', type: T.Decimal, points: 1 },
      ],
    },
  ]);
  // 'No' hides the price.
  await db.insert(multipleOptionHiddenQuestions).values({
    optionId: productSurvey.q['¿Hay existencia?']!.options[1]!,
    questionId: productSurvey.q['Precio del producto']!.id,
  });

  return {
    campaignId: campaign!.id,
    otherCampaignId: other!.id,
    pointOfSaleId: inside!.id,
    outsidePointOfSaleId: outside!.id,
    productIds: [p1!.id, p2!.id],
    foreignProductId: p3!.id,
    promoter,
    otherPromoter,
    storeSurvey,
    productSurvey,
  };
}
