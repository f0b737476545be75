import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerOperation } from '../http/contract.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../auth/cookies.ts';
import { principalOf } from '../auth/guard.ts';
import * as auth from '../auth/service.ts';
import { familyOfToken, revokeFamily } from '../auth/sessions.ts';

function depsOf(request: FastifyRequest): auth.AuthDeps {
  const { db, config, mailer } = request.server.services;
  return { db, config, mailer, log: request.log };
}

export default function authRoutes(app: FastifyInstance): void {
  // Rate limits (auth/rate-limit.ts): per address, then per account, before any other work.
  const limits = app.authLimiters;

  registerOperation(app, 'login', { auth: 'public' }, async (request, reply) => {
    await limits.login.perAddress(request);
    const session = await auth.login(depsOf(request), request.body, { ip: request.ip });
    setRefreshCookie(reply, app.services.config, session.refresh);
    return { accessToken: session.accessToken, user: session.user };
  });

  registerOperation(app, 'refreshToken', { auth: 'public' }, async (request, reply) => {
    try {
      const session = await auth.refresh(depsOf(request), readRefreshCookie(request));
      setRefreshCookie(reply, app.services.config, session.refresh);
      return { accessToken: session.accessToken, user: session.user };
    } catch (error) {
      clearRefreshCookie(reply, app.services.config);
      throw error;
    }
  });

  registerOperation(app, 'logout', { auth: 'public' }, async (request, reply) => {
    const token = readRefreshCookie(request);
    if (token) {
      const familyId = await familyOfToken(app.services.db, token);
      if (familyId) await revokeFamily(app.services.db, familyId);
    }
    clearRefreshCookie(reply, app.services.config);
    return { message: 'Sesión cerrada exitosamente.' };
  });

  registerOperation(app, 'sendResetEmail', { auth: 'public' }, async (request) => {
    await limits.sendResetEmail.perAddress(request);
    await limits.sendResetEmail.perAccount(request, request.body.email);
    // Answered at once, the same way for every e-mail: the look-up, the token and the mail
    // happen after the answer (errors are logged).
    const deps = depsOf(request);
    const { email } = request.body;
    app.services.mailer.defer(() => auth.sendResetEmail(deps, email), 'password reset request');
    return { message: auth.RESET_EMAIL_MESSAGE };
  });

  registerOperation(app, 'resetPassword', { auth: 'public' }, async (request) => {
    await limits.resetPassword.perAddress(request);
    await limits.resetPassword.perAccount(request, request.body.email);
    await auth.resetPassword(depsOf(request), request.body);
    return { message: 'Contraseña restablecida exitosamente.' };
  });

  registerOperation(app, 'changePassword', { auth: 'authenticated' }, async (request) => {
    await limits.changePassword.perAddress(request);
    await limits.changePassword.perAccount(request, principalOf(request).userId);
    await auth.changePassword(depsOf(request), principalOf(request), request.body);
    return { message: 'La contraseña se cambió exitosamente.' };
  });

  registerOperation(
    app,
    'adminChangePassword',
    { auth: 'CHANGE_PASSWORD_USERS' },
    async (request) => {
      await auth.adminChangePassword(depsOf(request), principalOf(request), request.body);
      return { message: 'La contraseña del usuario se cambió exitosamente.' };
    },
  );
}
