import { localeOfHeader, type LocaleCode } from '@belfry/protocol/locales';
import { loginBody, recoverBody, refreshBody, registerBody, resetBody, verifyBody } from '@belfry/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Accounts, ClientInfo } from '../auth/accounts';
import type { Captcha } from '../auth/captcha';
import type { PhoneVerification } from '../auth/phone';
import type { RateLimiter } from '../auth/rate-limit';
import type { RateLimits } from '../config';
import type { Users } from '../users/users';
import type { Authenticate } from './authenticate';
import { HttpError, parseBody } from './errors';

interface Deps {
  accounts: Accounts;
  users: Users;
  captcha: Captcha;
  phone: PhoneVerification;
  limiter: RateLimiter;
  limits: RateLimits;
  auth: Authenticate;
}

export const clientInfo = (req: FastifyRequest): ClientInfo => ({
  ip: req.ip,
  agent: String(req.headers['user-agent'] ?? ''),
  version: String(req.headers['x-app-version'] ?? ''),
});

const emailKey = (email: string) => email.trim().toLowerCase();

/** The web app sends its interface language as Accept-Language: mails and texts follow it (issue 20). */
const localeOf = (req: FastifyRequest): LocaleCode => localeOfHeader(req.headers['accept-language']);

/** Registration, login, recovery, tokens and verification (spec 2 §4, §5, §7, §8). */
export const registerAuthRoutes = (app: FastifyInstance, deps: Deps) => {
  const { accounts, users, captcha, phone, limiter, limits, auth } = deps;

  /**
   * The captcha comes before every counter (DESIGN 6): a post without a solved captcha moves no
   * address's or account's counter, so nobody can lock another person out by posting their address.
   * Failed captchas are bounded by a counter of their own, per address only.
   */
  const requireCaptcha = async (req: FastifyRequest, payload: string) => {
    if (!(await captcha.accept(payload))) {
      await limiter.hit(`captcha:ip:${req.ip}`, limits.captchaFailPerIp);
      throw new HttpError(400, 'captcha_invalid', 'Please solve the captcha again.');
    }
  };

  app.get('/backend/captcha', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.challenge();
  });

  app.post('/backend/auth/register', async (req, reply) => {
    const body = parseBody(registerBody, req.body);
    await requireCaptcha(req, body.captcha);
    await limiter.hit(`register:ip:${req.ip}`, limits.registerPerIp);
    await limiter.hit(`register:account:${emailKey(body.email)}`, limits.registerPerAccount);
    reply.code(202);
    return accounts.register(body, Date.now(), localeOf(req));
  });

  app.post('/backend/auth/login', async (req) => {
    const body = parseBody(loginBody, req.body);
    await requireCaptcha(req, body.captcha);
    await limiter.hit(`login:ip:${req.ip}`, limits.loginPerIp);
    await limiter.hit(`login:account:${emailKey(body.email)}`, limits.loginPerAccount);
    return accounts.login(body, clientInfo(req));
  });

  app.post('/backend/auth/recover', async (req, reply) => {
    const body = parseBody(recoverBody, req.body);
    await requireCaptcha(req, body.captcha);
    await limiter.hit(`recover:ip:${req.ip}`, limits.recoverPerIp);
    await limiter.hit(`recover:account:${emailKey(body.email)}`, limits.recoverPerAccount);
    reply.code(202);
    return accounts.recover(body.email, Date.now(), localeOf(req));
  });

  app.post('/backend/auth/reset', async (req) => {
    const body = parseBody(resetBody, req.body);
    await limiter.hit(`verify:ip:${req.ip}`, limits.verifyPerIp);
    await limiter.hit(`verify:account:${emailKey(body.email)}`, limits.verifyPerAccount);
    return accounts.reset(body, clientInfo(req));
  });

  app.post('/backend/auth/refresh', async (req) =>
    accounts.refresh(parseBody(refreshBody, req.body).refreshToken, clientInfo(req)),
  );

  app.post('/backend/auth/logout', async (req, reply) => {
    await accounts.logout(parseBody(refreshBody, req.body).refreshToken);
    reply.code(204);
  });

  app.post('/backend/verify', async (req, reply) => {
    const body = parseBody(verifyBody, req.body);
    const user = await auth.optional(req);
    await limiter.hit(`verify:ip:${req.ip}`, limits.verifyPerIp);
    if (body.type === 'email') {
      if (user) {
        await limiter.hit(`verify:account:${user.id}`, limits.verifyPerAccount);
        if (body.code === undefined) return accounts.resendFor(user, Date.now(), localeOf(req));
        const verified = await accounts.verifyFor(user, body.code);
        return { status: 'verified', user: await users.me(verified) };
      }
      if (!body.email) throw new HttpError(401, 'unauthorized', 'Please log in.');
      await limiter.hit(`verify:account:${emailKey(body.email)}`, limits.verifyPerAccount);
      if (body.code === undefined) {
        reply.code(202);
        return accounts.resendPending(body.email, Date.now(), localeOf(req));
      }
      return { status: 'verified', tokens: await accounts.verifyPending(body.email, body.code, clientInfo(req)) };
    }
    if (!user) throw new HttpError(401, 'unauthorized', 'Please log in.');
    if (body.code === undefined) {
      await limiter.hit(`phone:ip:${req.ip}`, limits.phoneSendPerIp);
      await limiter.hit(`phone:account:${user.id}`, limits.phoneSendPerAccount);
      return phone.send(user, body.prefix, body.phone, localeOf(req));
    }
    await limiter.hit(`verify:account:${user.id}`, limits.verifyPerAccount);
    await phone.check(user, body.prefix, body.phone, body.code);
    return { status: 'verified', user: await users.me((await users.byId(user.id))!) };
  });
};
