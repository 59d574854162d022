import './relativeRequest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearSession } from '../lib/tokens';
import { chooseLanguage } from '../lib/i18n';

// findBy* and waitFor wait 1 s by default; CI runs these beside the Rust, browser and fuzz suites on two
// cores, where a page that takes 0.2 s alone has taken over a second. The wait ends as soon as the page is right.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  clearSession();
  chooseLanguage('en');
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
