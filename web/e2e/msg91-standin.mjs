// A local stand-in for MSG91's Flow API, as the store's real client calls it
// in production: `POST /api/v5/flow` with the `authkey` header and
// `{template_id, recipients: [{mobiles: "91XXXXXXXXXX", otp}]}`, answered with
// MSG91's `{type, message}` (the Rust twin, api/tests/all/helpers/msg91.rs,
// holds the client's own tests). It keeps what it accepted to read codes from.
import { createServer } from 'node:http';

export const AUTH_KEY = 'msg91-e2e-authkey-0123456789';
export const TEMPLATE_ID = '65f0c0ffee0123456789abcd';

export async function startMsg91() {
  const accepted = [];
  let refused = 0;
  const server = createServer((req, res) => {
    const answer = (status, type, message) => {
      if (status !== 200) refused += 1;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ type, message }));
    };
    if (req.method !== 'POST' || req.url !== '/api/v5/flow') return answer(404, 'error', 'Not found');
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      if (req.headers.authkey !== AUTH_KEY) return answer(401, 'error', 'Authentication failure');
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        return answer(400, 'error', 'Invalid JSON');
      }
      if (body.template_id !== TEMPLATE_ID) return answer(400, 'error', 'Invalid template id');
      const recipients = Array.isArray(body.recipients) ? body.recipients : [];
      const valid = (r) => /^91\d{10}$/.test(r?.mobiles ?? '') && typeof r.otp === 'string';
      if (recipients.length === 0 || !recipients.every(valid)) return answer(400, 'error', 'Mobile number or variables missing');
      accepted.push(body);
      answer(200, 'success', `3a6b${String(accepted.length).padStart(20, '0')}`);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    accepted,
    get refused() {
      return refused;
    },
    /** The code last sent to a 10-digit mobile, waiting a little for it. */
    async codeFor(mobile) {
      for (let i = 0; i < 100; i++) {
        const sent = accepted.findLast((b) => b.recipients[0].mobiles === `91${mobile}`);
        if (sent) return sent.recipients[0].otp;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no SMS reached 91${mobile}`);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
