// One ticket for an admin, in a dialog: the thread and the steps on it.
// Acknowledge (an open ticket), take it (assign it to yourself), reply (the
// customer is e-mailed), resolve with a note (the customer is e-mailed), or
// reopen a resolved one. Each step's answer is the ticket as it now stands.
import { useState } from 'react';
import { ADMIN_TICKET_FAILED, STEP_FAILED, useAdminTicket, useTicketStep, type TicketStep } from '../../../api/adminTickets';
import { serverErrorText } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { TicketThread } from '../../../components/support/TicketThread';
import { MessageForm } from '../../../components/support/MessageForm';

const DONE: Record<TicketStep['kind'], string> = {
  acknowledge: 'Ticket acknowledged',
  reply: 'Reply sent: the customer is e-mailed',
  assign: 'Ticket assigned to you',
  resolve: 'Ticket resolved: the customer is e-mailed',
  reopen: 'Ticket reopened',
};

export function TicketPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const ticket = useAdminTicket(id);
  const step = useTicketStep(id);
  const { user } = useAuth();
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  /** Takes a step; a button's failure is shown here, a form's under its box (it rethrows). */
  const take = (s: TicketStep, rethrow = false) => {
    setDone(null);
    setFailed(null);
    return step.mutateAsync(s).then(
      () => setDone(DONE[s.kind]),
      (e: unknown) => {
        if (rethrow) throw e;
        setFailed(serverErrorText(e, STEP_FAILED[s.kind]));
      },
    );
  };

  return (
    <Dialog title="Support ticket" onClose={onClose} wide>
      {ticket.isPending ? (
        <Spinner label="Loading the ticket…" />
      ) : ticket.isError ? (
        <p className="notice error" role="alert">
          {serverErrorText(ticket.error, ADMIN_TICKET_FAILED)}
        </p>
      ) : (
        <TicketThread ticket={ticket.data} staff headingLevel={3}>
          <div role="status" className="ticket-steps">
            {done && <p className="notice ok">{done}</p>}
          </div>
          {failed && (
            <p className="notice error" role="alert">
              {failed}
            </p>
          )}
          <div className="row">
            {ticket.data.status === 'open' && (
              <button className="btn small" disabled={step.isPending} onClick={() => void take({ kind: 'acknowledge' })}>
                Acknowledge
              </button>
            )}
            {user && ticket.data.assignee?.id !== user._id && (
              <button className="btn ghost small" disabled={step.isPending} onClick={() => void take({ kind: 'assign', adminId: user._id })}>
                Assign to me
              </button>
            )}
            {ticket.data.status === 'resolved' && (
              <button className="btn ghost small" disabled={step.isPending} onClick={() => void take({ kind: 'reopen' })}>
                Reopen
              </button>
            )}
          </div>
          <MessageForm
            label="Your reply"
            name="Reply to the customer"
            send="Send reply"
            sending="Sending…"
            missing="Please write your reply"
            failed={STEP_FAILED.reply}
            hint="The customer is e-mailed your reply."
            onSend={(message) => take({ kind: 'reply', message }, true)}
          />
          {ticket.data.status !== 'resolved' && (
            <MessageForm
              label="Resolution note"
              send="Resolve"
              sending="Resolving…"
              missing="Please write a resolution note"
              failed={STEP_FAILED.resolve}
              hint="Required: what was done. The customer is e-mailed it."
              name="Resolve the ticket"
              onSend={(note) => take({ kind: 'resolve', note }, true)}
            />
          )}
        </TicketThread>
      )}
      <div className="row dialog-actions">
        <button className="btn ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
