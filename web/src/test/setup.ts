import './relativeRequest';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearSession } from '../lib/tokens';

afterEach(() => {
  cleanup();
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
