// The API as a given account, to prepare data for a journey and check what its screens saved.
import { expect, type APIRequestContext } from '@playwright/test';
import type { Account } from './accounts.ts';

interface Envelope<T> {
  success: boolean;
  data: T;
  errorMessage?: string;
}

export interface ApiSession {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
  /** multipart/form-data (products, users); lists go as `name[index]` parts. */
  postMultipart<T>(path: string, fields: Record<string, string | number | boolean>): Promise<T>;
}

export async function apiAs(
  request: APIRequestContext,
  account: Pick<Account, 'email' | 'password'>,
): Promise<ApiSession> {
  const login = await request.post('/api/v1/auth/login', {
    data: { username: account.email, password: account.password, rememberMe: false },
  });
  expect(login.status(), `API login of ${account.email}`).toBe(200);
  const { accessToken } = ((await login.json()) as Envelope<{ accessToken: string }>).data;
  const headers = { Authorization: `Bearer ${accessToken}` };
  async function read<T>(what: string, response: Awaited<ReturnType<typeof request.get>>) {
    const body = (await response.json()) as Envelope<T>;
    expect(response.ok(), `${what}: ${body.errorMessage ?? response.status()}`).toBe(true);
    return body.data;
  }
  return {
    get: async (path) => read(`GET ${path}`, await request.get(`/api/v1${path}`, { headers })),
    post: async (path, body) =>
      read(`POST ${path}`, await request.post(`/api/v1${path}`, { headers, data: body })),
    put: async (path, body) =>
      read(`PUT ${path}`, await request.put(`/api/v1${path}`, { headers, data: body })),
    postMultipart: async (path, fields) =>
      read(
        `POST ${path}`,
        await request.post(`/api/v1${path}`, {
          headers,
          multipart: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
        }),
      ),
  };
}

/** The id of the active option whose name is exactly `name` (`GET {resource}/options`). */
export async function optionId(api: ApiSession, resource: string, name: string): Promise<number> {
  const options = await api.get<{ id: number; name: string }[]>(
    `${resource}/options?Filter=${encodeURIComponent(name)}&Take=100`,
  );
  const option = options.find((o) => o.name === name);
  expect(option, `${resource} option '${name}'`).toBeDefined();
  return option!.id;
}
