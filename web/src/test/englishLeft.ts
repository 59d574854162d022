// For the pages' Hindi tests: the English words (three Latin letters or more) a page still shows, in its text and
// in the labels a screen reader reads (aria-label, placeholder, title, alt), the data's own words aside.
import { screen } from '@testing-library/react';

export function englishLeft(root: Element, allowed: string[] = []): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  for (const el of root.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) texts.push(el.getAttribute(name) ?? '');
  }
  const words = texts.join(' ').match(/[A-Za-z]{3,}/g) ?? [];
  return [...new Set(words.filter((w) => !allowed.includes(w)))];
}

/** Once the page shows `words`: whether as a status (read out when they appear), and the English words left on it. */
export async function saidAsStatus(root: HTMLElement, words: string, allowed: string[] = []): Promise<{ status: boolean; english: string[] }> {
  const shown = await screen.findByText(words, {}, { timeout: 2000 });
  return { status: shown.closest('[role="status"]') !== null, english: englishLeft(root, allowed) };
}
