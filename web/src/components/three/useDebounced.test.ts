import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { COLOR_CHANGE_DEBOUNCE_MS, useDebounced } from './useDebounced';

describe('colour-change debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes the first value at once and a change once it has settled for 300 ms', () => {
    expect(COLOR_CHANGE_DEBOUNCE_MS).toBe(300);
    const { result, rerender } = renderHook(({ v }) => useDebounced(v, COLOR_CHANGE_DEBOUNCE_MS), { initialProps: { v: '#FFFFFF' } });
    expect(result.current).toBe('#FFFFFF');

    rerender({ v: '#000000' });
    act(() => void vi.advanceTimersByTime(200));
    // Another colour before the first settled: only the last one counts.
    rerender({ v: '#000080' });
    act(() => void vi.advanceTimersByTime(299));
    expect(result.current).toBe('#FFFFFF');
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe('#000080');
  });

  it('drops a change that is undone within the delay', () => {
    const { result, rerender } = renderHook(({ v }) => useDebounced(v, COLOR_CHANGE_DEBOUNCE_MS), { initialProps: { v: 'a' } });
    rerender({ v: 'b' });
    rerender({ v: 'a' });
    act(() => void vi.advanceTimersByTime(1_000));
    expect(result.current).toBe('a');
  });
});
