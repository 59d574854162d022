import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, signedIn, storeFacts, storePage, supportTicket, type FakeResponse } from '../../test/testkit';
import ContactPage from './ContactPage';

const contactPage = storePage({ slug: 'contact', title: 'Contact us', html: '<p>We acknowledge every complaint within 48 hours.</p>' });

/** The contact page's API: its text, the store's facts and the ticket desk (`filed` answers POST /api/support/tickets). */
function api(filed: (body: Record<string, unknown>) => FakeResponse, facts = storeFacts()) {
  const bodies: Record<string, unknown>[] = [];
  const fetchMock = mockApi(async (method, path, _url, request) => {
    if (path === '/api/pages/contact') return ok(contactPage);
    if (path === '/api/store') return ok(facts);
    if (method === 'POST' && path === '/api/support/tickets') {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return filed(body);
    }
    return undefined;
  });
  return { fetchMock, bodies };
}

const render = (at = '/contact') => renderRoutes([{ path: '/contact', element: <ContactPage /> }], at);

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    if (field instanceof HTMLSelectElement) await user.selectOptions(field, value);
    else {
      await user.clear(field);
      if (value) await user.paste(value);
    }
  }
}

const complaint = {
  'Your name': 'Asha Verma',
  'E-mail address': 'asha@example.com',
  'What is it about?': 'product',
  Subject: 'Misprinted logo',
  Message: 'The logo is smudged on 2 shirts.',
};

describe('the contact page', () => {
  it("shows the page's text, the seller and the grievance officer", async () => {
    const facts = storeFacts();
    api(() => fail(500, 'x'), storeFacts({ seller: { ...facts.seller, legalName: 'Legacy Threads Private Limited' }, grievanceOfficer: { ...facts.grievanceOfficer, phone: '+91 80 5555 0101' } }));
    render();
    expect(await screen.findByText('We acknowledge every complaint within 48 hours.')).toBeTruthy();
    const seller = await screen.findByRole('region', { name: 'Seller' });
    expect(within(seller).getByText('Legacy Threads Private Limited')).toBeTruthy();
    expect(within(seller).getByText('12 MG Road, Bengaluru, Karnataka 560001, India')).toBeTruthy();
    expect(within(seller).getByText('GSTIN: 29ABCDE1234F1ZW')).toBeTruthy();
    expect(within(seller).getByRole('link', { name: 'hello@shop.example' }).getAttribute('href')).toBe('mailto:hello@shop.example');
    const officer = screen.getByRole('region', { name: 'Grievance officer' });
    // The footer's link (/contact#grievance-officer) lands on the officer's box: the text has no such section.
    expect(officer.id).toBe('grievance-officer');
    expect(within(officer).getByText('Meera Iyer')).toBeTruthy();
    expect(within(officer).getByText('Grievance Officer')).toBeTruthy();
    expect(within(officer).getByRole('link', { name: '+91 80 5555 0101' }).getAttribute('href')).toBe('tel:+918055550101');
  });

  it("leaves #grievance-officer to the text's section of that name, when it has one", async () => {
    mockApi((_m, path) =>
      path === '/api/pages/contact' ? ok({ ...contactPage, html: '<h2 id="grievance-officer">Grievance officer</h2><p>Meera Iyer</p>' }) : undefined,
    );
    render();
    await screen.findByText('Meera Iyer', { selector: 'p' });
    expect(document.querySelectorAll('#grievance-officer')).toHaveLength(1);
    expect(document.getElementById('grievance-officer')?.tagName).toBe('H2');
    expect(screen.getByRole('region', { name: 'Grievance officer' }).id).toBe('grievance-officer-details');
  });

  it("says plainly when the grievance officer's details are not published", async () => {
    api(() => fail(500, 'x'), storeFacts({ grievanceOfficer: { name: '', designation: '', email: '', phone: '', complete: false } }));
    render();
    const officer = await screen.findByRole('region', { name: 'Grievance officer' });
    expect(await within(officer).findByText(/The grievance officer's details are not published yet/)).toBeTruthy();
    expect(within(officer).queryByRole('link')).toBeNull();
  });

  it('files a complaint and shows its number, the promised dates and the way to track it', async () => {
    const ticket = supportTicket();
    const { bodies } = api(() => ({ status: 201, body: { success: true, message: 'Ticket filed', data: ticket } }));
    render();
    const user = userEvent.setup();
    await fill(user, { ...complaint, 'Mobile number (optional)': '+91 98765 43210', 'Order number (optional)': ' LT-20261122-000001 ' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByTestId('ticket-number')).textContent).toBe('GRV/26-27/000042');
    expect(bodies).toEqual([
      {
        name: 'Asha Verma',
        email: 'asha@example.com',
        phone: '9876543210',
        category: 'product',
        subject: 'Misprinted logo',
        message: 'The logo is smudged on 2 shirts.',
        orderId: 'LT-20261122-000001',
      },
    ]);
    expect(document.activeElement?.textContent).toBe('We have your message');
    expect(screen.getByText(/We acknowledge it by 5 Dec 2026.* and resolve it by 2 Jan 2027/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Track your ticket' }).getAttribute('href')).toBe('/support/lookup?number=GRV%2F26-27%2F000042');
    await user.click(screen.getByRole('button', { name: 'Write another message' }));
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
  });

  it('checks what it can before sending, and shows the server’s message by each field it refuses', async () => {
    const { bodies } = api(() => ({
      status: 400,
      body: { success: false, message: 'Please enter a subject (1 to 150 characters on one line)', code: 'TICKET_SUBJECT' },
    }));
    render();
    const user = userEvent.setup();
    await fill(user, { 'Your name': 'Asha', 'E-mail address': 'asha@', 'Mobile number (optional)': '12345' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(bodies).toEqual([]);
    const email = screen.getByLabelText('E-mail address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('Please enter a valid email address');
    expect(screen.getByText('Please enter a valid 10-digit mobile number')).toBeTruthy();
    expect(screen.getByText('Please choose what your message is about')).toBeTruthy();
    expect(screen.getByText('Please write your message')).toBeTruthy();
    expect(screen.getByLabelText('Your name').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(email);

    await fill(user, { ...complaint, 'Mobile number (optional)': '', Subject: 'x'.repeat(151) });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const subject = screen.getByLabelText('Subject');
    await within(subject.parentElement!).findByText('Please enter a subject (1 to 150 characters on one line)');
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ phone: '', orderId: '' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a refusal that names no field (too many complaints) above the button", async () => {
    api(() => fail(429, 'Too many messages. Please try again in a few minutes.'));
    render();
    const user = userEvent.setup();
    await fill(user, complaint);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many messages. Please try again in a few minutes.');
  });

  it('fills in the name and e-mail of a signed-in customer', async () => {
    signedIn({ name: 'Ravi Kumar', email: 'ravi@example.com' });
    api(() => fail(500, 'x'));
    render();
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Ravi Kumar');
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('ravi@example.com');
  });

  it('opens about the order an order page names', async () => {
    api(() => ok(supportTicket()));
    render('/contact?orderId=LT-20261122-000001');
    expect(((await screen.findByLabelText('Order number (optional)')) as HTMLInputElement).value).toBe('LT-20261122-000001');
    expect((screen.getByLabelText('What is it about?') as HTMLSelectElement).value).toBe('order');
  });
});
