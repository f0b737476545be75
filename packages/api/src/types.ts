// Every payload type here is derived from the generated contract; none is written by hand.
import type { components, paths } from './generated/schema';

export type { components, paths };

/** The named schemas of the contract (`components.schemas`). */
export type Schemas = components['schemas'];

/** The signed-in user as login and refresh answer it. */
export type SessionUser = Schemas['SessionUser'];
/** What login and refresh answer: the access token and the user. */
export type Session = Schemas['Session'];
/** Body of `POST /auth/login`. */
export type LoginRequest = Schemas['LoginRequest'];
/** Body of `POST /auth/send-reset-email`. */
export type SendResetEmailRequest = Schemas['SendResetEmailRequest'];
/** Body of `POST /auth/reset-password`. */
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
/** Body of `POST /auth/change-password`. */
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
/** Body of `POST /auth/admin-change-password`. */
export type AdminChangePasswordRequest = Schemas['AdminChangePasswordRequest'];
/** The `{ message }` answer of the password and logout calls. */
export type MessageResult = Schemas['MessageResult'];
/** A permission code such as `VIEW_USERS`. */
export type PermissionCode = Schemas['PermissionCode'];
/** An entry of the permission catalogue. */
export type Permission = Schemas['Permission'];
/** A dropdown entry `{ id, name }`. */
export type Option = Schemas['Option'];
/** One `{ field, message }` entry of a failure envelope. */
export type ValidationError = Schemas['ValidationError'];
/** The failure envelope. */
export type ErrorEnvelope = Schemas['ErrorEnvelope'];
/** The answer of `GET /health`. */
export type Health = Schemas['Health'];

/** HTTP methods of a path item. */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

type SuccessStatus = 200 | 201 | 202 | 203 | 206;

/** The JSON body of an operation's success answer (the whole envelope). */
export type SuccessBody<Operation> = Operation extends { responses: infer Responses }
  ? {
      [Status in keyof Responses]: Status extends SuccessStatus
        ? Responses[Status] extends { content: { 'application/json': infer Body } }
          ? Body
          : never
        : never;
    }[keyof Responses]
  : never;

/** The `data` of a success envelope. */
export type EnvelopeData<Body> = Body extends { success: true; data: infer Data } ? Data : never;

/** What `unwrap` returns for `method path`, e.g. `OperationData<'/permissions', 'get'>`. */
export type OperationData<Path extends keyof paths, Method extends HttpMethod> =
  paths[Path] extends Record<Method, infer Operation>
    ? EnvelopeData<SuccessBody<Operation>>
    : never;

/** The query parameters of `method path`. */
export type OperationQuery<Path extends keyof paths, Method extends HttpMethod> =
  paths[Path] extends Record<Method, infer Operation>
    ? Operation extends { parameters: { query?: infer Query } }
      ? NonNullable<Query>
      : never
    : never;

/**
 * A multipart body as the client builds it: openapi-typescript types a binary part as `string`,
 * so text fields also accept a Blob/File (an image part).
 */
export type MultipartFields<Body> = {
  [Key in keyof Body]: Body[Key] extends string | undefined ? Body[Key] | Blob : Body[Key];
};

/** The request body of `method path` (JSON or multipart, whichever the contract declares). */
export type OperationBody<Path extends keyof paths, Method extends HttpMethod> =
  paths[Path] extends Record<Method, infer Operation>
    ? Operation extends { requestBody?: { content: infer Content } }
      ? Content extends { 'application/json': infer Json }
        ? Json
        : Content extends { 'multipart/form-data': infer Multipart }
          ? MultipartFields<Multipart>
          : never
      : never
    : never;

/** True when the contract sends `method path` as multipart/form-data. */
export type IsMultipart<Path extends keyof paths, Method extends HttpMethod> =
  paths[Path] extends Record<Method, infer Operation>
    ? Operation extends { requestBody?: { content: { 'multipart/form-data': unknown } } }
      ? true
      : false
    : false;

/** Paths the contract answers to `method` (optional `never` methods excluded). */
export type PathsWithMethod<Method extends HttpMethod> = {
  [Path in keyof paths]: paths[Path] extends Record<Method, object> ? Path : never;
}[keyof paths];
