// "Start a group order" from a saved design: a title, the deadline's day and
// who pays (only the organiser, for now). Whether members add a name and
// number is not asked: it follows from the design (the server requires it
// exactly when the design prints them). Goes to the new group's page.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { GROUP_CHANGE_FAILED, useCreateGroupOrder } from '../../api/groupOrders';
import type { SavedDesign } from '../../api/designs';
import { Dialog } from '../../components/Dialog';
import { designsError } from '../designs/errors';
import { dateInputValue, DAY_MS, deadlineFromDate, DEFAULT_DAYS } from './deadline';
import { printedFields, printsAny } from './printedFields';

export const TITLE_MAX_CHARS = 80;
export const MEMBERS_PAY_NOTE = 'Members paying for their own piece is coming soon.';

export function StartGroupDialog({ design, onClose }: { design: SavedDesign; onClose: () => void }) {
  const create = useCreateGroupOrder();
  const navigate = useNavigate();
  const [title, setTitle] = useState(design.name);
  const [day, setDay] = useState(() => dateInputValue(Date.now() + DEFAULT_DAYS * DAY_MS));
  const [error, setError] = useState<string | null>(null);
  const fields = printedFields(design.design);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const deadline = deadlineFromDate(day);
    if (deadline === null) return setError('Please choose the deadline’s date.');
    setError(null);
    create.mutate(
      { designId: design._id, title, deadline, payment: 'organiser', personalisation: printsAny(fields) },
      { onSuccess: (group) => navigate(`/account/group-orders/${group._id}`), onError: (err) => setError(designsError(err, GROUP_CHANGE_FAILED)) },
    );
  };

  return (
    <Dialog title="Start a group order" onClose={onClose}>
      <form className="stack group-form" onSubmit={submit}>
        <p className="muted">
          Share one link: everyone picks their own size{printsAny(fields) ? ' and fills in what the design prints (their name and number)' : ''}. You close it and pay
          for all the pieces in one order.
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
            <input type="radio" name="group-payment" value="organiser" checked readOnly /> I pay for everyone
          </label>
          <label className="unavailable">
            <input type="radio" name="group-payment" value="members" disabled aria-describedby="members-pay-note" /> Each member pays for their own piece
          </label>
          <p id="members-pay-note" className="muted small-print">
            {MEMBERS_PAY_NOTE}
          </p>
        </fieldset>
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
