// The timeline's lines in both languages: each kind in the catalogue's words, a stage's and a claim's data kept,
// and the server's English the claims' lines are read back from is still the server's (read from its source, so a
// reworded label fails here rather than showing English on a Hindi page).
import { beforeAll, describe, expect, it } from 'vitest';
import claimsSource from '../../../../api/src/core/messages/claims.rs?raw';
import stagesSource from '../../../../api/src/domain/stages.rs?raw';
import type { TimelineEvent } from '../../api/orders';
import { loadCatalogue } from '../../lib/i18n';
import { english } from '../../lib/i18n/catalogues';
import { translatorOf } from '../../lib/engineMessages';
import { DEFAULT_STAGES, timelineLabel } from './timelineLabel';

const at = Date.UTC(2026, 10, 22);
const ev = (kind: TimelineEvent['kind'], label: string): TimelineEvent => ({ kind, label, at });

describe("the order timeline's lines", () => {
  beforeAll(async () => {
    await loadCatalogue('hi');
  });

  it('read the claims as the server writes them', () => {
    const ids = ['claimFiled', 'claimReprinted', 'claimRefunded', 'claimRefundedAmount', 'claimRejected'] as const;
    for (const id of ids) {
      // The catalogue's {amount} is the server's first positional hole; {pieces} is named in both.
      const template = english[`order.timeline.${id}`].replace('{amount}', '{}');
      expect([id, claimsSource.includes(`format!("${template}"`)]).toEqual([id, true]);
    }
    expect(claimsSource).toContain('format!("{total} {noun} ({})", sizes.join(", "))');
    expect(claimsSource).toMatch(/Language::En if total == 1 => "piece",\s*Language::En => "pieces",/);
  });

  it("know the store's default stages", () => {
    const defaults = /pub const DEFAULT: \[&str; \d+\] = \[([^\]]*)\]/.exec(stagesSource)?.[1];
    expect(defaults?.match(/"[^"]*"/g)?.map((s) => s.slice(1, -1))).toEqual(Object.keys(DEFAULT_STAGES));
  });

  it('say each step in Hindi, keeping the data', () => {
    const t = translatorOf('hi');
    const lines = [
      ev('paid', 'Paid'),
      ev('proofApproved', 'Proof approved'),
      ev('inProduction', 'In production'),
      ev('stage', 'Printing'),
      ev('stage', 'Embroidery'),
      ev('shipped', 'Shipped'),
      ev('outForDelivery', 'Out for delivery'),
      ev('delivered', 'Delivered'),
      ev('cancelled', 'Cancelled'),
      ev('refunded', 'Refunded'),
      ev('returned', 'Returned to the seller'),
      ev('claimFiled', 'Problem reported: 2 pieces (M × 2)'),
      ev('claimReprinted', 'Reprint on its way: 1 piece (XL × 1)'),
      ev('claimRefunded', 'Refunded ₹598.00 for 3 pieces (S × 1, XL × 2)'),
      ev('claimRefunded', 'Refunded: 2 pieces (M × 2)'),
      ev('claimRejected', 'Claim not accepted: 2 pieces (M × 2)'),
    ].map((e) => timelineLabel(t, e));
    expect(lines).toEqual([
      'भुगतान हुआ',
      'प्रूफ़ को मंज़ूरी मिली',
      'बनना शुरू हुआ',
      'तैयारी: छपाई',
      // A stage the merchant named: their word, in the Hindi line.
      'तैयारी: Embroidery',
      'भेज दिया गया',
      'डिलीवरी के लिए निकला',
      'डिलीवर हो गया',
      'रद्द हुआ',
      'रिफ़ंड हो गया',
      'विक्रेता को लौटाया गया',
      'समस्या बताई गई: 2 पीस (M × 2)',
      'दोबारा छपे पीस रास्ते में हैं: 1 पीस (XL × 1)',
      '3 पीस (S × 1, XL × 2) के लिए ₹598.00 रिफ़ंड किया गया',
      'रिफ़ंड किया गया: 2 पीस (M × 2)',
      'शिकायत स्वीकार नहीं हुई: 2 पीस (M × 2)',
    ]);
  });

  it('say the same steps in English as the server does', () => {
    const t = translatorOf('en');
    for (const e of [ev('paid', 'Paid'), ev('stage', 'Quality check'), ev('returned', 'Returned to the seller'), ev('claimRefunded', 'Refunded ₹598.00 for 1 piece (M × 1)'), ev('claimFiled', 'Problem reported: 3 pieces (S × 1, XL × 2)')])
      expect(timelineLabel(t, e)).toBe(e.label);
  });

  it("show the server's label for a kind it does not know, or a claim that does not read as expected", () => {
    const t = translatorOf('hi');
    expect(timelineLabel(t, ev('relabelled' as TimelineEvent['kind'], 'Something new'))).toBe('Something new');
    expect(timelineLabel(t, ev('claimFiled', 'Problem reported: the sleeves'))).toBe('Problem reported: the sleeves');
    expect(timelineLabel(t, ev('claimRejected', 'Declined'))).toBe('Declined');
  });
});
