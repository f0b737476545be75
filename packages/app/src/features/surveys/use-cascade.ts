import { useState } from 'react';

/** The cascading filters of the survey lists (spec 2 §2): choosing one clears those after it. */
export interface Cascade {
  campaignId: number | null;
  surveyId: number | null;
  segmentId: number | null;
  questionId: number | null;
}

const EMPTY: Cascade = { campaignId: null, surveyId: null, segmentId: null, questionId: null };
const ORDER: (keyof Cascade)[] = ['campaignId', 'surveyId', 'segmentId', 'questionId'];

export function useCascade() {
  const [value, setValue] = useState<Cascade>(EMPTY);
  const set = (key: keyof Cascade, id: number | null) =>
    setValue((prev) => {
      const next = { ...prev, [key]: id };
      for (const later of ORDER.slice(ORDER.indexOf(key) + 1)) next[later] = null;
      return next;
    });
  /** The list's query filters: only the chosen ones. */
  const params = Object.fromEntries(
    Object.entries(value).filter(([, id]) => id !== null),
  ) as Partial<Record<keyof Cascade, number>>;
  return { value, set, params };
}
