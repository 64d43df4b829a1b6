import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPathFrom, safeReturnPath, verificationPathFor } from '../routing/returnPath';
import { guardDecision, type GuardInput } from './guard';

/** A logged-in, verified, subscribed user without a session, unless told otherwise. */
const decide = (pathname: string, overrides: Partial<GuardInput> = {}) =>
  guardDecision({
    pathname,
    search: '',
    hash: '',
    newerVersions: 0,
    loggedIn: true,
    banned: false,
    emailVerified: true,
    subscribed: true,
    hasSession: false,
    pendingVerification: false,
    ...overrides,
  });
const anonymous = { loggedIn: false, emailVerified: false, subscribed: null } as const;
const allow = { kind: 'allow' };
const to = (path: string) => ({ kind: 'redirect', to: path });

describe('route guard (spec 2 §2)', () => {
  it('sends every route to Update when more than one newer version exists', () => {
    for (const path of ['/', '/login', '/play', '/clock', '/banned', '/verification', '/terms']) {
      expect(decide(path, { newerVersions: 2 })).toEqual(to('/update'));
      expect(decide(path, { ...anonymous, newerVersions: 3 })).toEqual(to('/update'));
    }
    expect(decide('/update', { newerVersions: 2 })).toEqual(allow);
    // One newer version is not enough.
    expect(decide('/', { newerVersions: 1 })).toEqual(allow);
  });

  it('lets anyone read the tournament pages (spec 3 §6), also an account awaiting its e-mail code', () => {
    for (const path of ['/worldcup', '/worldcup/group', '/worldcup/knockout', '/worldcup/leaderboard', '/worldcup/7']) {
      expect(decide(path, anonymous)).toEqual(allow);
      expect(decide(path, { emailVerified: false })).toEqual(allow);
      expect(decide(path)).toEqual(allow);
    }
    // A path that only starts like it is not public.
    expect(decide('/worldcupx', anonymous)).toEqual(to(loginPathFor('/worldcupx')));
  });

  it('shows Update to anyone who opens it', () => {
    expect(decide('/update')).toEqual(allow);
    expect(decide('/update', anonymous)).toEqual(allow);
    expect(decide('/update', { banned: true })).toEqual(allow);
  });

  it('sends a visitor without a token to Login, keeping path, query and hash', () => {
    expect(decide('/play', anonymous)).toEqual(to('/login?next=%2Fplay'));
    expect(decide('/join/abc', anonymous)).toEqual(to('/login?next=%2Fjoin%2Fabc'));
    expect(decide('/join/abc', { ...anonymous, search: '?x=1', hash: '#seat' })).toEqual(
      to('/login?next=%2Fjoin%2Fabc%3Fx%3D1%23seat'),
    );
    expect(decide('/', anonymous)).toEqual(to('/login'));
    expect(decide('/banned', anonymous)).toEqual(to('/login?next=%2Fbanned'));
  });

  it('lets a visitor without a token see the public routes', () => {
    for (const path of ['/login', '/clock', '/terms', '/privacy', '/cookies']) {
      expect(decide(path, anonymous)).toEqual(allow);
    }
  });

  it('opens Verification without a token only for a pending registration', () => {
    expect(decide('/verification', { ...anonymous, pendingVerification: true })).toEqual(allow);
    expect(decide('/verification', anonymous)).toEqual(to('/login'));
  });

  it('sends a banned user (with a token) to Banned', () => {
    for (const path of ['/', '/login', '/play', '/verification', '/join/abc']) {
      expect(decide(path, { banned: true })).toEqual(to('/banned'));
    }
    expect(decide('/banned', { banned: true })).toEqual(allow);
    expect(decide('/clock', { banned: true })).toEqual(allow);
    expect(decide('/terms', { banned: true })).toEqual(allow);
    // Banned comes before unverified.
    expect(decide('/', { banned: true, emailVerified: false })).toEqual(to('/banned'));
  });

  it('sends a user without the verified-email flag to Verification, remembering where they were going', () => {
    expect(decide('/', { emailVerified: false })).toEqual(to('/verification'));
    expect(decide('/join/abc', { emailVerified: false })).toEqual(to('/verification?next=%2Fjoin%2Fabc'));
    expect(decide('/banned', { emailVerified: false })).toEqual(to('/verification'));
    expect(decide('/verification', { emailVerified: false })).toEqual(allow);
    expect(decide('/clock', { emailVerified: false })).toEqual(allow);
    expect(decide('/privacy', { emailVerified: false })).toEqual(allow);
  });

  it('after login goes to Verification if unverified, otherwise to the return route or the Lobby', () => {
    expect(decide('/login', { emailVerified: false })).toEqual(to('/verification'));
    expect(decide('/login', { emailVerified: false, search: '?next=%2Fjoin%2Fabc' })).toEqual(
      to('/verification?next=%2Fjoin%2Fabc'),
    );
    expect(decide('/login')).toEqual(to('/'));
    expect(decide('/login', { search: '?next=%2Fjoin%2Fabc%23x' })).toEqual(to('/join/abc#x'));
  });

  it('sends a logged-in user opening Login, Banned or a finished Verification on', () => {
    expect(decide('/banned')).toEqual(to('/'));
    expect(decide('/verification')).toEqual(to('/'));
    expect(decide('/verification', { search: '?next=%2Fplay' })).toEqual(to('/play'));
  });

  it('moves a user with no subscription and no session from the Grimoire to the Lobby', () => {
    expect(decide('/play', { subscribed: false })).toEqual(to('/'));
    expect(decide('/play', { subscribed: false, hasSession: true })).toEqual(allow);
    expect(decide('/play', { subscribed: true })).toEqual(allow);
    // Not known yet (the account is loading): nobody is moved.
    expect(decide('/play', { subscribed: null })).toEqual(allow);
    expect(decide('/', { subscribed: false })).toEqual(allow);
  });

  it('local play needs a subscription (spec 2 §5); an account not known yet (offline) is not moved', () => {
    expect(decide('/local', { subscribed: false })).toEqual(to('/'));
    expect(decide('/local', { subscribed: false, hasSession: true })).toEqual(to('/'));
    expect(decide('/local', { subscribed: true })).toEqual(allow);
    expect(decide('/local', { subscribed: null })).toEqual(allow);
    expect(decide('/local', { loggedIn: false, subscribed: null })).toEqual(to('/login?next=%2Flocal'));
  });

  it('allows a logged-in user everywhere else', () => {
    for (const path of ['/', '/play', '/join/x', '/clock', '/terms', '/cookies']) {
      expect(decide(path)).toEqual(allow);
    }
  });
});

describe('return path after login', () => {
  it('follows only local paths', () => {
    expect(safeReturnPath('/play')).toBe('/play');
    expect(safeReturnPath('/join/abc?x=1')).toBe('/join/abc?x=1');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath('//evil.example')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('/login?next=/play')).toBe('/');
    expect(safeReturnPath('/verification#x')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
  });

  it('reads the kept path from the query and builds it back', () => {
    expect(returnPathFrom(loginPathFor('/join/abc').split('?')[1] ?? '')).toBe('/join/abc');
    expect(returnPathFrom(verificationPathFor('/join/abc#h').split('?')[1] ?? '')).toBe('/join/abc#h');
    expect(returnPathFrom('?next=%2Fplay')).toBe('/play');
    expect(loginPathFor('/')).toBe('/login');
  });
});
