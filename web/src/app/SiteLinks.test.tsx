// The header's and the footer's links lead to the store's pages; the footer names the seller (GET /api/store)
// and links the grievance officer, keeping the seller's lines while the facts load.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockApi, ok, renderAt, storeFacts } from '../test/testkit';
import { Navbar } from './Navbar';
import { Footer } from './Footer';
import { Hero } from '../features/home/Hero';

const hrefOf = (name: string, scope: HTMLElement = document.body) => within(scope).getByRole('link', { name }).getAttribute('href');

describe('the site links', () => {
  it('lead from the header to About and Contact', () => {
    mockApi(() => undefined);
    renderAt('/', <Navbar />);
    const nav = screen.getByRole('navigation');
    expect(hrefOf('About', nav)).toBe('/about');
    expect(hrefOf('Contact', nav)).toBe('/contact');
    expect(nav.querySelector('[aria-disabled]')).toBeNull();
  });

  it("lead from the footer to every page, with the seller's name and address and the grievance officer", async () => {
    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    mockApi(async (_m, path) => {
      if (path !== '/api/store') return undefined;
      await answered;
      return ok(storeFacts());
    });
    renderAt('/', <Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.querySelector('[aria-disabled]')).toBeNull();
    expect(
      ['About Us', 'Contact Us', 'Track Order', 'Support & Returns', 'Track a Complaint', 'Privacy Policy', 'Terms of Service', 'Shipping Policy', 'Cookie Policy', 'Grievance officer'].map(
        (name) => hrefOf(name, footer),
      ),
    ).toEqual(['/about', '/contact', '/track', '/refunds', '/support/lookup', '/privacy', '/terms', '/shipping-policy', '/cookies', '/contact#grievance-officer']);
    // Its lines are there, empty, while the facts load.
    const name = screen.getByTestId('footer-seller-name');
    expect(name.textContent).toBe('');
    release();
    expect(await within(footer).findByText('Legacy Threads', { selector: '.seller-name' })).toBe(name);
    expect(within(footer).getByText('12 MG Road, Bengaluru, Karnataka 560001, India')).toBeTruthy();
  });

  it("make the home page's returns promise the store's claim window, leading to the refunds page", async () => {
    mockApi((_m, path) => (path === '/api/store' ? ok(storeFacts({ claimWindowDays: 14 })) : undefined));
    renderAt('/', <Hero />);
    const promise = await screen.findByRole('link', { name: 'Returns within 14 days' });
    expect(promise.getAttribute('href')).toBe('/refunds');
  });
});
