import { describe, expect, it } from 'vitest';
import { FACTS, type Design } from '../../lib/engine';
import { translatorOf } from '../../lib/engineMessages';
import { describeArea as inWords, describeDesign as designInWords } from './describeDesign';

const t = translatorOf('en');
const describeArea = (...args: [Design, string, typeof FACTS.printAreas]) => inWords(t, ...args);
const describeDesign = (...args: [Design, typeof FACTS.printAreas]) => designInWords(t, ...args);

const design = {
  color: 'navy',
  areas: {
    leftChest: {
      text: { text: 'Team Legacy', font: 'Georgia', size: 16, color: '#FFFFFF', position: { x: 50.4, y: 40 } },
      image: null,
    },
    back: {
      text: null,
      image: { name: 'logo.png', size: { width: 30, height: 20 }, position: { x: 50, y: 25 }, useEmbroidery: true },
    },
  },
} as unknown as Design;

describe('describeDesign', () => {
  it('says what each area holds, where and how big', () => {
    expect(describeArea(design, 'leftChest', FACTS.printAreas)).toBe('Left Chest: text “Team Legacy” in Georgia size 16, colour #FFFFFF, centred 50% across, 40% down.');
    expect(describeArea(design, 'back', FACTS.printAreas)).toBe('Back: image logo.png, 30% wide and 20% high, centred 50% across, 25% down, embroidered.');
    expect(describeDesign(design, FACTS.printAreas)).toMatch(/^navy garment\. Left Chest: text/);
  });

  it("names each piece's name and number", () => {
    const style = { font: 'Arial', color: '#000000', height: 12, position: { x: 50, y: 18 } };
    const team = { ...design, areas: { ...design.areas, back: { text: null, image: null, name: style, number: { ...style, height: 45, position: { x: 50, y: 52 } } } } } as unknown as Design;
    expect(describeArea(team, 'back', FACTS.printAreas)).toBe(
      "Back: each piece's name in Arial, 12% of the area high, colour #000000, centred 50% across, 18% down; each piece's number in Arial, 45% of the area high, colour #000000, centred 50% across, 52% down.",
    );
  });

  it('names an empty area', () => {
    const empty = { ...design, areas: { leftChest: { text: null, image: null }, back: { text: null, image: null } } } as unknown as Design;
    expect(describeDesign(empty, FACTS.printAreas)).toBe('navy garment. Left Chest: empty. Back: empty.');
  });

  it("says the product's own areas in its order, one the document leaves out as empty", () => {
    const sleeve = { key: 'leftSleeve', label: 'Left Sleeve', widthInches: 3, heightInches: 4, side: 'front' as const, box: { x: 80, y: 30, w: 10, h: 16 } };
    expect(describeDesign(design, [FACTS.printAreas[0], sleeve])).toBe(
      'navy garment. Left Chest: text “Team Legacy” in Georgia size 16, colour #FFFFFF, centred 50% across, 40% down. Left Sleeve: empty.',
    );
  });
});
