import { describe, expect, it } from 'vitest';
import { sharedCases } from '../test/cases';
import { parseRupees, rupees } from './money';

// The engine's own cases (design-engine money passes every one).
const cases = sharedCases<{ format: { paise: number; text: string }[]; parse: { text: string; paise: number | null }[] }>('design-engine/tests/cases/money.json');

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

  it("writes the engine's text for each shared case", () => {
    expect(cases.format.length).toBeGreaterThan(0);
    for (const c of cases.format) expect(rupees(c.paise), String(c.paise)).toBe(c.text);
  });

  it('leaves what is not whole paise to Intl', () => {
    expect(rupees(12.5)).toBe(intl.format(0.125));
    expect(rupees(-0)).toBe(intl.format(-0));
    expect(rupees(Number.NaN)).toBe(intl.format(Number.NaN));
  });
});

describe('parseRupees', () => {
  it("reads what a merchant types as the engine does, refusing what it refuses", () => {
    expect(cases.parse.length).toBeGreaterThan(0);
    for (const c of cases.parse) expect(parseRupees(c.text), JSON.stringify(c.text)).toBe(c.paise);
  });
});
