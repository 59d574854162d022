import './relativeRequest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearSession } from '../lib/tokens';

// findBy* and waitFor wait 1 s by default; CI runs these beside the Rust, browser and fuzz suites on two
// cores, where a page that takes 0.2 s alone has taken over a second. The wait ends as soon as the page is right.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
