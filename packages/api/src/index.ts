// @anaquel/api: the typed client of /api/v1, its error catalogue and the query options per resource.
import './meta';

/** Contract types (generated) and the payload aliases derived from them. */
export type * from './types';
/** `meta` accepted by every query and mutation (`handledStatuses`). */
export type { ApiRequestMeta } from './meta';

/** The client: `getApiClient()` for calls, `configureApiClient()` to point it elsewhere. */
export {
  DEFAULT_BASE_URL,
  DEFAULT_TIMEOUT_MS,
  configureApiClient,
  createApiClient,
  getApiClient,
  type ApiClient,
  type ApiClientOptions,
  type FetchFunction,
} from './client';

/** The in-memory access token, shared with the other tabs. */
export {
  AUTH_CHANNEL_NAME,
  getAccessToken,
  setAccessToken,
  subscribeAccessToken,
  type AccessTokenChange,
  type AccessTokenListener,
} from './auth-token';

/** The normalised error of every failed call. */
export {
  ApiError,
  CLIENT_ERROR_CODES,
  CLIENT_ERROR_MESSAGES,
  isAbortError,
  isApiError,
  type ApiErrorInit,
} from './api-error';

/** Envelope unwrapping for JSON calls and binary downloads. */
export { unwrap, unwrapBlob } from './envelope';

/** The global error catalogue and handler of spec 1 §8. */
export {
  ERROR_DEDUPE_MS,
  GLOBAL_ERROR_MESSAGES,
  createGlobalErrorHandler,
  TOO_MANY_ATTEMPTS_FALLBACK,
  isAccountLocked,
  isSessionExpired,
  isTooManyAttempts,
  lockedAccountMessage,
  messageForError,
  tooManyAttemptsMessage,
  type GlobalErrorHandler,
  type GlobalErrorHandlerOptions,
  type NotifyKind,
} from './errors';

/** The QueryClient with the defaults of spec 1 §9. */
export {
  DEFAULT_STALE_TIME_MS,
  createQueryClient,
  shouldRetryMutation,
  shouldRetryQuery,
  type CreateQueryClientOptions,
} from './query-client';

/** List conventions: page shape, paged query, `Sort` encoding, the contract's defaults. */
export {
  DEFAULT_OPTIONS_TAKE,
  DEFAULT_PAGE_SIZE,
  pagedQuery,
  sortableColumns,
  toApiSort,
  type ColumnSort,
  type ListState,
} from './conventions';
/** Types derived from the contract, shared with the server. */
export type { CrudPermissionBase, Page, PagedListPath, SortColumnOf } from './derived';
/** Typed calls of a path chosen by a generic resource. */
export { callApi, pathOf, type CallInit, type PathOf } from './call';
/** The contract's permission codes as a value (tests walk them). */
export { CONTRACT_PERMISSION_CODES } from './generated/values';

/** Rules and Spanish messages shared with the server (passwords, names, descriptions). */
export * from './rules';

/** Multipart bodies (products, users). */
export { multipartBodySerializer, toFormData } from './multipart';

/** Query and mutation options per resource. */
export * from './resources/auth';
export * from './resources/permissions';
export * from './resources/users';
export * from './resources/health';
export * from './resources/files';
export * from './resources/resource';
export * from './resources/options';
export * from './resources/master-data';
export * from './resources/surveys';
export * from './resources/checkins';
export * from './resources/checkin-photos';
export * from './resources/checkin-map';
export * from './resources/reports';
export * from './resources/imports';
export * from './resources/sync';
