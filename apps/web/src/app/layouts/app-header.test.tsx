// The signed-in header folds its links behind a Menu button on phones (the classes show it only
// below the `sm` width); opening it shows them, and following one closes it again.
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';

describe('the signed-in header', () => {
  it('opens the folded menu with its button and closes it when a link is followed', async () => {
    const app = renderApp('/dashboard', {
      token: 't',
      api: { 'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())) },
    });
    const menu = await screen.findByRole('button', { name: 'Menu' });
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '')!;
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(panel.className.split(' ')).toContain('hidden');

    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(panel.className.split(' ')).not.toContain('hidden');
    expect(panel.textContent).toContain('Ada Lovelace');

    fireEvent.click(screen.getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(app.location()).toBe('/profile'));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(panel.className.split(' ')).toContain('hidden');
  });
});
