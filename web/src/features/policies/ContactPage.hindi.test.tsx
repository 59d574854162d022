// /contact in Hindi: the page's chrome (the seller's box, the form, its own messages, the filed ticket) reads in
// Hindi; the page's text and the seller's facts are the merchant's and stay as written.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inHindi, mockApi, ok, renderRoutes, storeFacts, storePage, supportTicket } from '../../test/testkit';
import { englishLeft } from '../../test/englishLeft';
import ContactPage from './ContactPage';

describe('/contact in Hindi', () => {
  it('reads in Hindi', async () => {
    await inHindi();
    mockApi((method, path) => {
      if (path === '/api/pages/contact') return ok(storePage({ slug: 'contact', title: 'संपर्क', html: '<p>हमसे संपर्क करें।</p>', updatedAt: Date.UTC(2026, 10, 1) }));
      if (path === '/api/store') return ok(storeFacts());
      if (method === 'POST' && path === '/api/support/tickets') return ok(supportTicket());
      return undefined;
    });
    const { container } = renderRoutes([{ path: '/contact', element: <ContactPage /> }], '/contact');
    expect(await screen.findByRole('heading', { name: 'विक्रेता' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'शिकायत अधिकारी' })).toBeTruthy();
    expect(await screen.findByText(/पिछली बार अपडेट किया गया/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'संदेश भेजें' }));
    expect(screen.getByText('कृपया अपना नाम लिखें')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'कोई उत्पाद (गलत छपाई, नुकसान)' })).toBeTruthy();
    // The seller's and the officer's facts are the merchant's own words.
    const facts = ['Legacy', 'Threads', 'MG', 'Road', 'Bengaluru', 'Karnataka', 'India', 'ABCDE', 'GSTIN', 'hello', 'shop', 'example', 'Meera', 'Iyer', 'Grievance', 'Officer', 'grievance', 'com'];
    expect(englishLeft(container, facts)).toEqual([]);
    await user.type(screen.getByLabelText('आपका नाम'), 'Asha');
    await user.type(screen.getByLabelText('ईमेल पता'), 'asha@example.com');
    await user.selectOptions(screen.getByLabelText('यह किस बारे में है?'), 'product');
    await user.type(screen.getByLabelText('विषय'), 'छपाई');
    await user.type(screen.getByLabelText('संदेश'), 'लोगो गलत छपा');
    await user.click(screen.getByRole('button', { name: 'संदेश भेजें' }));
    expect(await screen.findByRole('heading', { name: 'हमें आपका संदेश मिल गया है' })).toBeTruthy();
    expect(englishLeft(container, [...facts, 'GRV', 'asha'])).toEqual([]);
  });
});
