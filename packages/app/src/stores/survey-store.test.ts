import { beforeEach, describe, expect, it } from 'vitest';
import { useSurveyStore } from './survey-store';

const survey = { id: 3, name: 'Anaquel limpio', points: 40 };

describe('survey store', () => {
  beforeEach(() => useSurveyStore.setState(useSurveyStore.getInitialState()));

  it('starts empty', () => {
    expect(useSurveyStore.getState().survey).toBeNull();
  });

  it('setSurvey replaces the survey', () => {
    useSurveyStore.getState().setSurvey(survey);
    useSurveyStore.getState().setSurvey({ id: 4, name: 'Exhibición' });
    expect(useSurveyStore.getState().survey).toEqual({ id: 4, name: 'Exhibición' });
  });

  it('clearSurvey sets it to null', () => {
    useSurveyStore.getState().setSurvey(survey);
    useSurveyStore.getState().clearSurvey();
    expect(useSurveyStore.getState().survey).toBeNull();
  });

  it('updateMetadata merges fields into the current survey', () => {
    useSurveyStore.getState().setSurvey(survey);
    useSurveyStore.getState().updateMetadata({ points: 55, isValid: true });
    expect(useSurveyStore.getState().survey).toEqual({ ...survey, points: 55, isValid: true });
  });

  it('updateMetadata does nothing when there is no survey', () => {
    useSurveyStore.getState().updateMetadata({ points: 55 });
    expect(useSurveyStore.getState().survey).toBeNull();
  });

  it('is not persisted', () => {
    useSurveyStore.getState().setSurvey(survey);
    expect(Object.keys(localStorage)).toEqual([]);
  });
});
