import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('@anaquel/api', () => ({
  getApiClient: () => ({
    POST: (path: string) => {
      calls.push(`POST ${path}`);
      return Promise.resolve({ data: null });
    },
  }),
  unwrap: (value: Promise<unknown>) => value,
  setAccessToken: (token: string | null) => calls.push(`token ${token}`),
}));
vi.mock('../field-session', () => ({ endFieldSession: () => calls.push('signed out') }));

const { signOutOfField } = await import('./sign-out');

afterEach(() => {
  calls.length = 0;
});

describe('signOutOfField', () => {
  it('sends what it can while the session holds, then ends it', async () => {
    await signOutOfField(async () => {
      calls.push('outbox round');
    });
    expect(calls).toEqual(['outbox round', 'POST /auth/logout', 'token null', 'signed out']);
  });

  it('does not wait for ever for a round that hangs, nor stop at one that fails', async () => {
    await signOutOfField(() => new Promise(() => undefined), 10);
    expect(calls).toEqual(['POST /auth/logout', 'token null', 'signed out']);
    calls.length = 0;
    await signOutOfField(() => Promise.reject(new Error('network')));
    expect(calls).toEqual(['POST /auth/logout', 'token null', 'signed out']);
  });
});
