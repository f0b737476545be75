import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import {
  campaignClients,
  campaignPointsOfSale,
  campaignProducts,
  campaigns,
  checkIns,
  clients,
  pointOfSaleProducts,
  pointsOfSale,
  productClients,
  profiles,
  regionStates,
  regions,
  surveys,
  userRegions,
  users,
  zipCodes,
} from '../db/schema/index.ts';
import type { Config } from '../env.ts';
import { saveImage } from '../files/images.ts';
import type { FileStorage } from '../files/storage.ts';
import { PRODUCT_SURVEY_TYPE, QuestionType as T } from '../surveys/types.ts';
import type { AnswerableSurvey } from '../visits/answers.ts';
import { addDays, mexicoCityDay, startOfMexicoCityDay } from '../visits/dates.ts';
import { requirePromoter, type Promoter } from '../visits/promoter.ts';
import { loadAnswerableSurveys } from '../visits/survey-loader.ts';
import { syncCheckIns, type SyncCheckIn } from '../visits/sync.ts';
import type { DemoSeeder } from './types.ts';
import { insertDemoSurvey, PRODUCT_SHELF, STORE_AUDIT, TASTING } from './demo-surveys.ts';
import { DEMO_PROMOTER_PASSWORD } from './master-data.ts';
import { PROMOTER_PROFILE_NAME } from '@anaquel/api/rules';
import {
  answersByQuestion,
  hiddenItems,
  questionsInOrder,
  type EngineAnswer,
  type EngineQuestion,
} from '@anaquel/api/survey-engine';

// Demo visits (issue 11), made THROUGH the sync code (`syncCheckIns`, the same validation and
// scoring as `POST sync/checkins`) with photos stored through the one image intake: campaigns
// running around today, more promoters and points of sale across the states of the demo regions,
// the demo surveys (seed/demo-surveys.ts) and weeks of visits with a spread of scores, NA
// answers, unanswered optional questions, skip logic and unavailable visits. The first start
// loads a small set (`demoVisitsSeeder`); `pnpm demo --visits N` adds more (src/cli/demo.ts).

export const DEMO_CAMPAIGNS = {
  season: 'Exhibición de temporada',
  launch: 'Lanzamiento de néctares',
} as const;

const EXTRA_PROMOTERS = [
  {
    name: 'Jorge Alberto',
    lastName: 'Ramírez Soto',
    email: 'jorge.ramirez@anaquel.mx',
    dateOfBirth: '1992-03-14',
    regions: ['Norte', 'Centro'],
  },
  {
    name: 'Lucía Guadalupe',
    lastName: 'Torres Pech',
    email: 'lucia.torres@anaquel.mx',
    dateOfBirth: '1998-11-02',
    regions: ['Sureste'],
  },
  {
    name: 'Carlos Eduardo',
    lastName: 'Méndez Ruiz',
    email: 'carlos.mendez@anaquel.mx',
    dateOfBirth: '1989-07-27',
    regions: ['Bajío'],
  },
];

/** Approximate centres (latitude, longitude) of the demo states, for coordinates. */
const STATE_CENTRES: Record<number, [number, number]> = {
  9: [19.4326, -99.1332],
  11: [21.1236, -101.6801],
  14: [20.6597, -103.3496],
  15: [19.2826, -99.6557],
  16: [19.7008, -101.1844],
  19: [25.6866, -100.3161],
  20: [17.0732, -96.7266],
  21: [19.0414, -98.2063],
  22: [20.5888, -100.3899],
  31: [20.9674, -89.5926],
};

const STORE_NAMES = [
  'Abarrotes Doña Mary',
  'Mini Súper El Ahorro',
  'Tienda La Económica',
  'Súper San Judas',
  'Abarrotes El Güero',
  'Comercial La Fe',
  'Tienda Don Beto',
  'Mini Súper La Esquina',
  'Abarrotes Los Pinos',
  'Súper del Valle',
  'Tienda La Guadalupana',
  'Abarrotes Santa Fe',
];

/** A small seeded PRNG (mulberry32), so a demo run is reproducible. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof randomSource>;

/* ---------- the world the visits happen in ---------- */

export interface DemoWorld {
  campaigns: {
    id: number;
    startDate: string;
    endDate: string | null;
    pointOfSaleIds: Set<number>;
    productIds: number[];
    surveys: AnswerableSurvey[];
  }[];
  pointsOfSale: Map<
    number,
    { stateId: number; latitude: number; longitude: number; productIds: Set<number> }
  >;
  promoters: { promoter: Promoter; skill: number }[];
}

