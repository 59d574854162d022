// The seller and the grievance officer, as GET /api/store names them (the Consumer Protection (E-Commerce) Rules,
// 2020: a seller's own site shows its legal name, address and contact, and the grievance officer's). The block's
// boxes are there while the facts load. `officerId`: the officer's box's id (the page's text may have a section
// of that name already: ids stay unique).
import type { ReactNode } from 'react';
import { useStoreFacts } from '../../api/store';
import { useT } from '../../lib/i18n';

function Contact({ email, phone }: { email: string; phone: string }) {
  const t = useT();
  return (
    <>
      {email && (
        <p>
          {t.rich('policies.contact.email', {
            email,
            mail: (chunks) => (
              <a key="mail" href={`mailto:${email}`}>
                {chunks}
              </a>
            ),
          })}
        </p>
      )}
      {phone && (
        <p>
          {t.rich('policies.contact.phone', {
            phone,
            tel: (chunks) => (
              <a key="tel" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                {chunks}
              </a>
            ),
          })}
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
  const t = useT();
  const unknown = facts.isError ? <p className="muted">{t('policies.contact.unavailable')}</p> : <div className="skeleton-line" />;
  return (
    <aside className="contact-card" aria-label={t('policies.contact.label')}>
      <Box id="seller-details" title={t('policies.contact.seller')} busy={facts.isPending}>
        {seller ? (
          <>
            <p>
              <strong data-testid="seller-name">{seller.legalName}</strong>
            </p>
            <p className="seller-address">{seller.address}</p>
            {seller.gstin && <p>{t('policies.contact.gstin', { gstin: seller.gstin })}</p>}
            <Contact email={seller.email} phone={seller.phone} />
          </>
        ) : (
          unknown
        )}
      </Box>
      <Box id={officerId} title={t('policies.contact.officer')} busy={facts.isPending}>
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
            {t('policies.contact.officerPending')}
          </p>
        ) : (
          unknown
        )}
      </Box>
    </aside>
  );
}
