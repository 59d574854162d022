import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { Navbar } from './Navbar';
import { mockApi, renderAt } from '../test/testkit';
import { Hero } from '../features/home/Hero';
import screen from '../features/home/first-screen.html?raw';

// Whitespace between tags does not show (the hero's boxes are flex and grid items): the file may be indented.
const normalise = (html: string) => html.replace(/\s+/g, ' ').replace(/> </g, '><').trim();

describe('the first screen in home.html', () => {
  it("carries the hero exactly as React renders it (it paints before the app's code has run, then React draws the same)", () => {
    const hero = screen.match(/<section class="hero">[\s\S]*?<\/section>/)?.[0] ?? '';
    // Before the store's facts have arrived, as home.html paints it (the claim window's number comes later).
    const rendered = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Hero />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(normalise(hero)).toBe(normalise(rendered));
  });

  it('carries the navigation bar a new visitor sees, its actions kept by an invisible button until the app knows who is signed in', () => {
    mockApi(() => undefined);
    const { container } = renderAt('/', <Navbar />);
    const actions = (html: string) => html.replace(/<div class="nav-actions">[\s\S]*?<\/div>(?=\s*<\/div>\s*<\/header>)/, '<div class="nav-actions"></div>');
    const bar = screen.match(/<header class="navbar">[\s\S]*?<\/header>/)?.[0] ?? '';
    expect(bar).toContain('<span class="btn nav-placeholder" aria-hidden="true">Login</span>');
    expect(normalise(actions(bar))).toBe(normalise(actions(container.querySelector('header')!.outerHTML)));
  });
});
