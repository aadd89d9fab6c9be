import { matchRoute } from '@countersign/domain';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures.js';
import { decideScreen, needsTermsAcceptance } from './guards.js';
import type { ScreenContext } from './guards.js';

const route = (path: string) => matchRoute(path).route;
const base = (path: string): ScreenContext => ({
  route: route(path),
  role: 'unauthenticated',
  user: null,
  location: path,
  maintenance: null,
  cookiesEnabled: true,
});
const user = makeUser();

describe('decideScreen', () => {
  it('sends every route to /cookiesblocked when the browser keeps no cookies (spec 2)', () => {
    const blocked = { cookiesEnabled: false };
    expect(decideScreen({ ...base('/login'), ...blocked })).toEqual({
      kind: 'redirect',
      to: '/cookiesblocked',
    });
    expect(decideScreen({ ...base('/dashboard'), role: 'user', user, ...blocked })).toEqual({
      kind: 'redirect',
      to: '/cookiesblocked',
    });
    expect(decideScreen({ ...base('/cookiesblocked'), ...blocked })).toEqual({ kind: 'show' });
    // a blocking maintenance still comes first, as in the domain's guard order
    expect(decideScreen({ ...base('/login'), ...blocked, maintenance: { isBlocking: true } })).toEqual({
      kind: 'redirect',
      to: '/maintenance',
    });
  });

  it('sends visitors without a session to /login with the target, query included', () => {
    expect(decideScreen(base('/profile/settings?tab=2'))).toEqual({
      kind: 'login',
      target: '/profile/settings?tab=2',
    });
  });

  it('shows logged-in users the 404 page for routes they may not open', () => {
    expect(decideScreen({ ...base('/login'), role: 'user', user })).toEqual({ kind: 'not-found' });
    expect(decideScreen({ ...base('/business/members'), role: 'user', user })).toEqual({ kind: 'not-found' });
  });

  it('shows public pages to visitors and user pages to users', () => {
    expect(decideScreen(base('/signup'))).toEqual({ kind: 'show' });
    expect(decideScreen({ ...base('/dashboard'), role: 'user', user })).toEqual({ kind: 'show' });
  });

  it('forwards redirect-only routes', () => {
    expect(decideScreen({ ...base('/business/members/activity'), role: 'admin', user })).toEqual({
      kind: 'redirect',
      to: '/business/activity',
    });
  });

  it('forces weak-password users to change it, but lets them log out', () => {
    const weak = makeUser({ attributes: { weakPassword: true } });
    expect(decideScreen({ ...base('/dashboard'), role: 'user', user: weak })).toEqual({
      kind: 'redirect',
      to: '/profile/change-password',
    });
    expect(decideScreen({ ...base('/profile/change-password'), role: 'user', user: weak })).toEqual({
      kind: 'show',
    });
    expect(decideScreen({ ...base('/logout'), role: 'user', user: weak })).toEqual({ kind: 'show' });
  });

  it('sends everyone to /maintenance during a blocking maintenance, and nobody for a light one', () => {
    const blocking = { isBlocking: true };
    expect(decideScreen({ ...base('/login'), maintenance: blocking })).toEqual({
      kind: 'redirect',
      to: '/maintenance',
    });
    expect(decideScreen({ ...base('/dashboard'), role: 'user', user, maintenance: blocking })).toEqual({
      kind: 'redirect',
      to: '/maintenance',
    });
    expect(decideScreen({ ...base('/maintenance'), maintenance: blocking })).toEqual({ kind: 'show' });
    expect(decideScreen({ ...base('/login'), maintenance: { isBlocking: false } })).toEqual({ kind: 'show' });
  });

  it('sends a visitor whose session just ended from /logout to /login without storing it', () => {
    expect(decideScreen(base('/logout'))).toEqual({ kind: 'redirect', to: '/login' });
  });
});

describe('needsTermsAcceptance', () => {
  it('asks users who have not accepted the terms, except while logging out', () => {
    const pending = makeUser({ attributes: { acceptedGtc: false } });
    expect(needsTermsAcceptance(pending, '/dashboard')).toBe(true);
    expect(needsTermsAcceptance(pending, '/logout')).toBe(false);
    expect(needsTermsAcceptance(user, '/dashboard')).toBe(false);
    expect(needsTermsAcceptance(null, '/login')).toBe(false);
  });
});
