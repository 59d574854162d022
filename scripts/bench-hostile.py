#!/usr/bin/env python3
"""Hostile flood figures (`just bench-hostile`): one fresh account sends 60
parallel uploads of distinct 4,898 x 4,898 flat PNGs (about 100 KB each on
the wire, 24 MP each decoded: the largest square the store accepts, as
4,899 x 4,899 is 24,000,201 pixels and refused from its header) and 50 parallel saved-design updates whose pictures
are such PNGs, while another shopper reads `GET /api/products` over and over.
Prints the server's peak resident memory (VmHWM), every answer's status count
(2xx/4xx/503 only; anything else, or a server that died, fails the run), and
the other shopper's latency percentiles during the flood.

Then, on a fresh server each, HANGUPS (60) background removals of such a PNG
(`POST /api/remove-background`, open to visitors), each hung up 150 ms after
it was sent: from one client address, and from 20 (127.0.0.2-21, so the
per-client limit admits them all). A hung-up request's work must keep its
memory budget until it ends: prints each server's peak memory (at most 512 MiB
or the run fails) and the other shopper's catalogue meanwhile.

Runs the release binary (API_BIN, default target/release/api) on a fresh
SQLite file and local storage on 127.0.0.1. Python 3, standard library only.
"""
import concurrent.futures
import hashlib
import http.client
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

