# x16scope: `make run` builds and serves the app, `make test` runs every test.
# Both install what they need on a fresh Debian machine first (scripts/setup.sh).

GO      ?= go
# The emulator core is pure Go: the native tests need no cgo and no display.
export CGO_ENABLED = 0

.PHONY: all setup test vet unit asm asm-check rom rom-check web run browser worker worker-test loadtest bench bench-wasm fuzz clean

all: test

setup:
	@bash scripts/setup.sh

## test: vet, unit tests, checks that committed 6502 binaries match their sources, the
## browser tests in headless Chromium, and the Workers build under wrangler dev.
test: setup vet unit asm-check rom-check browser worker-test

## run: build the browser app and serve it on http://127.0.0.1:8080 (loopback only), with
## the share service keeping captures in ./captures.
run: setup web
	$(GO) run ./cmd/serve -addr 127.0.0.1:8080 -dir web -data captures

## web: build web/x16scope.wasm and copy the matching wasm_exec.js.
web:
	bash scripts/build-wasm.sh

## browser: the headless-Chromium tests (installs chromium and the pinned npm packages).
browser:
	bash scripts/test-browser.sh

## worker: build the share service for Cloudflare Workers into worker/build (wrangler.toml).
worker:
	bash scripts/build-worker.sh

## worker-test: run the Workers build under `wrangler dev --ip 127.0.0.1` and round-trip a
## capture through its R2 bucket.
worker-test:
	bash scripts/test-worker.sh

## loadtest: 2,000 uploads and 20,000 reads from 32 clients against the native server and
## wrangler dev (loopback); prints p50/p99 and checks nothing was lost.
loadtest:
	bash scripts/loadtest.sh

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./overlay ./cmd/wasm ./worker
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }

unit:
	$(GO) test -count=1 ./...

## asm: reassemble every 6502 test program (needs ca65/ld65 from Debian cc65).
asm:
	bash scripts/asm.sh

## asm-check: the committed .prg/.sym files must be exactly what their sources assemble to.
asm-check: asm
	@changed="$$(git status --porcelain -- '*.prg' '*.sym')"; \
	if [ -n "$$changed" ]; then echo "assembled output differs from the committed files:"; echo "$$changed"; exit 1; fi

## rom: rebuild the built-in ROM (rom/x16scope-rom.bin) from rom/src.
rom:
	bash scripts/build-rom.sh

## rom-check: the committed ROM image must be exactly what its sources assemble to.
rom-check: rom
	@changed="$$(git status --porcelain -- rom)"; \
	if [ -n "$$changed" ]; then echo "the built-in ROM differs from its sources:"; echo "$$changed"; exit 1; fi

## bench: native benchmarks of the CPU, renderer and machine.
bench:
	$(GO) test -run XXX -bench . -benchmem ./core ./vera ./perf

## bench-wasm: the same benchmarks compiled to wasm and run under Node.
bench-wasm:
	PATH="$$PATH:$$($(GO) env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm $(GO) test -run XXX -bench . ./core ./vera ./perf

fuzz:
	$(GO) test ./core -run XXX -fuzz FuzzParsePRG -fuzztime 30s
	$(GO) test ./savestate -run XXX -fuzz FuzzDecode -fuzztime 30s
	$(GO) test ./capture -run XXX -fuzz FuzzRestoreSection -fuzztime 30s
	$(GO) test ./share -run XXX -fuzz FuzzCheck -fuzztime 30s

clean:
	rm -rf bin test-results web/x16scope.wasm web/wasm_exec.js worker/build .wrangler
