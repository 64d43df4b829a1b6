import { describe, expect, it } from 'vitest';
import { guardDecision, loginPathFor, returnPathFrom, safeReturnPath } from './guard';

const decide = (pathname: string, loggedIn: boolean, { search = '', banned = false } = {}) =>
  guardDecision({ pathname, search, loggedIn, banned });

describe('route guard (spec 2 §2)', () => {
  it('sends a visitor without a token to Login and keeps the intended path', () => {
    expect(decide('/play', false)).toEqual({ kind: 'redirect', to: '/login?next=%2Fplay' });
    expect(decide('/join/abc', false)).toEqual({ kind: 'redirect', to: '/login?next=%2Fjoin%2Fabc' });
    expect(decide('/', false)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('lets anyone see the public routes', () => {
    expect(decide('/login', false)).toEqual({ kind: 'allow' });
    expect(decide('/clock', false)).toEqual({ kind: 'allow' });
    expect(decide('/clock', true)).toEqual({ kind: 'allow' });
  });

  it('sends a logged-in user away from Login, to the kept path or the Lobby', () => {
    expect(decide('/login', true)).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/login', true, { search: '?next=%2Fjoin%2Fabc' })).toEqual({ kind: 'redirect', to: '/join/abc' });
    expect(decide('/banned', true)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('keeps banned users on Banned', () => {
    expect(decide('/', true, { banned: true })).toEqual({ kind: 'redirect', to: '/banned' });
    expect(decide('/login', true, { banned: true })).toEqual({ kind: 'redirect', to: '/banned' });
    expect(decide('/banned', true, { banned: true })).toEqual({ kind: 'allow' });
  });

  it('allows logged-in users everywhere else', () => {
    for (const path of ['/', '/play', '/join/x', '/verification', '/update']) {
      expect(decide(path, true)).toEqual({ kind: 'allow' });
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
    expect(safeReturnPath(null)).toBe('/');
  });

  it('reads the kept path from the query and builds it back', () => {
    expect(returnPathFrom(loginPathFor('/join/abc').split('?')[1] ?? '')).toBe('/join/abc');
    expect(returnPathFrom('?next=%2Fplay')).toBe('/play');
  });
});
