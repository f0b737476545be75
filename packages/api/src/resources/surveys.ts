// Surveys beyond the generic CRUD of ./resource.ts (issue 10, spec 2 §2 and §7): the designer's
// tree (`GET surveys/{id}`, `GET questions/{id}/survey`), the one-step moves of segments,
// questions and options, and the duplication of a survey. Every designer change refetches the
// tree and the four lists, so validity and order refresh without a reload.
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { getApiClient } from '../client';
import { unwrap } from '../envelope';
import type { Schemas } from '../types';
import { invalidateResources, resourceKeys, type EntityId } from './resource';
import '../meta';

/** A survey as its list and form show it. */
export type Survey = Schemas['Survey'];
/** Body of `POST /surveys` and `PUT /surveys/{id}`. */
export type SurveyInput = Schemas['SurveyInput'];
/** The whole survey as the designer shows it, with the server's validity. */
export type SurveyTree = Schemas['SurveyTree'];
/** A segment inside the tree. */
export type SegmentNode = Schemas['SegmentNode'];
/** A question inside the tree. */
export type QuestionNode = Schemas['QuestionNode'];
/** An option inside the tree, with its skip logic. */
export type MultipleOption = Schemas['MultipleOption'];
/** Body of `POST /surveys/{id}/duplicate`. */
export type SurveyDuplicateInput = Schemas['SurveyDuplicateInput'];
/** A survey of the plain list `GET /surveys`. */
export type SurveySummary = Schemas['SurveySummary'];
/** A segment as its list and form show it. */
export type Segment = Schemas['Segment'];
/** Body of `POST /segments` and `PUT /segments/{id}`. */
export type SegmentInput = Schemas['SegmentInput'];
/** A question as its list and form show it. */
export type Question = Schemas['Question'];
/** Body of `POST /questions` and `PUT /questions/{id}`. */
export type QuestionInput = Schemas['QuestionInput'];
/** An option as its list and form show it. */
export type MultipleOptionRow = Schemas['MultipleOptionRow'];
/** Body of `POST /multipleoptions` and `PUT /multipleoptions/{id}`. */
export type MultipleOptionInput = Schemas['MultipleOptionInput'];
/** One step up or down. */
export type MoveDirection = Schemas['MoveInput']['direction'];

/** The resources a designer change touches: the tree lives under '/surveys'. */
export const SURVEY_RESOURCES = [
  '/surveys',
  '/segments',
  '/questions',
  '/multipleoptions',
] as const;

/** Query keys of the designer tree (under '/surveys', so survey invalidations reach it). */
export const surveyTreeKeys = {
  all: [...resourceKeys('/surveys').all, 'tree'] as const,
  tree: (id: EntityId) => [...resourceKeys('/surveys').all, 'tree', id] as const,
  ofQuestion: (questionId: EntityId) =>
    [...resourceKeys('/surveys').all, 'tree', 'question', questionId] as const,
};

/** Refetches the tree and the four survey lists. */
export function invalidateSurveys(client: QueryClient): Promise<void> {
  return invalidateResources(client, SURVEY_RESOURCES);
}

/** `GET /surveys/{id}`: the designer tree with `isValid` and `errors` everywhere. */
export function surveyTreeQueryOptions(id: EntityId) {
  return queryOptions({
    queryKey: surveyTreeKeys.tree(id),
    queryFn: ({ signal }) =>
      unwrap(getApiClient().GET('/surveys/{id}', { params: { path: { id } }, signal })),
    // Edits from the list screens do not reach this key: opening the designer always reloads.
    staleTime: 0,
    retry: false,
  });
}

/** `GET /questions/{id}/survey`: the tree of the survey holding a question. */
export function questionSurveyQueryOptions(questionId: EntityId) {
  return queryOptions({
    queryKey: surveyTreeKeys.ofQuestion(questionId),
    queryFn: ({ signal }) =>
      unwrap(
        getApiClient().GET('/questions/{id}/survey', {
          params: { path: { id: questionId } },
          signal,
        }),
      ),
    retry: false,
  });
}

/** Variables of a move. */
export interface MoveVariables {
  id: EntityId;
  direction: MoveDirection;
}

/** The movable resources and their move paths. */
export type MovableResource = '/segments' | '/questions' | '/multipleoptions';

/**
 * `POST {resource}/{id}/move`: one step up or down, swapped with the neighbour on the server.
 * Not retried (a retry would move twice); the tree and lists refetch on success.
 */
export function moveMutationOptions(resource: MovableResource) {
  return mutationOptions({
    mutationKey: [resource, 'move'],
    mutationFn: async ({ id, direction }: MoveVariables, context) => {
      const init = { params: { path: { id } }, body: { direction } };
      const client = getApiClient();
      const data =
        resource === '/segments'
          ? await unwrap(client.POST('/segments/{id}/move', init))
          : resource === '/questions'
            ? await unwrap(client.POST('/questions/{id}/move', init))
            : await unwrap(client.POST('/multipleoptions/{id}/move', init));
      await invalidateSurveys(context.client);
      return data;
    },
    retry: 0,
  });
}

/** Variables of a duplication. */
export interface DuplicateSurveyVariables {
  id: EntityId;
  body: SurveyDuplicateInput;
}

/** `POST /surveys/{id}/duplicate`: copies the whole tree; not retried (it would copy twice). */
export function duplicateSurveyMutationOptions() {
  return mutationOptions({
    mutationKey: ['/surveys', 'duplicate'],
    mutationFn: async ({ id, body }: DuplicateSurveyVariables, context) => {
      const data = await unwrap(
        getApiClient().POST('/surveys/{id}/duplicate', { params: { path: { id } }, body }),
      );
      await invalidateSurveys(context.client);
      return data;
    },
    retry: 0,
  });
}
