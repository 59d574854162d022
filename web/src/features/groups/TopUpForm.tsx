// Top up: pieces nobody claimed, added by the organiser (to reach the minimum,
// or spares). Several of one size at once when the design prints no names;
// one at a time with its name and number when it does. Each piece is one
// call, so a refusal part-way says how many went in and the server's reason.
import { useId, useState, type FormEvent } from 'react';
import { type GroupOrder, type GroupRowRequest } from '../../api/groupOrders';
import type { SizeOffer } from '../../api/products';
import { FACTS } from '../../lib/engine';
import { serverErrorText } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { printsAny, type PrintedFields } from './printedFields';
import { EMPTY_ROW, RowFields, rowRequest, type RowValue } from './RowFields';

interface Props {
  fields: PrintedFields;
  /** The product's sizes, surcharges and size chart. */
  offer: SizeOffer;
  /** Adds one piece; resolves with the group as it is after it. */
  addPiece: (row: GroupRowRequest) => Promise<GroupOrder>;
  suggested: number;
  disabled: boolean;
}

export function TopUpForm({ fields, offer, addPiece, suggested, disabled }: Props) {
  const t = useT();
  const id = useId();
  const [row, setRow] = useState<RowValue>(EMPTY_ROW);
  const [count, setCount] = useState(String(Math.max(1, suggested)));
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const personal = printsAny(fields);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = personal ? 1 : Math.max(1, Math.floor(Number(count) || 1));
    setAdding(true);
    setMessage(null);
    let added = 0;
    try {
      let group: GroupOrder | undefined;
      for (; added < wanted; added++) group = await addPiece(rowRequest(row, fields));
      // What is still missing, as the server counts it, is the next suggestion.
      if (group) setCount(String(Math.max(1, group.progress.needMore)));
      setMessage({ ok: true, text: t('groups.topUpAdded', { count: added, size: row.size }) });
      if (personal) setRow({ ...row, name: '', number: '' });
    } catch (err) {
      const reason = serverErrorText(err, t('groups.changeFailed'));
      setMessage({ ok: false, text: added ? t('groups.topUpPartly', { added, wanted, reason }) : reason });
    } finally {
      setAdding(false);
    }
  };

  return (
    <form className="group-form top-up" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('groups.topUp')}</h2>
      <p className="muted">{t('groups.topUpIntro')}</p>
      <div className="row top-up-fields">
        <RowFields id={`${id}-row`} value={row} onChange={setRow} fields={fields} offer={offer} disabled={disabled || adding} />
        {!personal && (
          <div className="field">
            <label htmlFor={`${id}-count`}>{t('groups.howMany')}</label>
            <input
              id={`${id}-count`}
              type="number"
              min={1}
              max={FACTS.maxRosterRows}
              value={count}
              disabled={disabled || adding}
              onChange={(e) => setCount(e.target.value)}
            />
          </div>
        )}
      </div>
      <button className="btn" type="submit" disabled={disabled || adding || !row.size}>
        {adding ? t('groups.adding') : personal ? t('groups.addPiece') : t('groups.addPieces')}
      </button>
      <div role="status">{message?.ok && <p className="notice ok">{message.text}</p>}</div>
      <div role="alert">{message && !message.ok && <p className="notice error">{message.text}</p>}</div>
    </form>
  );
}