async function promoterProfileId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.name})`, PROMOTER_PROFILE_NAME));
  return row?.id ?? null;
}

/**
 * Creates (once) what the demo visits need beyond the master data: promoters in every demo
 * region, points of sale in each region's states, two campaigns running around today with the
 * clients' products and every point of sale, and the demo surveys. Idempotent: it is skipped
 * when the season campaign exists.
 */
export async function ensureDemoWorld(db: Db, config: Config, today = new Date()): Promise<void> {
  const [existing] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.name, DEMO_CAMPAIGNS.season));
  if (existing) return;
  const profileId = await promoterProfileId(db);
  if (profileId === null) return;
  const day = mexicoCityDay(today);
  const passwordHash = await hashPassword(DEMO_PROMOTER_PASSWORD, config.passwordHashing);

  await db.transaction(async (tx) => {
    const regionRows = await tx.select({ id: regions.id, name: regions.name }).from(regions);
    const regionId = new Map(regionRows.map((r) => [r.name, r.id]));
    for (const promoter of EXTRA_PROMOTERS) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, promoter.email));
      if (taken) continue;
      const [row] = await tx
        .insert(users)
        .values({
          name: promoter.name,
          lastName: promoter.lastName,
          dateOfBirth: promoter.dateOfBirth,
          email: promoter.email,
          passwordHash,
          profileId,
        })
        .returning({ id: users.id });
      const ids = promoter.regions.flatMap((name) => {
        const id = regionId.get(name);
        return id === undefined ? [] : [{ userId: row!.id, regionId: id }];
      });
      if (ids.length > 0) await tx.insert(userRegions).values(ids);
    }

    // Points of sale in every state of the demo regions, at settlements of the zip catalogue.
    const stateRows = await tx
      .selectDistinct({ stateId: regionStates.stateId })
      .from(regionStates)
      .orderBy(asc(regionStates.stateId));
    let counter = 0;
    for (const { stateId } of stateRows) {
      const places = await tx
        .select()
        .from(zipCodes)
        .where(eq(zipCodes.stateId, stateId))
        .orderBy(asc(zipCodes.id))
        .limit(3);
      for (const place of places) {
        counter += 1;
        const [lat, lon] = STATE_CENTRES[stateId] ?? [19.4326, -99.1332];
        await tx
          .insert(pointsOfSale)
          .values({
            code: `PV-D${String(counter).padStart(3, '0')}`,
            name: `${STORE_NAMES[counter % STORE_NAMES.length]!} ${place.settlement}`.slice(0, 100),
            stateId,
            zipCode: place.zipCode,
            city: place.city,
            municipality: place.municipality,
            settlement: place.settlement,
            street: ['Av. Revolución', 'Calle Hidalgo', 'Av. Independencia', 'Calle Allende'][
              counter % 4
            ]!,
            externalNumber: String(20 + counter * 7),
            latitude: Number((lat + ((counter * 37) % 100) / 1000 - 0.05).toFixed(6)),
            longitude: Number((lon + ((counter * 53) % 100) / 1000 - 0.05).toFixed(6)),
          })
          .onConflictDoNothing();
      }
    }

    const clientRows = await tx.select({ id: clients.id }).from(clients).orderBy(asc(clients.id));
    const productRows = await tx
      .selectDistinct({ productId: productClients.productId })
      .from(productClients);
    const placeRows = await tx
      .select({ id: pointsOfSale.id })
      .from(pointsOfSale)
      .where(eq(pointsOfSale.isActive, true));
    const allProducts = productRows.map((r) => r.productId).sort((a, b) => a - b);
    // Every point of sale carries most products (what product surveys are answered about).
    for (const [index, place] of placeRows.entries()) {
      const carried = allProducts.filter((_, i) => (i + index) % 4 !== 0);
      if (carried.length > 0) {
        await tx
          .insert(pointOfSaleProducts)
          .values(carried.map((productId) => ({ pointOfSaleId: place.id, productId })))
          .onConflictDoNothing();
      }
    }

    const makeCampaign = async (
      name: string,
      description: string,
      startDate: string,
      endDate: string | null,
      productIds: number[],
    ) => {
      const [campaign] = await tx
        .insert(campaigns)
        .values({ name, description, startDate, endDate })
        .returning({ id: campaigns.id });
      const id = campaign!.id;
      if (clientRows.length > 0) {
        await tx
          .insert(campaignClients)
          .values(clientRows.map((c) => ({ campaignId: id, clientId: c.id })));
      }
      if (placeRows.length > 0) {
        await tx
          .insert(campaignPointsOfSale)
          .values(placeRows.map((p) => ({ campaignId: id, pointOfSaleId: p.id })));
      }
      if (productIds.length > 0) {
        await tx
          .insert(campaignProducts)
          .values(productIds.map((productId) => ({ campaignId: id, productId })));
      }
      return id;
    };
    const season = await makeCampaign(
      DEMO_CAMPAIGNS.season,
      'Auditoría de exhibición y precio en tiendas de las cuatro regiones',
      addDays(day, -70),
      addDays(day, 60),
      allProducts.slice(0, 6),
    );
    await insertDemoSurvey(tx, season, STORE_AUDIT);
    await insertDemoSurvey(tx, season, PRODUCT_SHELF);
    const launch = await makeCampaign(
      DEMO_CAMPAIGNS.launch,
      'Degustaciones del lanzamiento de la nueva línea de néctares',
      addDays(day, -30),
      null,
      allProducts.slice(0, 3),
    );
    await insertDemoSurvey(tx, launch, TASTING);
  });
}

/** Reads the demo world back (campaigns running, their points of sale, surveys, promoters). */
export async function loadDemoWorld(db: Db): Promise<DemoWorld> {
  const campaignRows = await db
    .select({ id: campaigns.id, startDate: campaigns.startDate, endDate: campaigns.endDate })
    .from(campaigns)
    .where(inArray(campaigns.name, Object.values(DEMO_CAMPAIGNS)))
    .orderBy(asc(campaigns.id));
  const ids = campaignRows.map((c) => c.id);
  if (ids.length === 0) return { campaigns: [], pointsOfSale: new Map(), promoters: [] };
  const [placeLinks, productLinks, surveyRows, placeRows, carried] = await Promise.all([
    db.select().from(campaignPointsOfSale).where(inArray(campaignPointsOfSale.campaignId, ids)),
    db.select().from(campaignProducts).where(inArray(campaignProducts.campaignId, ids)),
    db
      .select({ id: surveys.id, campaignId: surveys.campaignId })
      .from(surveys)
      .where(and(inArray(surveys.campaignId, ids), eq(surveys.isActive, true)))
      .orderBy(asc(surveys.id)),
    db
      .select({
        id: pointsOfSale.id,
        stateId: pointsOfSale.stateId,
        latitude: pointsOfSale.latitude,
        longitude: pointsOfSale.longitude,
      })
      .from(pointsOfSale),
    db.select().from(pointOfSaleProducts),
  ]);
  const trees = await loadAnswerableSurveys(
    db,
    surveyRows.map((s) => s.id),
  );
  const pointsOfSaleMap: DemoWorld['pointsOfSale'] = new Map();
  for (const row of placeRows) {
    const [lat, lon] = STATE_CENTRES[row.stateId] ?? [19.4326, -99.1332];
    pointsOfSaleMap.set(row.id, {
      stateId: row.stateId,
      latitude: row.latitude ?? lat,
      longitude: row.longitude ?? lon,
      productIds: new Set(),
    });
  }
  for (const link of carried)
    pointsOfSaleMap.get(link.pointOfSaleId)?.productIds.add(link.productId);

  const promoterRows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .innerJoin(userRegions, eq(userRegions.userId, users.id))
    .where(and(eq(sql`lower(${profiles.name})`, PROMOTER_PROFILE_NAME), eq(users.isActive, true)))
    .orderBy(asc(users.id));
  const promoters: DemoWorld['promoters'] = [];
  for (const [index, row] of promoterRows.entries()) {
    const promoter = await requirePromoter(db, row.id);
    // Each promoter has a typical level, so scores spread between people too.
    if (promoter.stateIds.size > 0)
      promoters.push({ promoter, skill: 0.45 + ((index * 0.17) % 0.5) });
  }
  return {
    campaigns: campaignRows.map((c) => ({
      ...c,
      pointOfSaleIds: new Set(
        placeLinks.filter((l) => l.campaignId === c.id).map((l) => l.pointOfSaleId),
      ),
      productIds: productLinks.filter((l) => l.campaignId === c.id).map((l) => l.productId),
      surveys: surveyRows
        .filter((s) => s.campaignId === c.id)
        .flatMap((s) => {
          const tree = trees.get(s.id);
          return tree ? [tree] : [];
        }),
    })),
    pointsOfSale: pointsOfSaleMap,
    promoters,
  };
}

/* ---------- photos ---------- */

/** Small generated JPEGs (a shelf-like pattern), stored through the one image intake. */
async function makeDemoPhotos(
  db: Db,
  storage: FileStorage,
  count: number,
  random: Random,
  /** The promoter the photos belong to: only it may attach them to its visits. */
  uploadedBy?: number,
): Promise<string[]> {
  const ids: string[] = [];
  const width = 160;
  const height = 120;
  for (let n = 0; n < count; n++) {
    const base = [random.int(40, 220), random.int(40, 220), random.int(40, 220)];
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      const shelf = y % 30 < 4; // shelf edges
      for (let x = 0; x < width; x++) {
        const product = Math.floor(x / 16) % 3;
        const i = (y * width + x) * 3;
        for (let c = 0; c < 3; c++) {
          const value = shelf ? 60 : base[c]! + product * 18 - (y % 30) - c * 6;
          pixels[i + c] = Math.max(0, Math.min(255, value));
        }
      }
    }
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 70 })
      .toBuffer();
    ids.push(await saveImage(db, storage, jpeg, { field: 'photo', uploadedBy }));
  }
  return ids;
}

/* ---------- answers ---------- */

const TEXTS = [
  'Anaquel limpio y bien surtido',
  'El encargado pidió más material POP',
  'Faltaba precio en dos frentes',
  'Se acomodó el producto al frente',
  'La competencia tiene más espacio esta semana',
  'Todo en orden',
];
const MANAGERS = [
  'Rosa Martínez',
  'Juan Hernández',
  'Guadalupe Cruz',
  'Miguel Ángel Flores',
  'Sofía Reyes',
];
const OTHER_TEXTS = ['Isla al centro de la tienda', 'Refrigerador de la marca', 'Mango con chile'];

/** Plausible answers for a survey, respecting its types, counts and skip logic. */
function answerSurvey(
  survey: AnswerableSurvey,
  random: Random,
  skill: number,
  photos: readonly string[],
  day: string,
): EngineAnswer[] {
  const answers: EngineAnswer[] = [];
  const good = () => random.chance(skill);

  const answer = (question: EngineQuestion): EngineAnswer | null => {
    if (question.isOptional && random.chance(0.2)) return null;
    if (question.acceptsNA && random.chance(0.1)) return { questionId: question.id, isNa: true };
    const photoIds = question.hasPhoto ? [random.pick(photos)] : undefined;
    const byPoints = [...question.multipleOptions].sort((a, b) => b.points - a.points);
    const pickOne = () => (good() ? byPoints[0]! : random.pick(question.multipleOptions));
    const withOther = (optionId: number) => {
      const option = question.multipleOptions.find((o) => o.id === optionId)!;
      return option.isOther ? { optionId, otherText: random.pick(OTHER_TEXTS) } : { optionId };
    };
    const pickMany = (k: number) => {
      const pool = good()
        ? byPoints
        : [...question.multipleOptions].sort(() => random.next() - 0.5);
      return pool.slice(0, k).map((o) => withOther(o.id));
    };
    const base = { questionId: question.id, ...(photoIds ? { photoIds } : {}) };
    const n = question.multipleOptionsCount ?? 1;
    const total = question.multipleOptions.length;
    switch (question.type) {
      case T.Text:
        return {
          ...base,
          textValue: question.description.startsWith('Nombre')
            ? random.pick(MANAGERS)
            : random.pick(TEXTS),
        };
      case T.Integer:
        return { ...base, intValue: random.int(good() ? 6 : 0, good() ? 30 : 12) };
      case T.Decimal:
        return { ...base, decimalValue: random.int(1250, 8990) / 100 };
      case T.Date:
        return { ...base, dateValue: addDays(day, random.int(-20, 90)) };
      case T.YesNo:
        return {
          ...base,
          options: [{ optionId: question.multipleOptions[good() ? 0 : random.int(0, 1)]!.id }],
        };
      case T.SingleChoice:
      case T.Rating:
        if (question.type === T.Rating) {
          const step = Math.min(
            total - 1,
            Math.max(0, Math.round(skill * (total - 1) + random.int(-1, 1))),
          );
          return { ...base, options: [{ optionId: question.multipleOptions[step]!.id }] };
        }
        return { ...base, options: [withOther(pickOne().id)] };
      case T.MultipleChoice:
        return { ...base, options: pickMany(random.int(1, total)) };
      case T.MaxChoicesCount:
        return { ...base, options: pickMany(random.int(1, Math.min(n, total))) };
      case T.MinChoicesCount:
        return { ...base, options: pickMany(random.int(Math.min(n, total), total)) };
      case T.ExactChoicesCount:
        return { ...base, options: pickMany(Math.min(n, total)) };
      case T.LikertMatrix:
        return {
          ...base,
          options: question.multipleOptions.map((o) => ({
            optionId: o.id,
            value: good() ? random.int(4, 5) : random.int(1, 4),
          })),
        };
      case T.Ranking: {
        const positions = question.multipleOptions
          .map((_, i) => i + 1)
          .sort(() => random.next() - 0.5);
        return {
          ...base,
          options: question.multipleOptions.map((o, i) => ({
            ...withOther(o.id),
            value: positions[i]!,
          })),
        };
      }
      default:
        return null;
    }
  };

  // Answered in reading order as a promoter would: a question hidden by an earlier choice is
  // skipped; the engine says what is hidden, asked again only after a choice that hides something.
  let hidden = hiddenItems(survey, new Map());
  for (const { question } of questionsInOrder(survey)) {
    if (hidden.questionIds.has(question.id)) continue;
    const sent = answer(question);
    if (!sent) continue;
    answers.push(sent);
    const chosen = new Set((sent.options ?? []).map((choice) => choice.optionId));
    const hides = question.multipleOptions.some(
      (o) => chosen.has(o.id) && o.blurredSegmentIds.length + o.blurredQuestionIds.length > 0,
    );
    if (hides) hidden = hiddenItems(survey, answersByQuestion(answers));
  }
  return answers;
}

/* ---------- visits ---------- */

export interface GenerateOptions {
  /** How many visits (default: a natural week-day rhythm over `days`). */
  visits?: number;
  /** How many days back from today the visits spread over. */
  days: number;
  seed?: number;
  now?: Date;
  /** Visits per promoter on a weekday (default 4..7; Saturdays about half, Sundays 1). */
  perWeekday?: [number, number];
  /** Called after each batch with the visits stored so far. */
  onProgress?: (done: number) => void;
}

/** A deterministic UUID (v4 layout) from the PRNG, so reruns of a seed give the same ids. */
function uuidFrom(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[random.int(0, 3)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Generates visits and stores them through `syncCheckIns` in batches of 50, per promoter.
 * Returns how many were stored. A generated visit the sync rejects is a bug of this generator:
 * it throws with the reasons.
 */
export async function generateDemoVisits(
  db: Db,
  storage: FileStorage,
  options: GenerateOptions,
): Promise<number> {
  const random = randomSource(options.seed ?? Date.now());
  const now = options.now ?? new Date();
  const world = await loadDemoWorld(db);
  if (world.promoters.length === 0 || world.campaigns.length === 0) return 0;
  // A promoter attaches only the photos it uploaded (docs/sync.md): a few of its own each.
  const photosOf: string[][] = [];
  for (const { promoter } of world.promoters) {
    photosOf.push(await makeDemoPhotos(db, storage, 4, random, promoter.userId));
  }
  const today = mexicoCityDay(now);

  // The visits to make: per day and promoter (a weekday rhythm, a short Sunday), or N
  // spread uniformly over the days.
  const slots: { day: string; promoterIndex: number }[] = [];
  if (options.visits !== undefined) {
    for (let n = 0; n < options.visits; n++) {
      slots.push({
        day: addDays(today, -random.int(0, options.days - 1)),
        promoterIndex: random.int(0, world.promoters.length - 1),
      });
    }
  } else {
    for (let back = options.days - 1; back >= 0; back--) {
      const day = addDays(today, -back);
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      world.promoters.forEach((_, promoterIndex) => {
        const [min, max] = options.perWeekday ?? [4, 7];
        const count =
          weekday === 0
            ? 1
            : weekday === 6
              ? random.int(Math.ceil(min / 2), Math.ceil(max / 2))
              : random.int(min, max);
        for (let n = 0; n < count; n++) slots.push({ day, promoterIndex });
      });
    }
  }

  const byPromoter = new Map<number, SyncCheckIn[]>();
  const clock = new Map<string, number>(); // minutes after midnight of the next visit, per day+promoter
  slots.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  for (const slot of slots) {
    const { promoter, skill } = world.promoters[slot.promoterIndex]!;
    const photos = photosOf[slot.promoterIndex]!;
    const running = world.campaigns.filter(
      (c) => c.startDate <= slot.day && (c.endDate === null || c.endDate >= slot.day),
    );
    const choices = running.flatMap((campaign) =>
      [...campaign.pointOfSaleIds]
        .filter((id) => promoter.stateIds.has(world.pointsOfSale.get(id)?.stateId ?? -1))
        .map((pointOfSaleId) => ({ campaign, pointOfSaleId })),
    );
    if (choices.length === 0) continue;
    const { campaign, pointOfSaleId } = random.pick(choices);
    const place = world.pointsOfSale.get(pointOfSaleId)!;

    const key = `${slot.day}/${slot.promoterIndex}`;
    const startMinute = clock.get(key) ?? random.int(8 * 60 + 30, 10 * 60);
    const duration = random.int(18, 55);
    clock.set(key, startMinute + duration + random.int(15, 50));
    const start = new Date(startOfMexicoCityDay(slot.day).getTime() + startMinute * 60_000);
    if (start.getTime() + duration * 60_000 > now.getTime() - 5 * 60_000) continue;
    const end = new Date(start.getTime() + duration * 60_000);
    const jitter = () => (random.next() - 0.5) / 500;
    const unavailable = random.chance(0.08);
    const hasCheckOut = !random.chance(0.05);

    const surveysSent: SyncCheckIn['surveys'] = [];
    if (!unavailable) {
      let minute = start.getTime() + 3 * 60_000;
      for (const survey of campaign.surveys) {
        const targets =
          survey.type === PRODUCT_SURVEY_TYPE
            ? campaign.productIds.filter((id) => place.productIds.has(id) && random.chance(0.7))
            : [null];
        for (const productId of targets) {
          const surveyStart = new Date(minute);
          minute += random.int(2, 8) * 60_000;
          surveysSent.push({
            surveyId: survey.id,
            productId,
            startDate: surveyStart.toISOString(),
            endDate: new Date(minute).toISOString(),
            answers: answerSurvey(survey, random, skill, photos, slot.day),
          });
        }
      }
    }
    // The visit lasts at least until its last survey ends.
    const lastSurveyEnd = Math.max(
      0,
      ...surveysSent.map((x) => new Date(x.endDate ?? x.startDate).getTime()),
    );
    if (lastSurveyEnd > end.getTime()) end.setTime(lastSurveyEnd + 2 * 60_000);
    if (end.getTime() > now.getTime()) continue;
    const visit: SyncCheckIn = {
      uuid: uuidFrom(random),
      campaignId: campaign.id,
      pointOfSaleId,
      unavailable,
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      checkInLatitude: Number((place.latitude + jitter()).toFixed(6)),
      checkInLongitude: Number((place.longitude + jitter()).toFixed(6)),
      checkOutLatitude: hasCheckOut ? Number((place.latitude + jitter()).toFixed(6)) : null,
      checkOutLongitude: hasCheckOut ? Number((place.longitude + jitter()).toFixed(6)) : null,
      photoIds: [...new Set(Array.from({ length: random.int(0, 3) }, () => random.pick(photos)))],
      surveys: surveysSent,
    };
    const list = byPromoter.get(slot.promoterIndex) ?? [];
    list.push(visit);
    byPromoter.set(slot.promoterIndex, list);
  }

  let stored = 0;
  for (const [promoterIndex, visits] of byPromoter) {
    const { promoter } = world.promoters[promoterIndex]!;
    for (let start = 0; start < visits.length; start += 50) {
      const results = await syncCheckIns(db, promoter, visits.slice(start, start + 50));
      const refused = results.find((r) => r.status !== 'created');
      if (refused) {
        throw new Error(
          `demo visit refused by the sync: ${refused.errorMessage} ${JSON.stringify(refused.validationErrors.slice(0, 3))}`,
        );
      }
      stored += results.length;
      options.onProgress?.(stored);
    }
  }
  return stored;
}

/** Days of visits the first start loads: enough for the 7-day list and the dashboard. */
const FIRST_START_DAYS = 8;

/**
 * The first start's demo visits: the demo world and about a week of visits, only when there
 * are no visits yet (so a restart never adds more).
 */
export const demoVisitsSeeder: DemoSeeder = {
  name: 'visits',
  async run({ db, config, storage }) {
    const [anyVisit] = await db.select({ id: checkIns.id }).from(checkIns).limit(1);
    if (anyVisit) return;
    await ensureDemoWorld(db, config);
    // A small set (about 80 visits) so that the first start stays quick; `pnpm demo` adds more.
    await generateDemoVisits(db, storage, {
      days: FIRST_START_DAYS,
      perWeekday: [2, 3],
      seed: 2026,
    });
  },
};
