// Shared set-up of the web component tests: unmount what a test rendered and forget what it stored,
// so tests stay independent of their order.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's first render loads its lazy chunk and its texts; on a busy two-core machine that
// alone can take longer than testing-library's default second, so waits allow five.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout; React Router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
