// The signed-in header folds its links behind a Menu button on phones (the classes show it only
// below the `sm` width); the button opens the `header` overlay with the links, and following one
// closes it after the menu close delay (spec 9: 5 ms).
import { snakeKeys } from '@countersign/contract';
import { MENU_CLOSE_DELAY_MS } from '@countersign/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';

afterEach(() => vi.useRealTimers());

const signedIn = () => ({ 'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())) });

describe('the signed-in header', () => {
  it('opens the header overlay with the links and closes it 5 ms after a link is followed', async () => {
    const app = renderApp('/dashboard', { token: 't', api: signedIn() });
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(document.getElementById('main-menu')!.className.split(' ')).toContain('hidden');
    expect(menu.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(menu);
    const overlay = await screen.findByRole('dialog', { name: 'Menu' });
    expect(overlay.textContent).toContain('Ada Lovelace');
    expect(menu.getAttribute('aria-expanded')).toBe('true');

    vi.useFakeTimers();
    fireEvent.click(within(overlay).getByRole('link', { name: 'Profile' }));
    await act(() => vi.advanceTimersByTimeAsync(MENU_CLOSE_DELAY_MS - 1));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    vi.useRealTimers();
    await waitFor(() => expect(app.location()).toBe('/profile'));
  });

  it('closes the overlay at once with Close, staying on the page', async () => {
    const app = renderApp('/dashboard', { token: 't', api: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const overlay = await screen.findByRole('dialog', { name: 'Menu' });
    fireEvent.click(within(overlay).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.router.state.location.pathname).toBe('/dashboard');
  });
});
