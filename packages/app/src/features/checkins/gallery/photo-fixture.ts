import type { CheckInPhoto } from '@anaquel/api';

// Photos as GET checkins/photos answers them, for the gallery's tests and stories.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Photo `n`: even ones a visit's own, odd ones an answer's. */
function photoRow(n: number, extra: Partial<CheckInPhoto> = {}): CheckInPhoto {
  const isAnswer = n % 2 === 1;
  return {
    id: id(n),
    url: `files/${id(n)}`,
    thumbnailUrl: `files/${id(n)}?size=thumb`,
    checkInId: 100 + Math.floor(n / 2),
    takenAt: new Date(Date.UTC(2026, 10, 20, 18, 0) - n * 60_000).toISOString(),
    userId: 7,
    user: 'María López',
    pointOfSaleId: 3,
    pointOfSale: `Abarrotes ${Math.floor(n / 2) + 1}`,
    pointOfSaleCode: `PV-${String(Math.floor(n / 2) + 1).padStart(4, '0')}`,
    campaignId: 1,
    campaign: 'Regreso a clases 2026',
    checkInSurveyId: isAnswer ? 500 + n : null,
    surveyId: isAnswer ? 2 : null,
    survey: isAnswer ? 'Exhibición en anaquel' : null,
    product: null,
    questionId: isAnswer ? 12 : null,
    question: isAnswer ? 'Foto del anaquel' : null,
    answer: isAnswer ? 'Sí' : null,
    latitude: 19.43,
    longitude: -99.13,
    ...extra,
  };
}

/** `count` photos, newest first. */
export const photoRows = (count: number, from = 0): CheckInPhoto[] =>
  Array.from({ length: count }, (_, i) => photoRow(from + i));
