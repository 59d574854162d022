// Test-only. Node's Request (used under jsdom) refuses relative URLs such as
// '/api/products', which the browser resolves against the page. openapi-fetch
// captures `Request` when lib/api creates its client, so this module must be
// evaluated before lib/api: testkit imports it first, and test files import
// testkit before anything that reaches lib/api.
const marker = Symbol.for('store.relativeRequest');
const g = globalThis as typeof globalThis & { [marker]?: true };

if (!g[marker]) {
  const Base = globalThis.Request;
  class RelativeRequest extends Base {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? new URL(input, location.href) : input, init);
    }
  }
  globalThis.Request = RelativeRequest as typeof Request;
  g[marker] = true;
}

export {};
