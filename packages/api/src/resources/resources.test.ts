import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import {
  getAccessToken,
  resetAccessTokenStore,
  setAccessToken,
  subscribeAccessToken,
  type AccessTokenChange,
} from '../auth-token';
import { configureApiClient } from '../client';
import {
  ADMIN_USER,
  TEST_BASE_URL,
  createMockFetch,
  failure,
  ok,
  type MockHandler,
} from '../test/mock-fetch';
import type { Option, Permission, Session } from '../types';
import {
  adminChangePasswordMutationOptions,
  changePasswordMutationOptions,
  loginMutationOptions,
  logoutMutationOptions,
  refreshMutationOptions,
  resetPasswordMutationOptions,
  sendResetEmailMutationOptions,
} from './auth';
import { fileThumbnailUrl, fileUrl, galleryImage } from './files';
import { healthQueryOptions } from './health';
import { PERMISSIONS_STALE_TIME_MS, permissionsQueryOptions } from './permissions';
import {
  OPTIONS_STALE_TIME_MS,
  createMutationOptions,
  deleteMutationOptions,
  detailQueryOptions,
  optionsQueryOptions,
  pagedQueryOptions,
  resourceKeys,
  updateMutationOptions,
  type CreateBody,
  type PagedData,
  type PagedParams,
  type UpdateBody,
} from './resource';
import { promotersQueryOptions, userKeys } from './users';

let queryClient: QueryClient;

function serve(handler: MockHandler) {
  const mock = createMockFetch(handler);
  configureApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
  return mock;
}

/** Runs mutation options the way useMutation does (mutationFn receives the client in its context). */
function runMutation<TData, TVariables>(
  options: { mutationFn?: (variables: TVariables, context: never) => Promise<TData> } & object,
  variables: TVariables,
): Promise<TData> {
  return queryClient
    .getMutationCache()
    .build(queryClient, options as never)
    .execute(variables) as Promise<TData>;
}

beforeEach(() => {
  resetAccessTokenStore();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  queryClient.clear();
  resetAccessTokenStore();
});

describe('auth', () => {
  const session: Session = { accessToken: 'token-1', user: ADMIN_USER };

  it('login stores the token, broadcasts the user and resolves to the session', async () => {
    const mock = serve(() => ok(session));
    const changes: AccessTokenChange[] = [];
    subscribeAccessToken((change) => changes.push(change));
    const options = loginMutationOptions();
    const result = await runMutation(options, {
      username: 'admin@anaquel.mx',
      password: 'Anaquel#2026',
      rememberMe: true,
    });
    expectTypeOf(result).toEqualTypeOf<Session>();
    expect(result).toEqual(session);
    expect(getAccessToken()).toBe('token-1');
    expect(changes).toEqual([{ accessToken: 'token-1', user: ADMIN_USER, origin: 'local' }]);
    expect(JSON.parse(mock.calls[0]?.body ?? '')).toEqual({
      username: 'admin@anaquel.mx',
      password: 'Anaquel#2026',
      rememberMe: true,
    });
  });

  it('login, logout and refresh are never retried; login hands its 401 to the screen', () => {
    expect(loginMutationOptions().retry).toBe(0);
    expect(logoutMutationOptions().retry).toBe(0);
    expect(refreshMutationOptions().retry).toBe(0);
    expect(loginMutationOptions().meta?.handledStatuses).toEqual([401]);
  });

  it('a failed login leaves no token behind', async () => {
    serve(() => failure(401, 'INVALID_CREDENTIALS', 'Credenciales inválidas.'));
    const error = await runMutation(loginMutationOptions(), {
      username: 'admin@anaquel.mx',
      password: 'mal',
      rememberMe: false,
    }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ statusCode: 401, errorCode: 'INVALID_CREDENTIALS' });
    expect(getAccessToken()).toBeNull();
  });

  it('logout forgets the token even when the server cannot be reached', async () => {
    setAccessToken('token-1');
    serve(() => Promise.reject(new TypeError('fetch failed')));
    await expect(runMutation(logoutMutationOptions(), undefined)).rejects.toBeInstanceOf(ApiError);
    expect(getAccessToken()).toBeNull();
  });

  it('refresh joins the shared single refresh and stores the new token', async () => {
    const mock = serve(() => ok(session));
    const options = refreshMutationOptions();
    const [a, b] = await Promise.all([
      runMutation(options, undefined),
      runMutation(options, undefined),
    ]);
    expect(a).toEqual(session);
    expect(b).toEqual(session);
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
    expect(getAccessToken()).toBe('token-1');
  });

  it.each([
    ['send-reset-email', sendResetEmailMutationOptions, { email: 'maria.lopez@anaquel.mx' }],
    [
      'reset-password',
      resetPasswordMutationOptions,
      { token: 't', email: 'maria.lopez@anaquel.mx', newPassword: 'Bodega#2027' },
    ],
    [
      'change-password',
      changePasswordMutationOptions,
      { currentPassword: 'Anaquel#2026', newPassword: 'Bodega2027' },
    ],
    [
      'admin-change-password',
      adminChangePasswordMutationOptions,
      { userId: 12, newPassword: 'Bodega#2027' },
    ],
  ] as const)(
    '%s posts its body, answers the message and hands 400 to the component',
    async (path, factory, body) => {
      const mock = serve(() => ok({ message: 'Hecho.' }));
      const options = factory();
      expect(options.meta?.handledStatuses).toEqual([400]);
      await expect(runMutation(options as never, body)).resolves.toEqual({ message: 'Hecho.' });
      expect(mock.calls[0]?.path).toBe(`/auth/${path}`);
      expect(JSON.parse(mock.calls[0]?.body ?? '')).toEqual(body);
    },
  );
});

