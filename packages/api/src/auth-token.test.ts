import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AUTH_CHANNEL_NAME,
  getAccessToken,
  resetAccessTokenStore,
  setAccessToken,
  subscribeAccessToken,
  type AccessTokenChange,
} from './auth-token';
import { ADMIN_USER } from './test/mock-fetch';

let otherTab: BroadcastChannel;

beforeEach(() => {
  resetAccessTokenStore();
  otherTab = new BroadcastChannel(AUTH_CHANNEL_NAME);
});
afterEach(() => {
  otherTab.close();
  resetAccessTokenStore();
});

function nextMessage(channel: BroadcastChannel): Promise<unknown> {
  return new Promise((resolve) => {
    channel.addEventListener('message', (event) => resolve(event.data), { once: true });
  });
}

describe('access token store', () => {
  it('keeps the token in memory and tells the subscribers, with the user when given', () => {
    const changes: AccessTokenChange[] = [];
    const unsubscribe = subscribeAccessToken((change) => changes.push(change));
    setAccessToken('token-1', { user: ADMIN_USER });
    expect(getAccessToken()).toBe('token-1');
    setAccessToken('token-1');
    setAccessToken(null);
    setAccessToken(null);
    unsubscribe();
    setAccessToken('token-2');
    expect(changes).toEqual([
      { accessToken: 'token-1', user: ADMIN_USER, origin: 'local' },
      { accessToken: null, origin: 'local' },
    ]);
  });

  it("posts every change on the 'anaquel-auth' channel so the other tabs follow", async () => {
    const received = nextMessage(otherTab);
    setAccessToken('token-1', { user: ADMIN_USER });
    expect(await received).toEqual({
      type: 'access-token',
      accessToken: 'token-1',
      user: ADMIN_USER,
    });
  });

  it("follows another tab's token and user, marked as remote", async () => {
    const change = new Promise<AccessTokenChange>((resolve) => {
      subscribeAccessToken(resolve);
    });
    otherTab.postMessage({ type: 'access-token', accessToken: 'from-tab-b', user: ADMIN_USER });
    expect(await change).toEqual({
      accessToken: 'from-tab-b',
      user: ADMIN_USER,
      origin: 'remote',
    });
    expect(getAccessToken()).toBe('from-tab-b');
  });

  it('ignores foreign messages on the channel', async () => {
    setAccessToken('mine');
    const changes: AccessTokenChange[] = [];
    subscribeAccessToken((change) => changes.push(change));
    otherTab.postMessage({ type: 'something-else', accessToken: 'x' });
    otherTab.postMessage({ type: 'access-token', accessToken: 42 });
    // A valid message afterwards proves the two before it were delivered and ignored.
    const done = new Promise<void>((resolve) => subscribeAccessToken(() => resolve()));
    otherTab.postMessage({ type: 'access-token', accessToken: null });
    await done;
    expect(changes).toEqual([{ accessToken: null, origin: 'remote' }]);
  });
});
