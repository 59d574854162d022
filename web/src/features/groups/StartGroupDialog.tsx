// "Start a group order" from a saved design: a title, the deadline's day and
// who pays: the organiser for everyone, or each member for their own piece
// (then the address every piece ships to, as checkout asks for it). Whether
// members add a name and number is not asked: it follows from the design
// (the server requires it exactly when the design prints them). Each member
// adds one piece unless the organiser allows more (a parent ordering for two
// children). Goes to the new group's page.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { GROUP_CHANGE_FAILED, MEMBERS_PAY, useCreateGroupOrder } from '../../api/groupOrders';
import type { SavedDesign } from '../../api/designs';
import { Dialog } from '../../components/Dialog';
import { useAuth } from '../../lib/auth';
import { serverErrorText } from '../../lib/api';
import { AddressForm } from './AddressForm';
import { dateInputValue, DAY_MS, deadlineFromDate, DEFAULT_DAYS } from './deadline';
import { printedFields, printsAny } from './printedFields';
import { emptyAddress, useAddressForm } from './useAddressForm';

export const TITLE_MAX_CHARS = 80;
export const SHIP_TO_HINT = 'Every piece ships here, together, once the group is placed.';
/** The most pieces a member may be allowed (the server's MAX_PIECES_PER_MEMBER, which judges). */
export const MAX_PIECES_PER_MEMBER = 10;

export function StartGroupDialog({ design, onClose }: { design: SavedDesign; onClose: () => void }) {
  const create = useCreateGroupOrder();
  const navigate = useNavigate();
  const [title, setTitle] = useState(design.name);
  const [day, setDay] = useState(() => dateInputValue(Date.now() + DEFAULT_DAYS * DAY_MS));
  const [error, setError] = useState<string | null>(null);
  const [payment, setPayment] = useState<'organiser' | 'members'>('organiser');
  const [piecesPerMember, setPiecesPerMember] = useState(1);
  const { user } = useAuth();
  const shipTo = useAddressForm('shipping', () => emptyAddress(user));
  const formRef = useRef<HTMLFormElement>(null);
  const fields = printedFields(design.design);
  const membersPay = payment === MEMBERS_PAY;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const deadline = deadlineFromDate(day);
    if (deadline === null) return setError('Please choose the deadline’s date.');
    const address = membersPay ? shipTo.submit() : null;
    if (membersPay && !address) {
      setError(shipTo.summary);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setError(null);
    create.mutate(
      { designId: design._id, title, deadline, payment, personalisation: printsAny(fields), piecesPerMember, ...(address ? { shipTo: address } : {}) },
      { onSuccess: (group) => navigate(`/account/group-orders/${group._id}`), onError: (err) => setError(serverErrorText(err, GROUP_CHANGE_FAILED)) },
    );
  };

  return (
    <Dialog title="Start a group order" onClose={onClose}>
      <form ref={formRef} className="stack group-form" onSubmit={submit} noValidate>
        <p className="muted">
          Share one link: everyone picks their own size{printsAny(fields) ? ' and fills in what the design prints (their name and number)' : ''}.{' '}
          {membersPay ? 'Each member pays for their own piece; you close the group once enough pieces are paid.' : 'You close it and pay for all the pieces in one order.'}
        </p>
        <div className="field">
          <label htmlFor="group-title">Title</label>
          <input id="group-title" value={title} maxLength={TITLE_MAX_CHARS} required autoFocus onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="group-deadline">Deadline (members can join until the end of this day)</label>
          <input id="group-deadline" type="date" value={day} min={dateInputValue(Date.now())} required onChange={(e) => setDay(e.target.value)} />
        </div>
        <fieldset className="who-pays">
          <legend>Who pays</legend>
          <label>
            <input type="radio" name="group-payment" value="organiser" checked={!membersPay} onChange={() => setPayment('organiser')} /> I pay for everyone
          </label>
          <label>
            <input type="radio" name="group-payment" value="members" checked={membersPay} onChange={() => setPayment('members')} aria-describedby="members-pay-note" /> Each member pays for their own piece
          </label>
          <p id="members-pay-note" className="muted small-print">
            Each member pays their share when they join; the pieces ship together to one address.
          </p>
        </fieldset>
        <div className="field">
          <label htmlFor="group-pieces">Pieces each member may add</label>
          <select id="group-pieces" value={piecesPerMember} onChange={(e) => setPiecesPerMember(Number(e.target.value))} aria-describedby="group-pieces-note">
            {Array.from({ length: MAX_PIECES_PER_MEMBER }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1 (one each)' : n}
              </option>
            ))}
          </select>
          <p id="group-pieces-note" className="muted small-print">
            More than one lets a member order for others too, such as a parent for two children.
          </p>
        </div>
        {membersPay && <AddressForm form={shipTo} legend="Ship every piece to" hint={SHIP_TO_HINT} disabled={create.isPending} />}
        {error && (
          <p className="notice error" role="alert">
            {error}
          </p>
        )}
        <div className="row">
          <button className="btn" type="submit" disabled={create.isPending}>
            {create.isPending ? 'Starting…' : 'Start group order'}
          </button>
          <button className="btn ghost" type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
