// /support/lookup: anyone with a ticket number and the e-mail it was filed with sees its status and thread. The
// server answers a wrong number and a wrong e-mail with the same 404 and message. The contact form's success links
// here with the number filled in (?number=); the e-mail never travels in the address.
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LOOKUP_FAILED, lookupTicket } from '../../api/supportTickets';
import { serverErrorText } from '../../lib/api';
import { LookupForm } from '../../components/LookupForm';
import { TicketThread } from '../../components/support/TicketThread';
import './ticketLookup.css';

const WORDS = {
  number: 'Ticket number',
  missingNumber: 'Please enter your ticket number',
  missingEmail: 'Please enter the e-mail address you wrote from',
  submit: 'Find ticket',
  busy: 'Looking up your ticket…',
};

export default function TicketLookupPage() {
  const [params] = useSearchParams();
  const lookup = useMutation({ mutationFn: ({ n, e }: { n: string; e: string }) => lookupTicket(n, e) });

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
      <LookupForm
        words={WORDS}
        initialNumber={params.get('number') ?? ''}
        placeholder="GRV/26-27/000001"
        pending={lookup.isPending}
        error={lookup.isError ? serverErrorText(lookup.error, LOOKUP_FAILED) : null}
        onLookup={(n, e) => lookup.mutate({ n, e })}
      >
        {lookup.data && <TicketThread ticket={lookup.data} />}
      </LookupForm>
    </section>
  );
}