describe('permissions', () => {
  const catalogue: Permission[] = [
    {
      id: 5,
      code: 'VIEW_BRANDS',
      group: 'Productos/Marcas',
      clientPolicy: 'VIEW',
      description: 'Ver marcas',
    },
  ];

  it('is cached for 1440 minutes under a stable key', async () => {
    serve(() => ok(catalogue));
    const options = permissionsQueryOptions();
    expect(options.staleTime).toBe(PERMISSIONS_STALE_TIME_MS);
    expect(PERMISSIONS_STALE_TIME_MS).toBe(1440 * 60 * 1000);
    expect(permissionsQueryOptions().queryKey).toEqual(options.queryKey);
    const data = await queryClient.fetchQuery(options);
    expectTypeOf(data).toEqualTypeOf<Permission[]>();
    expect(data).toEqual(catalogue);
  });

  it('only logs a 403 (no toast: the status is handled)', async () => {
    serve(() => failure(403, 'FORBIDDEN', 'No tienes permiso para realizar esta acción.'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const options = permissionsQueryOptions();
    await expect(queryClient.fetchQuery(options)).rejects.toMatchObject({ statusCode: 403 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(options.meta?.handledStatuses).toEqual([403]);
  });
});

describe('promoters and health', () => {
  it('loads the promoter options under the users prefix, without retries', async () => {
    const promoters: Option[] = [{ id: 7, name: 'María López' }];
    const mock = serve(() => ok(promoters));
    const options = promotersQueryOptions();
    expect(options.retry).toBe(false);
    expect(options.queryKey.slice(0, 1)).toEqual(userKeys.all);
    await expect(queryClient.fetchQuery(options)).resolves.toEqual(promoters);
    expect(mock.calls[0]?.path).toBe('/users/promoters');
  });

  it('reads the health check', async () => {
    serve(() => ok({ status: 'ok', database: 'ok' }));
    await expect(queryClient.fetchQuery(healthQueryOptions())).resolves.toEqual({
      status: 'ok',
      database: 'ok',
    });
  });
});

describe('generic master-data resources', () => {
  const page: PagedData<'/brands'> = {
    rows: [{ id: 1, name: 'Coca', createdAt: '2026-01-01T00:00:00.000Z' }] as never,
    page: 1,
    pageSize: 10,
    totalPages: 1,
    totalCount: 1,
    hasNext: false,
    hasPrev: false,
  };

  it('pages: stable key, Filter/Page/PageSize and a repeated Sort, no retries', async () => {
    const mock = serve(() => ok(page));
    const params: PagedParams<'/brands'> = {
      Filter: 'coca',
      Page: 2,
      PageSize: 20,
      Sort: ['-isActive', 'name'],
    };
    const options = pagedQueryOptions('/brands', params);
    expect(options.queryKey).toEqual(['/brands', 'paged', params]);
    expect(pagedQueryOptions('/brands', { ...params }).queryKey).toEqual(options.queryKey);
    expect(options.retry).toBe(false);
    const data = await queryClient.fetchQuery(options);
    expectTypeOf(data).toEqualTypeOf<PagedData<'/brands'>>();
    expect(data).toEqual(page);
    expect(mock.calls[0]?.path).toBe('/brands/paged');
    const search = new URLSearchParams(mock.calls[0]?.search);
    expect(search.getAll('Sort')).toEqual(['-isActive', 'name']);
    expect([search.get('Filter'), search.get('Page'), search.get('PageSize')]).toEqual([
      'coca',
      '2',
      '20',
    ]);
  });

  it('options are fresh for 60 s', async () => {
    const mock = serve(() => ok([{ id: 1, name: 'Coca' }]));
    const options = optionsQueryOptions('/brands', { Take: 10 });
    expect(options.staleTime).toBe(OPTIONS_STALE_TIME_MS);
    expect(OPTIONS_STALE_TIME_MS).toBe(60_000);
    await queryClient.fetchQuery(options);
    expect(mock.calls[0]?.path).toBe('/brands/options');
    expect(mock.calls[0]?.search).toBe('?Take=10');
  });

  it('reads one record by id', async () => {
    const mock = serve(() => ok({ id: 4, name: 'Coca' }));
    const options = detailQueryOptions('/brands', 4);
    expect(options.queryKey).toEqual(['/brands', 'detail', 4]);
    await queryClient.fetchQuery(options);
    expect(mock.calls[0]?.path).toBe('/brands/4');
  });

  it('create, update and delete invalidate every query of the resource and the related ones', async () => {
    const mock = serve(() => ok({ id: 1, name: 'Coca' }));
    const stale = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;
    const seed = () => {
      queryClient.setQueryData(resourceKeys('/brands').paged({ Page: 1 }), page);
      queryClient.setQueryData(resourceKeys('/brands').options({}), []);
      queryClient.setQueryData(resourceKeys('/products').paged({ Page: 1 }), page);
      queryClient.setQueryData(resourceKeys('/regions').paged({ Page: 1 }), page);
    };

    seed();
    await runMutation(createMutationOptions('/brands', { invalidates: ['/products'] }), {
      name: 'Coca',
    } as CreateBody<'/brands'>);
    expect(stale(resourceKeys('/brands').paged({ Page: 1 }))).toBe(true);
    expect(stale(resourceKeys('/brands').options({}))).toBe(true);
    expect(stale(resourceKeys('/products').paged({ Page: 1 }))).toBe(true);
    expect(stale(resourceKeys('/regions').paged({ Page: 1 }))).toBe(false);

    queryClient.clear();
    seed();
    await runMutation(updateMutationOptions('/brands'), {
      id: 1,
      body: { name: 'Pepsi' } as UpdateBody<'/brands'>,
    });
    expect(stale(resourceKeys('/brands').paged({ Page: 1 }))).toBe(true);
    expect(stale(resourceKeys('/products').paged({ Page: 1 }))).toBe(false);

    queryClient.clear();
    seed();
    queryClient.setQueryData(resourceKeys('/brands').detail(1), { id: 1 });
    await runMutation(deleteMutationOptions('/brands'), 1);
    expect(queryClient.getQueryData(resourceKeys('/brands').detail(1))).toBeUndefined();
    expect(stale(resourceKeys('/brands').options({}))).toBe(true);

    expect(mock.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /brands',
      'PUT /brands/1',
      'DELETE /brands/1',
    ]);
    expect(JSON.parse(mock.calls[1]?.body ?? '')).toEqual({ name: 'Pepsi' });
  });

  it('sends a multipart product with lists as name[index] parts and the image as a file', async () => {
    const mock = serve(() => ok({ id: 3 }));
    const image = new File([new Uint8Array([1, 2, 3])], 'foto.png', { type: 'image/png' });
    const body: CreateBody<'/products'> = {
      clientIds: [3, 5],
      categoryId: 1,
      subcategoryId: 2,
      brandId: 4,
      sku: 'SKU-1',
      name: 'Refresco',
      isActive: true,
      productImage: image,
    };
    await runMutation(createMutationOptions('/products'), body);
    const [call] = mock.calls;
    expect(call?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(call?.body).toContain('name="clientIds[0]"\r\n\r\n3');
    expect(call?.body).toContain('name="clientIds[1]"\r\n\r\n5');
    expect(call?.body).toContain('name="isActive"\r\n\r\ntrue');
    expect(call?.body).toContain('name="productImage"; filename="foto.png"');
  });
});

describe('fileUrl', () => {
  it('points at /api/v1/files/{id}', () => {
    configureApiClient();
    expect(fileUrl('3f0e8c5e-1d2b-4a6f-9c1e-7b2d4f6a8e90')).toBe(
      '/api/v1/files/3f0e8c5e-1d2b-4a6f-9c1e-7b2d4f6a8e90',
    );
  });

  it('asks for the thumbnail with size=thumb, under the configured base URL', () => {
    configureApiClient({ baseUrl: 'https://anaquel.example/api/v1/' });
    expect(fileThumbnailUrl('3f0e8c5e-1d2b-4a6f-9c1e-7b2d4f6a8e90')).toBe(
      'https://anaquel.example/api/v1/files/3f0e8c5e-1d2b-4a6f-9c1e-7b2d4f6a8e90?size=thumb',
    );
    expect(galleryImage('a/b')).toEqual({
      src: 'https://anaquel.example/api/v1/files/a%2Fb',
      thumbnailSrc: 'https://anaquel.example/api/v1/files/a%2Fb?size=thumb',
    });
    configureApiClient();
  });
});
