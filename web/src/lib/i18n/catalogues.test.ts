import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from './en.json';
import hi from './hi.json';

/** The arguments and tags a message uses: a translation must use the same ones, or a value would go missing. */
function names(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) names(option.value, into);
    if (el.type === TYPE.tag) names(el.children, into);
  }
  return into;
}

describe('the catalogues', () => {
  it('have the same messages in English and Hindi', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it('parse as ICU messages with the same arguments and tags in both languages', () => {
    for (const [id, text] of Object.entries(en)) {
      const theirs = (hi as Record<string, string>)[id];
      expect([id, [...names(parse(theirs))].sort()]).toEqual([id, [...names(parse(text))].sort()]);
    }
  });

  it('leave no Hindi message in English', () => {
    // A Hindi message with no Devanagari letter is an English one forgotten: only names (the brand's), the
    // switch back to English, messages of figures alone and a print area's own name (product.info.area: Hindi
    // needs no article) and the seller's GSTIN are the same in both.
    const sameInBoth = /^(brand\.|language\.switch$|footer\.copyright$|product\.info\.area$|policies\.contact\.gstin$)/;
    const latinOnly = Object.entries(hi).filter(([id, text]) => !/[\u0900-\u097F]/.test(text) && !sameInBoth.test(id));
    expect(latinOnly).toEqual([]);
  });
});
