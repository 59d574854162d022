// A store page's body as the server rendered it from the page's Markdown (a policy page, the admin's preview).
// The server's renderer escapes raw HTML and keeps only http(s), mailto, tel and relative links, and the store's
// CSP runs no inline script: the HTML is shown as it came. The page never renders Markdown itself, so what a
// visitor reads is what the server serves. A link into the store moves within the app instead of reloading it.
import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import './pageHtml.css';

/** Whether the HTML opens with its own main heading (Markdown starting `# Title`): then the page adds no other. */
export function hasOwnHeading(html: string): boolean {
  return /^\s*<h1[\s>]/.test(html);
}

export function PageHtml({ html }: { html: string }) {
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  // A wide table scrolls sideways on a phone (CSS): keyboard users reach it, to scroll it, with Tab.
  useLayoutEffect(() => {
    for (const table of box.current?.querySelectorAll('table') ?? []) table.tabIndex = 0;
  }, [html]);
  const follow = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href, window.location.href);
    // Files the API serves (/api/...) are not pages of the app.
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
    e.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  return <div ref={box} className="page-html" onClick={follow} dangerouslySetInnerHTML={{ __html: html }} />;
}
