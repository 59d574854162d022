// /support/lookup: anyone with a ticket number and the e-mail it was filed with sees its status and thread. The
// server answers a wrong number and a wrong e-mail with the same 404 and message. The contact form's success links
// here with the number filled in (?number=); the e-mail never travels in the address.
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { lookupTicket } from '../../api/supportTickets';
import { serverErrorText } from '../../lib/api';
import { LookupForm } from '../../components/LookupForm';
import { TicketThread } from '../../components/support/TicketThread';
import { useT } from '../../lib/i18n';
import './ticketLookup.css';

/** A ticket number's form, the same in every language. */
const NUMBER_PLACEHOLDER = 'GRV/26-27/000001';

export default function TicketLookupPage() {
  const t = useT();
  const [params] = useSearchParams();
  const words = {
    number: t('ticket.number'),
    missingNumber: t('ticket.missingNumber'),
    missingEmail: t('ticket.missingEmail'),
    submit: t('ticket.submit'),
    busy: t('ticket.busy'),
  };
  const lookup = useMutation({ mutationFn: ({ n, e }: { n: string; e: string }) => lookupTicket(n, e) });

  return (
    <section className="page ticket-lookup-page">
      <title>{t('ticket.docTitle')}</title>
      <header className="page-head">
        <h1>{t('ticket.title')}</h1>
        <p className="muted">{t.rich('ticket.intro', { link: (chunks) => <Link key="link" to="/contact">{chunks}</Link> })}</p>
      </header>
      <LookupForm
        words={words}
        initialNumber={params.get('number') ?? ''}
        placeholder={NUMBER_PLACEHOLDER}
        pending={lookup.isPending}
        error={lookup.isError ? serverErrorText(lookup.error, t('ticket.failed')) : null}
        onLookup={(n, e) => lookup.mutate({ n, e })}
      >
        {lookup.data && <TicketThread ticket={lookup.data} />}
      </LookupForm>
    </section>
  );
}
