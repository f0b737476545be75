import {
  ApiError,
  CLIENT_ERROR_CODES,
  CLIENT_ERROR_MESSAGES,
  apiErrorFromBody,
  isAbortError,
  toApiError,
} from './api-error';
import type { EnvelopeData } from './types';

/** The shape openapi-fetch resolves to: `data` on success, `error` on failure, and the response. */
export interface FetchResultLike {
  data?: unknown;
  error?: unknown;
  response: Response;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function settle<Result extends FetchResultLike>(
  call: Result | Promise<Result>,
): Promise<Result> {
  try {
    return await call;
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw toApiError(error);
  }
}

/**
 * Resolves an openapi-fetch call to the `data` of its success envelope (spec 1 §7). Throws an
 * `ApiError`: 'Empty response data' when `data` is missing, the normalised failure envelope
 * otherwise (also for non-JSON bodies, network errors and timeouts, with statusCode 0).
 */
export async function unwrap<Result extends FetchResultLike>(
  call: Result | Promise<Result>,
): Promise<EnvelopeData<NonNullable<Result['data']>>> {
  const { data, error, response } = await settle(call);
  if (!response.ok) throw apiErrorFromBody(response.status, error);
  if (!isRecord(data)) {
    if (data === undefined || data === null) throw emptyResponse(response.status);
    throw invalidResponse(response.status);
  }
  if (data.success === false) throw apiErrorFromBody(response.status, data);
  if (data.success !== true) throw invalidResponse(response.status);
  if (data.data === undefined || data.data === null) throw emptyResponse(response.status);
  return data.data as EnvelopeData<NonNullable<Result['data']>>;
}

/**
 * Resolves a binary download (`parseAs: 'blob'`) to its Blob, bypassing the JSON envelope. A
 * failed download's body is read as text: its errorMessage, or message, or the raw text (spec 1 §8).
 */
export async function unwrapBlob<Result extends FetchResultLike>(
  call: Result | Promise<Result>,
): Promise<Blob> {
  const { data, error, response } = await settle(call);
  if (!response.ok) throw apiErrorFromBody(response.status, error);
  if (!(data instanceof Blob)) throw emptyResponse(response.status);
  return data;
}

function emptyResponse(statusCode: number): ApiError {
  return new ApiError({
    statusCode,
    errorCode: CLIENT_ERROR_CODES.emptyResponse,
    errorMessage: CLIENT_ERROR_MESSAGES.emptyResponse,
  });
}

function invalidResponse(statusCode: number): ApiError {
  return new ApiError({
    statusCode,
    errorCode: CLIENT_ERROR_CODES.invalidResponse,
    errorMessage: CLIENT_ERROR_MESSAGES.invalidResponse,
  });
}
