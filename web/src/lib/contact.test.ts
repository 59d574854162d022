import { describe, expect, it } from 'vitest';
import { sharedCases } from '../test/cases';
import { parseEmail, parsePhone } from './contact';

interface Case {
  input: string;
  expected: string | null;
}

// The server's own cases (api domain::contact passes every one).
const cases = sharedCases<{ email: Case[]; phone: Case[] }>('api/tests/cases/contact.json');

describe('contact rules, as the server has them', () => {
  it('reads e-mail addresses as the server does', () => {
    expect(cases.email.length).toBeGreaterThan(0);
    for (const c of cases.email) expect(parseEmail(c.input), JSON.stringify(c.input)).toBe(c.expected);
  });

  it('reads mobile numbers as the server does', () => {
    expect(cases.phone.length).toBeGreaterThan(0);
    for (const c of cases.phone) expect(parsePhone(c.input), JSON.stringify(c.input)).toBe(c.expected);
  });
});
