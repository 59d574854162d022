import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Hero } from './Hero';
import screen from './first-screen.html?raw';

// Whitespace between tags does not show (the hero's boxes are flex and grid items): the file may be indented.
const normalise = (html: string) => html.replace(/\s+/g, ' ').replace(/> </g, '><').trim();

describe('the first screen in home.html', () => {
  it("carries the hero exactly as React renders it (it paints before the app's code has run, then React draws the same)", () => {
    const hero = screen.match(/<section class="hero">[\s\S]*?<\/section>/)?.[0] ?? '';
    const rendered = renderToStaticMarkup(
      <MemoryRouter>
        <Hero />
      </MemoryRouter>,
    );
    expect(normalise(hero)).toBe(normalise(rendered));
  });
});
