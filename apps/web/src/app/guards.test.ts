import { matchRoute } from '@countersign/domain';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures.js';
import { decideScreen } from './guards.js';
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

  it('sends a person who just deleted their account to the farewell page, not to /login', () => {
    const leaving = { farewellPath: '/bye' };
    expect(decideScreen({ ...base('/profile'), ...leaving })).toEqual({ kind: 'redirect', to: '/bye' });
    expect(decideScreen({ ...base('/bye'), ...leaving })).toEqual({ kind: 'show' });
    // the login page itself still shows; without a farewell the ended session leads to /login
    expect(decideScreen({ ...base('/login'), ...leaving })).toEqual({ kind: 'show' });
    expect(decideScreen(base('/profile')).kind).toBe('login');
  });

  it('sends visitors without a session to /login with the target, query included', () => {
    expect(decideScreen(base('/profile/settings?tab=2'))).toEqual({
      kind: 'login',
      target: '/profile/settings?tab=2',
    });
  });

  it('shows logged-in users the 404 page for routes of another role', () => {
    expect(decideScreen({ ...base('/view/r1/s1'), role: 'user', user })).toEqual({ kind: 'not-found' });
    expect(decideScreen({ ...base('/business/register'), role: 'member', user })).toEqual({
      kind: 'not-found',
    });
  });

  it('sends logged-in people on pages for visitors to the dashboard, with a message (ADR 072)', () => {
    const paths = ['/login', '/password-reset', '/expired', '/business/signup', '/signup'];
    for (const path of paths) {
      for (const role of ['user', 'member', 'admin'] as const) {
        expect(decideScreen({ ...base(path), role, user })).toEqual({
          kind: 'redirect',
          to: '/dashboard',
          snackbar: 'login.alreadySignedIn',
        });
      }
    }
    // the confirmation link still confirms the address
    expect(decideScreen({ ...base('/signup/confirm?token=t1'), role: 'user', user })).toEqual({
      kind: 'show',
    });
    // the login page that has just signed the person in leads on by itself
    expect(decideScreen({ ...base('/login'), role: 'user', user, signedInHere: true })).toEqual({
      kind: 'show',
    });
    // visitors without a session still see those pages
    expect(decideScreen(base('/login'))).toEqual({ kind: 'show' });
  });

  it('applies the business rules of spec 2 before plain access', () => {
    expect(decideScreen({ ...base('/business/members'), role: 'user', user })).toEqual({
      kind: 'redirect',
      to: '/business/register',
    });
    expect(decideScreen({ ...base('/business/settings'), role: 'member', user })).toEqual({
      kind: 'redirect',
      to: '/',
      snackbar: 'business.not_allowed',
    });
    expect(decideScreen({ ...base('/business/register'), role: 'admin', user })).toEqual({
      kind: 'redirect',
      to: '/business/profile',
    });
    // the admin the registration page has just made goes on to the welcome page
    expect(
      decideScreen({ ...base('/business/register'), role: 'admin', user, justRegistered: true }),
    ).toEqual({
      kind: 'redirect',
      to: '/business/welcome',
    });
    expect(decideScreen({ ...base('/business/register'), role: 'user', user })).toEqual({ kind: 'show' });
    expect(decideScreen({ ...base('/business/members'), role: 'admin', user })).toEqual({ kind: 'show' });
    // strict by role: a member does not open the user-only registration
    expect(decideScreen({ ...base('/business/register'), role: 'member', user })).toEqual({
      kind: 'not-found',
    });
  });

  it('opens /invite/{id} to visitors and individual users (the invitation) and members (the request editor)', () => {
    expect(decideScreen({ ...base('/invite/inv_1'), role: 'user', user })).toEqual({ kind: 'show' });
    expect(decideScreen({ ...base('/invite/req_1'), role: 'member', user })).toEqual({ kind: 'show' });
    expect(decideScreen({ ...base('/invite/req_1'), role: 'admin', user })).toEqual({ kind: 'show' });
    expect(decideScreen(base('/invite/inv_1'))).toEqual({ kind: 'show' });
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

  it('sends users whose SSO set-up is incomplete to /signup/sso, but lets them log out', () => {
    const incomplete = makeUser({ hasSso: true, lastName: '' });
    expect(decideScreen({ ...base('/upload'), role: 'user', user: incomplete })).toEqual({
      kind: 'redirect',
      to: '/signup/sso',
    });
    expect(decideScreen({ ...base('/signup/sso'), role: 'user', user: incomplete })).toEqual({
      kind: 'show',
    });
    expect(decideScreen({ ...base('/logout'), role: 'user', user: incomplete })).toEqual({ kind: 'show' });
    // names given: the set-up is complete; and a password account without names is not sent there
    const complete = makeUser({ hasSso: true, firstName: 'Anna', lastName: 'Muster' });
    expect(decideScreen({ ...base('/upload'), role: 'user', user: complete })).toEqual({ kind: 'show' });
    const unnamed = makeUser({ hasSso: false, lastName: '' });
    expect(decideScreen({ ...base('/upload'), role: 'user', user: unnamed })).toEqual({ kind: 'show' });
  });

  it('sends a new account with steps ahead from the home page to /signup/steps, and nowhere else', () => {
    const fresh = makeUser({ attributes: { signupStep: 'language' } });
    for (const home of ['/dashboard', '/']) {
      expect(decideScreen({ ...base(home), role: 'user', user: fresh })).toEqual({
        kind: 'redirect',
        to: '/signup/steps',
      });
    }
    expect(decideScreen({ ...base('/signup/steps'), role: 'user', user: fresh })).toEqual({ kind: 'show' });
    // a link to a request to sign goes there first
    expect(decideScreen({ ...base('/view/:srid'), role: 'user', user: fresh })).toEqual({ kind: 'show' });
    // an offer to join a business is answered first (joining ends the steps)
    const invited = makeUser({
      attributes: { signupStep: 'name' },
      businessInvitation: { id: 'i1', businessId: 'b1', businessName: 'Acme', via: 'invitation' },
    });
    expect(decideScreen({ ...base('/dashboard'), role: 'user', user: invited })).toEqual({ kind: 'show' });
    // finished, or made without the steps (single sign-on): the dashboard shows
    const finished = makeUser({ attributes: { signupStep: null } });
    expect(decideScreen({ ...base('/dashboard'), role: 'user', user: finished })).toEqual({ kind: 'show' });
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
