// Shared set-up of the web component tests: unmount what a test rendered and forget what it stored,
// so tests stay independent of their order.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout; React Router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
