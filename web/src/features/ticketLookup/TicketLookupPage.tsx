// /support/lookup: anyone with a ticket number and the e-mail it was filed with sees its status and thread. The
// server answers a wrong number and a wrong e-mail with the same 404 and message. The contact form's success links
// here with the number filled in (?number=); the e-mail never travels in the address.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LOOKUP_FAILED, lookupTicket } from '../../api/supportTickets';
import { serverErrorText } from '../../lib/api';
import { TicketThread } from '../../components/support/TicketThread';
import './ticketLookup.css';

export default function TicketLookupPage() {
  const [params] = useSearchParams();
  const [number, setNumber] = useState(() => params.get('number') ?? '');
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const lookup = useMutation({ mutationFn: ({ n, e }: { n: string; e: string }) => lookupTicket(n, e) });
  const id = useId();

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const n = number.trim();
    const e = email.trim();
    if (!n || !e) {
      setMissing(!n ? 'Please enter your ticket number' : 'Please enter the e-mail address you wrote from');
      return;
    }
    setMissing(null);
    lookup.mutate({ n, e });
  };

  return (
    <section className="page ticket-lookup-page">
      <title>Track a support ticket · Legacy Threads</title>
      <header className="page-head">
        <h1>Track a support ticket</h1>
        <p className="muted">
          Enter the ticket number from our acknowledgement e-mail and the e-mail address you wrote from. No ticket yet?{' '}
          <Link to="/contact">Write to us</Link>.
        </p>
      </header>
      <form className="ticket-lookup-form" onSubmit={submit} noValidate aria-busy={lookup.isPending}>
        <div className="field">
          <label htmlFor={`${id}-number`}>Ticket number</label>
          <input id={`${id}-number`} value={number} autoComplete="off" spellCheck={false} placeholder="GRV/26-27/000001" onChange={(e) => setNumber(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>E-mail address</label>
          <input id={`${id}-email`} type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <button className="btn" type="submit" disabled={lookup.isPending}>
          {lookup.isPending ? 'Looking up your ticket…' : 'Find ticket'}
        </button>
      </form>
      {(missing || lookup.isError) && (
        <p className="notice error" role="alert">
          {missing ?? serverErrorText(lookup.error, LOOKUP_FAILED)}
        </p>
      )}
      {lookup.data && !lookup.isError && !missing && (
        <div className="ticket-lookup-result" aria-live="polite">
          <TicketThread ticket={lookup.data} />
        </div>
      )}
    </section>
  );
}
