// The seller and the grievance officer, as GET /api/store names them (the Consumer Protection (E-Commerce) Rules,
// 2020: a seller's own site shows its legal name, address and contact, and the grievance officer's). The block's
// boxes are there while the facts load. `officerId`: the officer's box's id (the page's text may have a section
// of that name already: ids stay unique).
import type { ReactNode } from 'react';
import { useStoreFacts } from '../../api/store';

function Contact({ email, phone }: { email: string; phone: string }) {
  return (
    <>
      {email && (
        <p>
          E-mail: <a href={`mailto:${email}`}>{email}</a>
        </p>
      )}
      {phone && (
        <p>
          Phone: <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
        </p>
      )}
    </>
  );
}

function Box({ id, title, busy, children }: { id: string; title: string; busy: boolean; children: ReactNode }) {
  return (
    <section id={id} className="contact-box" aria-labelledby={`${id}-heading`} aria-busy={busy}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

export function SellerContact({ officerId }: { officerId: string }) {
  const facts = useStoreFacts();
  const seller = facts.data?.seller;
  const officer = facts.data?.grievanceOfficer;
  const unknown = facts.isError ? <p className="muted">The seller&apos;s details could not be loaded. Please try again later.</p> : <div className="skeleton-line" />;
  return (
    <aside className="contact-card" aria-label="Seller and grievance officer">
      <Box id="seller-details" title="Seller" busy={facts.isPending}>
        {seller ? (
          <>
            <p>
              <strong data-testid="seller-name">{seller.legalName}</strong>
            </p>
            <p className="seller-address">{seller.address}</p>
            {seller.gstin && <p>GSTIN: {seller.gstin}</p>}
            <Contact email={seller.email} phone={seller.phone} />
          </>
        ) : (
          unknown
        )}
      </Box>
      <Box id={officerId} title="Grievance officer" busy={facts.isPending}>
        {officer?.complete ? (
          <>
            <p>
              <strong>{officer.name}</strong>
              <br />
              {officer.designation}
            </p>
            <Contact email={officer.email} phone={officer.phone} />
          </>
        ) : officer ? (
          <p className="notice info">
            The grievance officer&apos;s details are not published yet. Meanwhile, please use the form on this page: every
            complaint gets a ticket number.
          </p>
        ) : (
          unknown
        )}
      </Box>
    </aside>
  );
}