SIDE = int(os.environ.get("SIDE", "4898"))
UPLOADS = int(os.environ.get("UPLOADS", "60"))
UPDATES = int(os.environ.get("UPDATES", "50"))
HANGUPS = int(os.environ.get("HANGUPS", "60"))
PEAK_LIMIT_MIB = 512
DESIGNS = 10
PASSWORD = "violet-Kettle-harbour-92"
SHIRT = "64f1a2b3c4d5e6f708190a01"
repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.environ.get("API_BIN") or os.path.join(
    os.environ.get("CARGO_TARGET_DIR", os.path.join(repo, "target")), "release", "api")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def flat_png(n):
    """A SIDE x SIDE RGBA PNG of one colour (distinct for each n): the first
    row is the colour, every other row repeats it with the Up filter (zeros),
    so 96 MB of pixels compress to a few KB."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    colour = bytes([n % 256, (n * 7) % 256, (n * 13) % 256, 255])
    z = zlib.compressobj(9)
    out = [z.compress(b"\0" + colour * SIDE)]
    up = b"\2" + bytes(SIDE * 4)
    out += [z.compress(up) for _ in range(SIDE - 1)]
    out.append(z.flush())
    head = struct.pack(">IIBBBBB", SIDE, SIDE, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", b"".join(out)) + chunk(b"IEND", b"")


def peak_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmHWM:\s+(\d+)", f.read()).group(1)) / 1024


class Client:
    def __init__(self, port):
        self.port = port

    def call(self, method, path, body=None, token=None, raw=None, ctype="application/json", source=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=300,
                                          source_address=(source, 0) if source else None)
        headers = {"content-type": ctype}
        if token:
            headers["authorization"] = f"Bearer {token}"
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        try:
            conn.request(method, path, body=data, headers=headers)
            r = conn.getresponse()
            payload = r.read()
            return r.status, payload
        finally:
            conn.close()

    def json(self, method, path, body=None, token=None):
        status, payload = self.call(method, path, body, token)
        assert 200 <= status < 300, (path, status, payload[:300])
        return json.loads(payload)["data"]

    def sign_up(self, email):
        return self.json("POST", "/api/auth/register",
                         {"name": "Bench Shopper", "email": email, "password": PASSWORD})["accessToken"]


def design(asset, x):
    return {
        "version": 1, "productId": SHIRT, "color": "blue",
        "areas": {"leftChest": {}, "back": {"image": {
            "asset": asset, "name": "flat.png", "position": {"x": x, "y": 50.0},
            "size": {"width": 60, "height": 60}, "useEmbroidery": False}}},
        "quantities": {"s": 0, "m": 25, "l": 0, "xl": 0, "xxl": 0},
        "materialQuality": "Premium", "printQuality": "High",
    }


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * p / 100))]


def start_server():
    """A release server on a fresh SQLite file: (process, client, its data directory)."""
    work = tempfile.mkdtemp(prefix="bench-hostile-")
    port = free_port()
    env = dict(os.environ, DATA_DIR=work, DATABASE_URL="", LISTEN_ADDR=f"127.0.0.1:{port}",
               TEST_PROVIDERS="on", RUST_LOG="warn", STORAGE="local")
    server = subprocess.Popen([binary, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    api = Client(port)
    for _ in range(200):
        try:
            if api.call("GET", "/api/health")[0] == 200:
                break
        except OSError:
            time.sleep(0.05)
    return server, api, work


def stop_server(server, work):
    server.terminate()
    server.wait()
    shutil.rmtree(work, ignore_errors=True)


def multipart_png(png):
    boundary = "bench-hostile-boundary"
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"image\"; filename=\"logo.png\"\r\n"
            "Content-Type: image/png\r\n\r\n").encode()
    return head + png + f"\r\n--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def hang_up(port, source, body, ctype, after_s=0.15):
    """Sends a background removal from `source` and closes the connection
    `after_s` later, without reading the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0)) as conn:
        conn.sendall((f"POST /api/remove-background HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                      f"Content-Type: {ctype}\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body)
        time.sleep(after_s)


def hung_up_removals(png, sources):
    """HANGUPS hung-up removals spread over `sources`, on a fresh server, while
    a shopper reads the catalogue: (peak MiB, catalogue latencies, failures, alive)."""
    server, api, work = start_server()
    try:
        shopper = api.sign_up("shopper@example.com")
        body, ctype = multipart_png(png)
        peak = [peak_mib(server.pid)]
        busy = threading.Event()
        busy.set()
        latencies, failures = [], []

        def watch():
            while busy.is_set():
                try:
                    peak[0] = max(peak[0], peak_mib(server.pid))
                except OSError:
                    return
                time.sleep(0.02)

        def browse():
            while busy.is_set():
                started = time.perf_counter()
                try:
                    status = api.call("GET", "/api/products?limit=12", token=shopper)[0]
                except OSError as e:
                    status = type(e).__name__
                latencies.append((time.perf_counter() - started) * 1000)
                if status != 200:
                    failures.append(status)
                    time.sleep(0.05)

        threads = [threading.Thread(target=watch), threading.Thread(target=browse)]
        for t in threads:
            t.start()
        with concurrent.futures.ThreadPoolExecutor(HANGUPS) as pool:
            for job in [pool.submit(hang_up, api.port, sources[i % len(sources)], body, ctype)
                        for i in range(HANGUPS)]:
                job.result()
        # The work the hung-up requests left runs on: a removal from an address of
        # its own, waited for, answers once the line ahead of it has drained.
        drained = False
        deadline = time.perf_counter() + 300
        while not drained and time.perf_counter() < deadline:
            status, _ = api.call("POST", "/api/remove-background", raw=body, ctype=ctype,
                                 source="127.0.0.250")
            drained = status == 200
            if not drained:
                time.sleep(0.5)
        busy.clear()
        for t in threads:
            t.join()
        alive = server.poll() is None and api.call("GET", "/api/health")[0] == 200
        return peak[0], sorted(latencies), failures, alive and drained
    finally:
        stop_server(server, work)


def main():
    print(f"making {UPLOADS + 2} flat {SIDE} x {SIDE} PNGs ...", flush=True)
    pngs = [flat_png(n) for n in range(UPLOADS + 2)]
    server, api, work = start_server()
    try:
        attacker = api.sign_up("flood@example.com")
        shopper = api.sign_up("shopper@example.com")

        # Before the flood: two pictures and the designs the updates will change.
        assets = []
        for png in pngs[:2]:
            sha = hashlib.sha256(png).hexdigest()
            status, payload = api.call("PUT", f"/api/artwork/{sha}", token=attacker, raw=png, ctype="image/png")
            assert status in (200, 201), (status, payload[:300])
            info = json.loads(payload)["data"]
            assets.append({k: info[k] for k in ("sha256", "mime", "bytes", "width", "height")})
        designs = [api.json("POST", "/api/designs", {"name": f"Flood {i}", "design": design(assets[i % 2], 50.0)},
                            attacker)["_id"] for i in range(DESIGNS)]
        idle_mib = peak_mib(server.pid)

        statuses = {}
        lock = threading.Lock()

        def count(kind, status):
            with lock:
                statuses.setdefault(kind, {})
                statuses[kind][status] = statuses[kind].get(status, 0) + 1

        def answer(call):
            try:
                return call()[0]
            except OSError as e:  # no answer: the connection was dropped
                return f"no answer ({type(e).__name__})"

        def upload(png):
            sha = hashlib.sha256(png).hexdigest()
            count("uploads", answer(lambda: api.call("PUT", f"/api/artwork/{sha}", token=attacker,
                                                       raw=png, ctype="image/png")))

        def update(i):
            # A new position and the other picture: the thumbnail is drawn again.
            body = {"design": design(assets[(i + 1) % 2], float(10 + i % 80))}
            count("updates", answer(lambda: api.call("PUT", f"/api/designs/{designs[i % DESIGNS]}",
                                                       body, attacker)))

        # The peak, read while the server lives (a killed server has no VmHWM to read after).
        peak = [idle_mib]

        def watch():
            while flooding.is_set():
                try:
                    peak[0] = max(peak[0], peak_mib(server.pid))
                except (OSError, AttributeError):
                    return
                time.sleep(0.02)

        latencies = []
        flooding = threading.Event()
        flooding.set()

        browse_failures = []

        def browse():
            while flooding.is_set():
                started = time.perf_counter()
                status = answer(lambda: api.call("GET", "/api/products?limit=12", token=shopper))
                latencies.append((time.perf_counter() - started) * 1000)
                if status != 200:
                    browse_failures.append(status)
                    time.sleep(0.05)

        reader = threading.Thread(target=browse)
        reader.start()
        watcher = threading.Thread(target=watch)
        watcher.start()
        started = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(UPLOADS + UPDATES) as pool:
            jobs = [pool.submit(upload, png) for png in pngs[2:]]
            jobs += [pool.submit(update, i) for i in range(UPDATES)]
            for job in jobs:
                job.result()
        flood_s = time.perf_counter() - started
        flooding.clear()
        reader.join()
        watcher.join()
        alive = server.poll() is None and answer(lambda: api.call("GET", "/api/health")) == 200
        if alive:
            peak[0] = max(peak[0], peak_mib(server.pid))
        lat = sorted(latencies)
        print(f"binary: {binary}")
        print(f"flood: {UPLOADS} uploads of distinct {SIDE} x {SIDE} flat PNGs ({len(pngs[2]) / 1024:.1f} KB each) "
              f"+ {UPDATES} design updates, all at once, from one fresh account: {flood_s:.1f} s")
        for kind, counts in sorted(statuses.items()):
            print(f"{kind}: " + ", ".join(f"{s}: {n}" for s, n in sorted(counts.items(), key=str)))
        print(f"server peak RSS: {peak[0]:.0f} MiB (after sign-up and setup: {idle_mib:.0f} MiB); alive after: {alive}"
              + ("" if alive else f" (exit status {server.poll()})"))
        print(f"another shopper's GET /api/products during the flood: {len(lat)} requests, "
              f"p50 {percentile(lat, 50):.1f} ms, p99 {percentile(lat, 99):.1f} ms, max {lat[-1] if lat else 0:.1f} ms"
              + (f"; {len(browse_failures)} failed" if browse_failures else ""))
        bad = {s: n for counts in statuses.values() for s, n in counts.items()
               if not (isinstance(s, int) and (200 <= s < 300 or 400 <= s < 500 or s == 503))}
        if bad or not alive or browse_failures:
            print(f"FAILED: unexpected answers {bad}, server alive: {alive}, catalogue failures: {len(browse_failures)}")
            return 1
    finally:
        stop_server(server, work)
    failed = False
    for label, sources in [("one client", ["127.0.0.1"]),
                           ("20 client addresses", [f"127.0.0.{i}" for i in range(2, 22)])]:
        started = time.perf_counter()
        peak, lat, failures, alive = hung_up_removals(pngs[0], sources)
        print(f"hung-up removals, {label}: {HANGUPS} requests of a {SIDE} x {SIDE} PNG, each closed 150 ms after "
              f"sending; server peak RSS {peak:.0f} MiB (limit {PEAK_LIMIT_MIB}), {time.perf_counter() - started:.1f} s "
              f"until a removal sent after them was answered; alive and drained after: {alive}; another shopper's GET /api/products meanwhile: {len(lat)} requests, "
              f"p50 {percentile(lat, 50):.1f} ms, p99 {percentile(lat, 99):.1f} ms"
              + (f"; {len(failures)} failed" if failures else ""))
        if peak > PEAK_LIMIT_MIB or not alive or failures:
            failed = True
    if failed:
        print("FAILED: a hung-up removal's work outgrew the memory budget, the server died or the catalogue failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
