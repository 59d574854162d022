import { describe, expect, it } from 'vitest';
import { rupees } from './money';

describe('rupees', () => {
  const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

  it('writes paise exactly as Intl writes rupees in en-IN', () => {
    const samples = [0, 1, 5, 10, 99, 100, 101, 1250, 99_999, 100_000, 123_456, 649_00, 1125_00, 20110_50, 12_34_567_89, 9_99_99_999_99];
    for (const paise of [...samples, ...samples.map((p) => -p).filter((p) => p !== 0), Number.MAX_SAFE_INTEGER]) {
      expect(rupees(paise), String(paise)).toBe(intl.format(paise / 100));
    }
    // Every grouping length, and a spread of odd amounts.
    for (let paise = 7, i = 0; i < 400; i++, paise = Math.floor(paise * 1.37) + (i % 97)) {
      if (!Number.isSafeInteger(paise)) break;
      expect(rupees(paise), String(paise)).toBe(intl.format(paise / 100));
    }
  });

  it('leaves what is not whole paise to Intl', () => {
    expect(rupees(12.5)).toBe(intl.format(0.125));
    expect(rupees(-0)).toBe(intl.format(-0));
    expect(rupees(Number.NaN)).toBe(intl.format(Number.NaN));
  });
});
