// Extend a group's deadline (or end it sooner): a new day, sent with the
// title as it is. The server says when the day is not one it takes.
import { useState, type FormEvent } from 'react';
import { GROUP_CHANGE_FAILED, type GroupOrder, type UpdateGroupOrder } from '../../api/groupOrders';
import { Dialog } from '../../components/Dialog';
import { serverErrorText } from '../../lib/api';
import { dateInputValue, DAY_MS, deadlineFromDate } from './deadline';

interface Props {
  group: GroupOrder;
  save: (body: UpdateGroupOrder) => Promise<GroupOrder>;
  onClose: () => void;
}

export function DeadlineDialog({ group, save, onClose }: Props) {
  // A passed deadline suggests a week from today; an open one, a week later than it is.
  const [day, setDay] = useState(() => dateInputValue(Math.max(group.deadline, Date.now()) + 7 * DAY_MS));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const deadline = deadlineFromDate(day);
    if (deadline === null) return setError('Please choose the deadline’s date.');
    setSaving(true);
    try {
      await save({ title: group.title, deadline });
      onClose();
    } catch (err) {
      setError(serverErrorText(err, GROUP_CHANGE_FAILED));
      setSaving(false);
    }
  };
  return (
    <Dialog title="Change the deadline" onClose={onClose}>
      <form className="stack group-form" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="group-new-deadline">New deadline (the end of this day)</label>
          <input id="group-new-deadline" type="date" value={day} min={dateInputValue(Date.now())} required autoFocus onChange={(e) => setDay(e.target.value)} />
        </div>
        {error && (
          <p className="notice error" role="alert">
            {error}
          </p>
        )}
        <div className="row">
          <button className="btn" type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save deadline'}
          </button>
          <button className="btn ghost" type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
