import { describe, expect, it } from 'vitest';
import { badgeText } from './cart';

describe('badgeText', () => {
  it('shows 99+ above 99', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(2500)).toBe('99+');
  });
});
