import { describe, expect, it } from 'vitest';
import { groupDesign } from '../../test/groupFixtures';
import { designDoc } from '../../test/testkit';
import { previewRow, printedFields, SAMPLE_NAME, SAMPLE_NUMBER } from './printedFields';

describe('printedFields and previewRow', () => {
  it('read what a design prints, and draw a team design with the member’s row or a sample', () => {
    expect(printedFields(groupDesign(false))).toEqual({ name: false, number: false });
    const team = printedFields(groupDesign(true));
    expect(team).toEqual({ name: true, number: true });
    const numberOnly = designDoc({ areas: { leftChest: { text: null, image: null, number: { height: 40 } }, back: { text: null, image: null } } });
    expect(printedFields(numberOnly)).toEqual({ name: false, number: true });

    expect(previewRow(printedFields(groupDesign(false)), { size: 'M' })).toBeUndefined();
    expect(previewRow(team, null)).toEqual({ size: 'M', name: SAMPLE_NAME, number: SAMPLE_NUMBER });
    expect(previewRow(printedFields(numberOnly), undefined)).toEqual({ size: 'M', name: null, number: SAMPLE_NUMBER });
    expect(previewRow(team, { size: 'XL', name: 'NEHA', number: '7' })).toEqual({ size: 'XL', name: 'NEHA', number: '7' });
  });
});
