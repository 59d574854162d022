// Extend a group's deadline (or end it sooner): a new day, sent with the
// title as it is. The server says when the day is not one it takes.
import { useState, type FormEvent } from 'react';
import { type GroupOrder, type UpdateGroupOrder } from '../../api/groupOrders';
import { Dialog } from '../../components/Dialog';
import { serverErrorText } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { dateInputValue, DAY_MS, deadlineFromDate } from './deadline';

interface Props {
  group: GroupOrder;
  save: (body: UpdateGroupOrder) => Promise<GroupOrder>;
  onClose: () => void;
}

export function DeadlineDialog({ group, save, onClose }: Props) {
  const t = useT();
  // A passed deadline suggests a week from today; an open one, a week later than it is.
  const [day, setDay] = useState(() => dateInputValue(Math.max(group.deadline, Date.now()) + 7 * DAY_MS));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const deadline = deadlineFromDate(day);
    if (deadline === null) return setError(t('groups.chooseDeadline'));
    setSaving(true);
    try {
      await save({ title: group.title, deadline });
      onClose();
    } catch (err) {
      setError(serverErrorText(err, t('groups.changeFailed')));
      setSaving(false);
    }
  };
  return (
    <Dialog title={t('groups.changeTheDeadline')} onClose={onClose}>
      <form className="stack group-form" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="group-new-deadline">{t('groups.newDeadline')}</label>
          <input id="group-new-deadline" type="date" value={day} min={dateInputValue(Date.now())} required autoFocus onChange={(e) => setDay(e.target.value)} />
        </div>
        {error && (
          <p className="notice error" role="alert">
            {error}
          </p>
        )}
        <div className="row">
          <button className="btn" type="submit" disabled={saving}>
            {saving ? t('groups.saving') : t('groups.saveDeadline')}
          </button>
          <button className="btn ghost" type="button" onClick={onClose}>
            {t('groups.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
