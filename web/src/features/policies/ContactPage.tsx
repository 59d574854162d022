// /contact: the contact page's text (the server's, like every policy page), the seller and the grievance officer
// from the store's facts, and the form that files a ticket.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePage } from '../../api/pages';
import { useStoreFacts } from '../../api/store';
import { PolicyText } from './PolicyText';
import { SellerContact } from './SellerContact';
import { ContactForm } from './ContactForm';
import './policies.css';

/** A link to a part of the page (/contact#grievance-officer) lands there once the text above it has loaded. */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [ready, hash]);
}

/** Where the footer's link to the grievance officer lands: the officer's section of the page's text when it has
 * one (its heading's id, made by the server), else the officer's box beside it. */
const OFFICER = 'grievance-officer';

export default function ContactPage() {
  const page = usePage('contact');
  const facts = useStoreFacts();
  useScrollToHash(!page.isPending && !facts.isPending);
  const textHasOfficer = page.data?.html.includes(`id="${OFFICER}"`) ?? false;
  return (
    <section className="page policy-page contact-page">
      <div className="contact-layout">
        <PolicyText slug="contact" />
        <SellerContact officerId={textHasOfficer ? `${OFFICER}-details` : OFFICER} />
      </div>
      <ContactForm />
    </section>
  );
}
