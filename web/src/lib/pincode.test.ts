import { describe, expect, it } from 'vitest';
import { sharedCases } from '../test/cases';
import { isPincode } from './pincode';

// The engine's own cases (design-engine pincode passes every one).
const { cases } = sharedCases<{ cases: { input: string; valid: boolean }[] }>('design-engine/tests/cases/pincode.json');

describe('isPincode, as the engine has it', () => {
  it('agrees with every shared case', () => {
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) expect(isPincode(c.input), JSON.stringify(c.input)).toBe(c.valid);
  });
});
