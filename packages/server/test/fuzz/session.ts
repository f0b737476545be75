import type { FastifyInstance } from 'fastify';
import { ALL_PERMISSION_CODES } from '../../src/auth/permission-catalogue.ts';
import type { Db } from '../../src/db/client.ts';
import { accessTokenFor, createUser } from '../helpers.ts';

/**
 * The fuzzer's caller: a user holding every permission (not the administrator, whom the fuzzer
 * must not lock out), with an access token minted again every `every` requests, since fuzzed
 * requests may sign it out (logout, password changes).
 */
export async function fuzzSession(app: FastifyInstance, db: Db, every = 10) {
  const user = await createUser(db, app.services.config, ALL_PERMISSION_CODES);
  let token = await accessTokenFor(app, db, user.id);
  return {
    token: () => token,
    async afterRequest(count: number) {
      if (count % every === 0) token = await accessTokenFor(app, db, user.id);
    },
  };
}
