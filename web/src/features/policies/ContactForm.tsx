// The contact form on /contact: anyone files a complaint or a question (POST /api/support/tickets) and gets its
// ticket number at once, with the dates the store has promised to acknowledge and resolve it by, and the way to
// follow it (/support/lookup). Signed in, the name and e-mail are filled in and the ticket joins the account.
// A field the server refuses (its code names it) shows the server's message beside it. An order's "Report a
// problem" links here with the order named (`?orderId=`): the form opens about that order.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CATEGORY_LABEL, fileTicket, TicketRefused, type NewTicket, type Ticket } from '../../api/supportTickets';
import { serverErrorText } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { parseEmail, parsePhone } from '../../lib/contact';
import { formatDate } from '../../lib/formatDate';
import { cleanPhone } from '../../lib/inputs';
import { useT, type T } from '../../lib/i18n';

type Field = keyof NewTicket;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/** The form's fields in the order they are shown (and focused when refused). */
const ORDER: Field[] = ['name', 'email', 'phone', 'category', 'orderId', 'subject', 'message'];

/** What the form can tell before asking the server (which checks everything again, lengths included). */
function check(v: Values, t: T): Errors {
  const errors: Errors = {};
  if (!v.name.trim()) errors.name = t('policies.form.missingName');
  if (!parseEmail(v.email)) errors.email = t('policies.form.badEmail');
  if (v.phone && !parsePhone(v.phone)) errors.phone = t('policies.form.badPhone');
  if (!v.category) errors.category = t('policies.form.missingCategory');
  if (!v.subject.trim()) errors.subject = t('policies.form.missingSubject');
  if (!v.message.trim()) errors.message = t('policies.form.missingMessage');
  return errors;
}

/** The filing as the server takes it: trimmed, an empty phone or order number meaning none. */
function request(v: Values): NewTicket {
  return {
    name: v.name.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    category: v.category as NewTicket['category'],
    subject: v.subject.trim(),
    message: v.message.trim(),
    orderId: v.orderId.trim(),
  };
}

export function ContactForm() {
  const { user, offline } = useAuth();
  const known = offline ? null : user;
  const order = useSearchParams()[0].get('orderId')?.trim() ?? '';
  const blank: Values = { name: known?.name ?? '', email: known?.email ?? '', phone: '', category: order ? 'order' : '', orderId: order, subject: '', message: '' };
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<Errors>({});
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const file = useMutation({ mutationFn: fileTicket });
  const t = useT();

  const focusFirst = (errs: Errors) => {
    const first = ORDER.find((f) => errs[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const found = check(values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirst(found);
    file.mutate(request(values), {
      onError: (e) => {
        if (e instanceof TicketRefused && e.field) {
          const refused = { [e.field]: e.message };
          setErrors(refused);
          focusFirst(refused);
        }
      },
    });
  };
  const edit = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const another = () => {
    file.reset();
    setValues(blank);
    setErrors({});
  };
  if (file.isSuccess) return <Filed ticket={file.data} onAnother={another} />;

  const refusedWhole = file.isError && !(file.error instanceof TicketRefused && file.error.field);
  const field = (name: Field, label: string, control: (props: ControlProps) => ReactNode, hint?: string) => {
    const error = errors[name];
    const controlId = `${id}-${name}`;
    const describedBy = error ? `${controlId}-error` : hint ? `${controlId}-hint` : undefined;
    return (
      <div className={`field field-${name}`}>
        <label htmlFor={controlId}>{label}</label>
        {control({ id: controlId, name, value: values[name], 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, onChange: (e) => edit(name, e.target.value) })}
        {error ? (
          <small id={`${controlId}-error`} className="field-error">
            {error}
          </small>
        ) : (
          hint && (
            <small id={`${controlId}-hint`} className="muted field-hint">
              {hint}
            </small>
          )
        )}
      </div>
    );
  };

  return (
    <section className="contact-form-box" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('policies.form.title')}</h2>
      <p className="muted">{t('policies.form.intro')}</p>
      <form ref={form} className="contact-form" onSubmit={submit} noValidate aria-busy={file.isPending}>
        {field('name', t('policies.form.name'), (p) => <input {...p} autoComplete="name" />)}
        {field('email', t('policies.form.email'), (p) => <input {...p} type="email" inputMode="email" autoComplete="email" />)}
        {field('phone', t('policies.form.phone'), (p) => <input {...p} type="tel" inputMode="numeric" autoComplete="tel-national" onChange={(e) => edit('phone', cleanPhone(e.target.value))} />, t('policies.form.phoneHint'))}
        {field('category', t('policies.form.about'), (p) => (
          <select {...p}>
            <option value="">{t('policies.form.chooseTopic')}</option>
            {Object.keys(CATEGORY_LABEL).map((value) => (
              <option key={value} value={value}>
                {t('policies.form.category', { category: value })}
              </option>
            ))}
          </select>
        ))}
        {field('orderId', t('policies.form.order'), (p) => <input {...p} autoComplete="off" spellCheck={false} />)}
        {field('subject', t('policies.form.subject'), (p) => <input {...p} autoComplete="off" />)}
        {field('message', t('policies.form.message'), (p) => <textarea {...p} rows={6} />)}
        {refusedWhole && (
          <p className="notice error" role="alert">
            {serverErrorText(file.error, t('policies.form.failed'))}
          </p>
        )}
        <button className="btn" type="submit" disabled={file.isPending}>
          {file.isPending ? t('policies.form.sending') : t('policies.form.send')}
        </button>
      </form>
    </section>
  );
}

interface ControlProps {
  id: string;
  name: Field;
  value: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onChange: (e: { target: { value: string } }) => void;
}

function Filed({ ticket, onAnother }: { ticket: Ticket; onAnother: () => void }) {
  // The form is gone: its place's heading takes the focus, and a screen reader reads the news.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const t = useT();
  return (
    <section className="contact-form-box ticket-filed" aria-labelledby="ticket-filed-heading">
      <h2 id="ticket-filed-heading" ref={heading} tabIndex={-1}>
        {t('policies.filed.title')}
      </h2>
      <p role="status">
        {t.rich('policies.filed.number', {
          number: ticket.number,
          email: ticket.email,
          b: (chunks) => (
            <strong key="number" data-testid="ticket-number">
              {chunks}
            </strong>
          ),
        })}
      </p>
      <p>{t('policies.filed.dates', { acknowledge: formatDate(ticket.acknowledgeBy), resolve: formatDate(ticket.resolveBy) })}</p>
      <div className="row">
        <Link className="btn" to={`/support/lookup?number=${encodeURIComponent(ticket.number)}`}>
          {t('policies.filed.track')}
        </Link>
        <button className="btn ghost" type="button" onClick={onAnother}>
          {t('policies.filed.another')}
        </button>
      </div>
    </section>
  );
}
