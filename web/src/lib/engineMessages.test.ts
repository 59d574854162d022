// The engine's refusals in both languages: every code the engine can give has its text in the catalogue, the
// English word for word the engine's (read from its source, so a new code or a changed wording fails here, not in
// a shopper's face), and a real refusal, with the values the engine hands over, reads as the engine wrote it in
// English and in Hindi. (The engine's own test holds every code's values to the catalogue's English.)
import { beforeAll, describe, expect, it } from 'vitest';
import engineErrors from '../../../design-engine/src/error.rs?raw';
import engineTiers from '../../../design-engine/src/tiers.rs?raw';
import engineRosterPricing from '../../../design-engine/src/roster_pricing.rs?raw';
import { english, type MessageId } from './i18n/catalogues';
import en from './i18n/en.json';
import { loadCatalogue } from './i18n';
import { createStudio, rosterReader } from './engine';
import { garmentOf } from './garment';
import { product } from '../test/testkit';
import { engineError, nextTierHint, translatorOf as translator } from './engineMessages';

/** Each enum of error.rs (StudioError, RowProblem) with its impl: variant → its #[error] text, and code → variant. */
function engineCodes(): { code: string; wording: string }[] {
  const out: { code: string; wording: string }[] = [];
  for (const part of engineErrors.split(/(?=pub enum )/).slice(1)) {
    const wordings = new Map<string, string>();
    for (const m of part.matchAll(/#\[error\(\s*"((?:[^"\\]|\\.)*)"[\s\S]*?\)\]\s*(?:\/\/\/[^\n]*\n\s*)*(\w+)/g)) wordings.set(m[2], m[1].replaceAll('\\"', '"'));
    for (const m of part.matchAll(/Self::(\w+)[^=\n]*=> "([A-Z][A-Z0-9_]+)"/g)) out.push({ code: m[2], wording: wordings.get(m[1]) ?? '' });
  }
  return out;
}

/** A wording with its holes as `{}` (Rust's `{0}`, `{0:?}`, `{MIN}`; ICU's `{name}` and `''`), quotes around a hole aside (Debug's). */
const unquoted = (text: string) => text.replace(/(["'])\{\}\1/g, '{}');
const holes = (text: string) => text.replace(/\{\w*(:\?)?\}/g, '{}');
const icuHoles = (text: string) => unquoted(text.replaceAll("''", "'").replace(/\{\w+\}/g, '{}'));

describe("the engine's refusals", () => {
  const codes = engineCodes();
  const ids = (Object.keys(en) as string[]).filter((id) => id.startsWith('engine.') && id !== 'engine.row' && id !== 'engine.line');

  it('read every code the engine has from its source', () => {
    expect(codes.length).toBeGreaterThan(50);
    expect(codes.map((c) => c.code)).toContain('BELOW_MINIMUM');
    expect(codes.map((c) => c.code)).toContain('ROSTER_FIELDS');
  });

  it('have a text in the catalogue for every code, and none for a code the engine does not have', () => {
    const missing = codes.filter(({ code }) => !(`engine.${code}` in en)).map((c) => c.code);
    expect(missing).toEqual([]);
    expect(ids.filter((id) => !codes.some((c) => `engine.${c.code}` === id))).toEqual([]);
  });

  it("say in English what the engine says", () => {
    for (const { code, wording } of codes) {
      // The engine's holes match anything in the catalogue's English (`a {0}` is "a name" for NAME_MISSING).
      const pattern = new RegExp(`^${unquoted(holes(wording)).split('{}').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}$`);
      expect([code, pattern.test(icuHoles((en as Record<string, string>)[`engine.${code}`]))]).toEqual([code, true]);
    }
  });

  it("read the engine's other English the studio shows: the next tier's hint and the names-and-numbers line's labels", async () => {
    const hint = /hint: format!\("((?:[^"\\]|\\.)*)"/.exec(engineTiers)?.[1] ?? '';
    expect(icuHoles(english['studio.nextTier'])).toBe(holes(hint));
    // Each label the engine gives a names-and-numbers line reads as itself in English and in Devanagari in Hindi.
    const labels = [...engineRosterPricing.matchAll(/\(\w+, \w+\) => "([^"]+)"/g)].map((m) => m[1]);
    expect(labels.length).toBe(3);
    await loadCatalogue('hi');
    for (const label of labels) {
      expect(translator('en')('studio.personalisation', { label, pieces: '2', price: '₹1' })).toBe(`${label} (2 × ₹1)`);
      expect(translator('hi')('studio.personalisation', { label, pieces: '2', price: '₹1' })).toMatch(/^[\u0900-\u097F ]+ \(2 × ₹1\)$/);
    }
    const hindi = labels.map((label) => translator('hi')('studio.personalisation', { label, pieces: '2', price: '₹1' }));
    expect(new Set(hindi).size).toBe(labels.length);
  });

  describe('from the real engine', () => {
    const english = translator('en');
    const hindi = translator('hi');
    beforeAll(async () => void (await loadCatalogue('hi')));

    const refusal = async (fn: (s: Awaited<ReturnType<typeof createStudio>>) => void): Promise<Error> => {
      const studio = await createStudio('p1', 'white', null, garmentOf(product({ colors: ['white'] })));
      try {
        fn(studio);
      } catch (e) {
        return e as Error;
      }
      throw new Error('the engine took it');
    };

    it('read the same in English and in Hindi with the values', async () => {
      const tooMany = await refusal((s) => s.setQuantity('M', 10001));
      expect(tooMany).toMatchObject({ code: 'QUANTITY_TOO_LARGE', values: { size: 'M' } });
      expect(engineError(english, tooMany)).toBe(tooMany.message);
      expect(engineError(hindi, tooMany)).toBe('साइज़ M की मात्रा 10000 से ज़्यादा नहीं हो सकती');

      const fewer = await refusal((s) => {
        s.setQuantity('M', 5);
        s.checkForCart();
      });
      expect(engineError(english, fewer)).toBe(fewer.message);
      expect(engineError(hindi, fewer)).toBe('न्यूनतम मात्रा पूरी नहीं हुई। हर रंग के कम से कम 25 पीस के लिए आपको 20 और आइटम चाहिए।');
    });

    it('hand over the values each message names, by the catalogue text\'s names', async () => {
      const cases: [Error, string, Record<string, string>][] = [
        [await refusal((s) => s.setQuantity('XL', -1)), 'QUANTITY_NEGATIVE', { size: 'XL' }],
        [await refusal((s) => {
          s.setQuantity('M', 3);
          s.checkForCart();
        }), 'BELOW_MINIMUM', { count: '22', min: '25' }],
        [await refusal((s) => s.setPersonal('back', 'name', 'Arial', 99, '#000000')), 'PERSONAL_HEIGHT_OUT_OF_RANGE', { min: '4', max: '70' }],
      ];
      for (const [e, code, values] of cases) {
        expect(e).toMatchObject({ code, values });
        expect(english(`engine.${code}` as MessageId, values)).toBe(e.message);
      }
    });

    it('name the row of a roster row refused, typed or pasted', async () => {
      const row = await refusal((s) => s.setRoster([{ size: 'M', name: 'ASHA' }, { size: 'M', number: '7' }, { size: 'M', name: '-RAVI' }]));
      expect(row).toMatchObject({ code: 'ROSTER_NAME_START', message: 'Row 3: a name must start with a letter', values: { row: '3' } });
      expect(engineError(english, row)).toBe(row.message);
      expect(engineError(hindi, row)).toBe('पंक्ति 3: नाम किसी अक्षर से शुरू होना चाहिए');

      const reader = await rosterReader();
      const [typed] = reader.check([{ size: 'M', name: 'ASHA' }, { size: 'M', name: 'A#' }]);
      expect(typed).toMatchObject({ row: 2, code: 'ROSTER_NAME_CHARACTER', line: false, values: { row: '2', character: '#' } });
      expect(engineError(english, typed)).toBe(typed.message);
      expect(engineError(hindi, typed)).toMatch(/^पंक्ति 2: .*'#' नहीं$/);

      const [pasted] = reader.parse('ASHA, 7, M\nRAVI, 8, XXXL').errors;
      expect(pasted).toMatchObject({ row: 2, code: 'ROSTER_UNKNOWN_SIZE', line: true, values: { row: '2', size: 'XXXL' } });
      expect(engineError(english, pasted)).toBe(pasted.message);
      expect(pasted.message).toMatch(/^Line 2: /);
      expect(engineError(hindi, pasted)).toMatch(/^पंक्ति 2: "XXXL" कोई साइज़ नहीं है/);
    });

    it("write the next tier's hint from its figures as the engine does", async () => {
      const studio = await createStudio('p1', 'white', null, garmentOf(product({ colors: ['white'] })));
      studio.setQuantity('M', 25);
      const next = studio.quote({ unitPrice: 29900, tiers: [{ minPieces: 25, discountBps: 0 }, { minPieces: 50, discountBps: 500 }] }).nextTier;
      expect(next).toBeTruthy();
      expect(nextTierHint(english, next!)).toBe(next!.hint);
    });

    it('show a message the catalogue does not know as the engine wrote it', () => {
      const odd = Object.assign(new Error('Something new'), { code: 'SOMETHING_NEW' });
      expect(engineError(hindi, odd)).toBe('Something new');
      const valueless = Object.assign(new Error('Text is too long'), { code: 'TEXT_TOO_LONG' });
      expect(engineError(hindi, valueless)).toBe('Text is too long');
      // Values the catalogue's text does not take in full (an engine ahead of it) leave the engine's words too.
      const short = Object.assign(new Error('Quantity for size M cannot be more than 10000'), { code: 'QUANTITY_TOO_LARGE', values: {} });
      expect(engineError(hindi, short)).toBe(short.message);
    });
  });
});
