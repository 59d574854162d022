#!/usr/bin/env python3
"""Upload figures (`just bench-uploads`): a 100 MB .glb sent to a release
server with local storage, once by one presigned PUT and once as a multipart
upload in 5 MB parts (4 at a time, as the admin panel sends them), with the
throughput of each and the server's peak resident memory (VmHWM) after each.
Only 127.0.0.1; the data directory is temporary. Needs the release binary
(the recipe builds it) and Python 3 (standard library only).
"""
import concurrent.futures
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

SIZE = int(os.environ.get("UPLOAD_MB", "100")) * 1024 * 1024 - 4096
PART = 5 * 1024 * 1024
repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(repo, "target")), "release", "api")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def glb(size):
    """A valid binary glTF 2.0 file of exactly `size` bytes (a large BIN chunk)."""
    doc = b'{"asset":{"version":"2.0"}}'
    doc += b" " * (-len(doc) % 4)
    bin_len = size - 12 - 8 - len(doc) - 8
    head = b"glTF" + (2).to_bytes(4, "little") + size.to_bytes(4, "little")
    head += len(doc).to_bytes(4, "little") + b"JSON" + doc
    return head + bin_len.to_bytes(4, "little") + b"BIN\0" + b"\x07" * bin_len


def peak_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmHWM:\s+(\d+)", f.read()).group(1))


def main():
    work = tempfile.mkdtemp(prefix="bench-uploads-")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ, DATA_DIR=work, DATABASE_URL="", LISTEN_ADDR=f"127.0.0.1:{port}",
               TEST_PROVIDERS="on", RUST_LOG="warn", STORAGE="local")
    server = subprocess.Popen([binary, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/api/health", timeout=1)
                break
            except OSError:
                time.sleep(0.1)

        def call(method, path, body=None, token=None):
            req = urllib.request.Request(base + path, method=method,
                                         data=None if body is None else json.dumps(body).encode())
            req.add_header("content-type", "application/json")
            if token:
                req.add_header("authorization", f"Bearer {token}")
            with urllib.request.urlopen(req, timeout=60) as r:
                return json.load(r)["data"]

        subprocess.run([binary, "create-admin", "--email", "bench@example.com", "--name", "Bench"],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        call("POST", "/api/auth/otp/email/send", {"email": "bench@example.com"})
        outbox = call("GET", "/api/dev/outbox?to=bench%40example.com")
        code = re.search(r"\b(\d{6})\b", outbox[0]["body"]).group(1)
        token = call("POST", "/api/auth/otp/email/verify", {"email": "bench@example.com", "code": code})["accessToken"]
        data = glb(SIZE)
        baseline = peak_kib(server.pid)

        def put(url, body):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            conn.request("PUT", url, body=body, headers={"content-type": "model/gltf-binary"})
            r = conn.getresponse()
            r.read()
            assert r.status == 200, r.status
            return r.getheader("ETag").strip('"')

        # One presigned PUT, then the product-time check of the file (a product references it).
        started = time.perf_counter()
        up = call("GET", "/api/upload/presigned-url?fileName=bench.glb&color=red", token=token)
        put(up["uploadUrl"], data)
        single = time.perf_counter() - started
        single_peak = peak_kib(server.pid)

        # Multipart: 5 MB parts, 4 in flight, then complete (joined and checked by the server).
        started = time.perf_counter()
        mp = call("POST", "/api/upload/multipart/initiate", {"fileName": "bench.glb", "color": "red"}, token)
        chunks = [data[i:i + PART] for i in range(0, len(data), PART)]

        def send(n):
            url = call("POST", "/api/upload/multipart/part-url",
                       {"s3Key": mp["s3Key"], "uploadId": mp["uploadId"], "partNumber": n}, token)["uploadUrl"]
            return {"ETag": put(url, chunks[n - 1]), "PartNumber": n}

        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            parts = list(pool.map(send, range(1, len(chunks) + 1)))
        done = call("POST", "/api/upload/multipart/complete",
                    {"s3Key": mp["s3Key"], "uploadId": mp["uploadId"], "parts": parts}, token)
        multi = time.perf_counter() - started
        assert done["size"] == len(data)
        multi_peak = peak_kib(server.pid)

        mb = len(data) / 1e6
        print(f"file: {mb:.1f} MB .glb, local storage, release build, 127.0.0.1")
        print(f"single PUT:              {single:6.2f} s  {mb / single:7.1f} MB/s")
        print(f"multipart ({len(chunks)} x 5 MB, 4 at a time, complete + GLB check): {multi:6.2f} s  {mb / multi:7.1f} MB/s")
        print(f"server peak RSS: {baseline / 1024:.1f} MiB before, {single_peak / 1024:.1f} MiB after single, "
              f"{multi_peak / 1024:.1f} MiB after multipart")
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
