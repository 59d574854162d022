// A timeline event's line in the shopper's language. The server labels each event in English (its success answers
// stay English); the page says each kind in its own words (`order.timeline.<kind>`). Two kinds carry data in their
// label: a production stage its name (the merchant's, `PRODUCTION_STAGES`: the store's default names are
// translated, others shown as the merchant wrote them), and a claim its pieces and refund, read back from the
// server's English by the catalogue's English (word for word the server's; timelineLabel.test.ts holds them to
// api/src/core/messages/claims.rs). A label that does not read as expected, or a kind this page does not know, is
// shown as the server wrote it.
import type { TimelineEvent } from '../../api/orders';
import type { MessageId, T } from '../../lib/i18n';
import { valuesIn } from '../../lib/i18n/readBack';

type Kind = TimelineEvent['kind'];

/**
 * Each kind's line: a plain message, the stage's template, or a claim's (the server's English templates, several for
 * a refund: with its amount, or without). A Record, so a kind the API gains fails to compile until it has its words.
 */
const LINES: Record<Kind, { id: MessageId } | { stage: MessageId } | { claim: MessageId[] }> = {
  paid: { id: 'order.timeline.paid' },
  proofApproved: { id: 'order.timeline.proofApproved' },
  inProduction: { id: 'order.timeline.inProduction' },
  stage: { stage: 'order.timeline.stage' },
  shipped: { id: 'order.timeline.shipped' },
  outForDelivery: { id: 'order.timeline.outForDelivery' },
  delivered: { id: 'order.timeline.delivered' },
  cancelled: { id: 'order.timeline.cancelled' },
  refunded: { id: 'order.timeline.refunded' },
  returned: { id: 'order.timeline.returned' },
  claimFiled: { claim: ['order.timeline.claimFiled'] },
  claimReprinted: { claim: ['order.timeline.claimReprinted'] },
  claimRefunded: { claim: ['order.timeline.claimRefundedAmount', 'order.timeline.claimRefunded'] },
  claimRejected: { claim: ['order.timeline.claimRejected'] },
};

/** The default production stages (api/src/domain/stages.rs `DEFAULT`), by the name the server gives them. */
export const DEFAULT_STAGES: Record<string, MessageId> = {
  Printing: 'order.stage.printing',
  'Quality check': 'order.stage.qualityCheck',
  Packed: 'order.stage.packed',
};

/** The server's "2 pieces (M × 2)" (api/src/core/messages/claims.rs `pieces_text`): the count and the sizes. */
const PIECES = /^(\d+) pieces? \((.+)\)$/;

function piecesText(t: T, english: string): string | undefined {
  const found = PIECES.exec(english);
  return found ? t('order.timeline.pieces', { count: Number(found[1]), sizes: found[2] }) : undefined;
}

function claimLine(t: T, ids: MessageId[], label: string): string | undefined {
  for (const id of ids) {
    const values = valuesIn(id, label);
    if (!values) continue;
    const pieces = piecesText(t, String(values.pieces));
    return pieces === undefined ? undefined : t(id, { ...values, pieces });
  }
  return undefined;
}

/** What the shopper reads for `event`. */
export function timelineLabel(t: T, event: TimelineEvent): string {
  const line = Object.hasOwn(LINES, event.kind) ? LINES[event.kind] : undefined;
  if (!line) return event.label;
  if ('id' in line) return t(line.id);
  if ('stage' in line) {
    const stage = Object.hasOwn(DEFAULT_STAGES, event.label) ? DEFAULT_STAGES[event.label] : undefined;
    return t(line.stage, { stage: stage ? t(stage) : event.label });
  }
  return claimLine(t, line.claim, event.label) ?? event.label;
}
