// The review of the promoters' visits (spec 1 §2, §7; issue 11): the check-in list by date window
// and promoter, a visit's surveys, one survey's result tree, and the dashboard's figures. Visits
// only arrive through the sync, so there are no mutations here.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getApiClient } from '../client';
import { unwrap } from '../envelope';
import type { OperationQuery, Schemas } from '../types';
import { resourceKeys, type EntityId } from './resource';
import '../meta';

/** A visit of the review list. */
export type CheckIn = Schemas['CheckIn'];
/** Where a visit was against its point of sale (docs/geo.md). */
export type GeoStatus = Schemas['GeoStatus'];
/** A survey answered at a visit. */
export type CheckInSurvey = Schemas['CheckInSurvey'];
/** The result tree of an answered survey. */
export type CheckInSurveyResult = Schemas['CheckInSurveyResult'];
/** A segment of a result, with its answers and nested segments. */
export type ResultSegment = Schemas['ResultSegment'];
/** One answer of a result. */
export type ResultAnswer = Schemas['ResultAnswer'];
/** The dashboard's visit figures. */
export type CheckInSummary = Schemas['CheckInSummary'];
/** Query of `GET /checkins`: Page, PageSize, Sort, promoterId, startDate, endDate, outOfRange. */
export type CheckInListParams = NonNullable<OperationQuery<'/checkins', 'get'>>;

/** Query keys of the visits; every key starts with '/checkins'. */
export const checkInKeys = {
  ...resourceKeys('/checkins'),
  surveys: (checkInId: EntityId) => ['/checkins', 'surveys', checkInId] as const,
  result: (checkInSurveyId: EntityId) => ['/checkins', 'result', checkInSurveyId] as const,
  summary: ['/checkins', 'summary'] as const,
};

/** `GET /checkins`: one page of visits; the previous page stays while the next loads. */
export function checkInsQueryOptions(params: CheckInListParams) {
  return queryOptions({
    queryKey: checkInKeys.paged(params),
    queryFn: ({ signal }) =>
      unwrap(getApiClient().GET('/checkins', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `GET /checkins/{id}`: one visit (the header of its surveys screen). */
export function checkInQueryOptions(checkInId: EntityId) {
  return queryOptions({
    queryKey: checkInKeys.detail(checkInId),
    queryFn: ({ signal }) =>
      unwrap(getApiClient().GET('/checkins/{id}', { params: { path: { id: checkInId } }, signal })),
    retry: false,
  });
}

/** `GET /checkins/{id}/surveys`: the surveys answered at a visit. */
export function checkInSurveysQueryOptions(checkInId: EntityId) {
  return queryOptions({
    queryKey: checkInKeys.surveys(checkInId),
    queryFn: ({ signal }) =>
      unwrap(
        getApiClient().GET('/checkins/{id}/surveys', {
          params: { path: { id: checkInId } },
          signal,
        }),
      ),
    retry: false,
  });
}

/** `GET /checkins/surveys/{checkInSurveyId}`: the result tree with the stored points. */
export function checkInSurveyResultQueryOptions(checkInSurveyId: EntityId) {
  return queryOptions({
    queryKey: checkInKeys.result(checkInSurveyId),
    queryFn: ({ signal }) =>
      unwrap(
        getApiClient().GET('/checkins/surveys/{checkInSurveyId}', {
          params: { path: { checkInSurveyId } },
          signal,
        }),
      ),
    retry: false,
  });
}

/** `GET /checkins/summary`: visits today and in the last 7 days, score, active promoters. */
export function checkInSummaryQueryOptions() {
  return queryOptions({
    queryKey: checkInKeys.summary,
    queryFn: ({ signal }) => unwrap(getApiClient().GET('/checkins/summary', { signal })),
    retry: false,
  });
}
