import { create } from 'zustand';

/**
 * The survey being worked on (designer, document 2). Kept structural on purpose: the designer stores
 * the survey record it loaded from the API; this store only needs it to be an object.
 */
export type ActiveSurvey = { id: number } & Record<string, unknown>;

export interface SurveyState {
  survey: ActiveSurvey | null;
  /** Replaces the current survey. */
  setSurvey: (survey: ActiveSurvey | null) => void;
  /** Sets the survey to null. */
  clearSurvey: () => void;
  /** Merges fields into the current survey; does nothing when there is none (spec 1 §4). */
  updateMetadata: (partial: Partial<ActiveSurvey>) => void;
}

/** Not persisted (spec 1 §9). */
export const useSurveyStore = create<SurveyState>()((set) => ({
  survey: null,
  setSurvey: (survey) => set({ survey }),
  clearSurvey: () => set({ survey: null }),
  updateMetadata: (partial) =>
    set((state) =>
      state.survey ? { survey: { ...state.survey, ...partial } as ActiveSurvey } : state,
    ),
}));
