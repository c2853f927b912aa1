# x16scope: `make run` builds and serves the app (needs only Go), `make test` runs every test
# (installs cc65, chromium and a Node 20 on a fresh Debian machine first: scripts/setup-test.sh).

GO      ?= go
# The emulator core is pure Go: the native tests need no cgo and no display.
export CGO_ENABLED = 0

.PHONY: all setup setup-test test vet unit unit-js make-check asm asm-check rom rom-check web run browser dap-test worker worker-test loadtest bench bench-wasm bench-browser fuzz clean release

all: test

setup:
	@bash scripts/setup.sh

setup-test:
	@bash scripts/setup-test.sh

## test: vet, unit tests, checks that committed 6502 binaries match their sources, the
## browser tests in headless Chromium, the debug adapter driven by VS Code's DAP test
## client, and the Workers build under wrangler dev.
test: setup-test vet unit unit-js asm-check rom-check make-check browser dap-test worker-test

## run: build the browser app (only when its sources changed) and serve it on
## http://127.0.0.1:8080 (loopback only), with the share service keeping captures in
## ./captures. `make run ROM=FILE`: the page starts on that ROM image for every visitor.
run: setup web
	$(GO) run ./cmd/serve -addr 127.0.0.1:8080 -dir web -data captures$(if $(ROM), -rom $(ROM))

# What the wasm is built from: every Go file and embedded file of the module, whatever its
# package (a superset of cmd/wasm's imports, so a change anywhere that matters rebuilds it),
# the module files and the Go toolchain's version (wasm_exec.js must match the compiler).
WASM_INPUTS := go.mod go.sum scripts/build-wasm.sh $(shell find . -type f \( -name '*.go' ! -name '*_test.go' -o -name '*.bin' -o -name '*.json' \) ! -path '*/testdata/*' ! -path './node_modules/*' ! -path './scripts/node20/*' ! -path './.git/*' ! -path './web/*' ! -path './bin/*' ! -path './test-results/*' 2>/dev/null)
GO_VERSION_STAMP := bin/.go-version
# The version stamped into the wasm (scripts/version.sh): a new commit or tag rebuilds it.
VERSION_STAMP := bin/.version

## web: build web/x16scope.wasm and copy the matching wasm_exec.js, when an input changed.
web: web/x16scope.wasm web/wasm_exec.js web/README.md web/LICENSE web/THIRD_PARTY_NOTICES.txt

# The page's help panel links to the README and the license, served beside the page.
web/README.md: README.md
	cp README.md $@

web/LICENSE: LICENSE
	cp LICENSE $@

# The help panel links to the third-party notices of what the wasm links, generated from
# the modules in use (cmd/notices): an import or a go.mod change can change them.
web/THIRD_PARTY_NOTICES.txt: $(WASM_INPUTS) $(GO_VERSION_STAMP)
	$(GO) run ./cmd/notices -o $@ js/wasm:./cmd/wasm

web/wasm_exec.js: $(GO_VERSION_STAMP)
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" $@

web/x16scope.wasm: $(WASM_INPUTS) $(GO_VERSION_STAMP) $(VERSION_STAMP)
	bash scripts/build-wasm.sh

# Rewritten (when make reads this file) only when `go version` changes, so a new toolchain
# rebuilds the wasm and its wasm_exec.js.
_ := $(shell mkdir -p bin; v="$$($(GO) version)"; [ "$$(cat $(GO_VERSION_STAMP) 2>/dev/null)" = "$$v" ] || echo "$$v" > $(GO_VERSION_STAMP))
_ := $(shell mkdir -p bin; v="$$(bash scripts/version.sh)"; [ "$$(cat $(VERSION_STAMP) 2>/dev/null)" = "$$v" ] || echo "$$v" > $(VERSION_STAMP))

## browser: the headless-Chromium tests (installs chromium, Node 20 and the pinned npm
## packages when missing) and the list of skipped browser tests.
browser:
	bash scripts/test-browser.sh

## dap-test: `x16scope dap` driven by VS Code's debug adapter test client
## (@vscode/debugadapter-testsupport, pinned): breakpoints, steps, stepBack and
## reverseContinue on a ca65 and a cc65 program (tests/dap/).
dap-test:
	bash scripts/test-dap.sh

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
	GOOS=js GOARCH=wasm $(GO) vet ./overlay ./cmd/wasm/... ./worker
	# The CLI is released for macOS and Windows too (make release): it must build there.
	GOOS=darwin GOARCH=arm64 $(GO) vet ./cmd/x16scope
	GOOS=windows GOARCH=amd64 $(GO) vet ./cmd/x16scope
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }

## unit: go test ./..., then the list of skipped tests and why.
unit:
	bash scripts/unit.sh

## make-check: `make run` needs nothing but Go, and rebuilds the wasm only when an input changed.
make-check:
	bash scripts/check-make.sh

## unit-js: the JS API's argument checks and panic recovery, compiled to wasm and run under
## Node (Go's go_js_wasm_exec).
unit-js:
	bash -c '. scripts/node.sh && PATH="$$PATH:$$($(GO) env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm $(GO) test -count=1 ./cmd/wasm/jsapi'

## asm: reassemble every 6502 test program (needs ca65/ld65 from Debian cc65).
asm:
	bash scripts/asm.sh

## asm-check: the committed .prg/.sym files must be exactly what their sources assemble to.
asm-check: asm
	@changed="$$(git status --porcelain -- '*.prg' '*.sym' '*.dbg')"; \
	if [ -n "$$changed" ]; then echo "assembled output differs from the committed files:"; echo "$$changed"; exit 1; fi

## rom: rebuild the built-in ROM (rom/x16scope-rom.bin) from rom/src.
rom:
	bash scripts/build-rom.sh

## rom-check: the committed ROM image must be exactly what its sources assemble to.
rom-check: rom
	@changed="$$(git status --porcelain -- rom)"; \
	if [ -n "$$changed" ]; then echo "the built-in ROM differs from its sources:"; echo "$$changed"; exit 1; fi

## bench: native benchmarks of the CPU, renderer and machine. BenchmarkProgram runs programs
## shaped like X16 games (core/testdata/bench) and reports ms/frame and the real-time factor
## (x-realtime; the -cpu figures count the process's CPU time, steadier on a loaded machine).
bench:
	$(GO) test -run XXX -bench . -benchmem ./core ./vera ./perf ./ym2151 ./session

## bench-wasm: the same benchmarks compiled to wasm and run under Node.
bench-wasm:
	PATH="$$PATH:$$($(GO) env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm $(GO) test -run XXX -bench . ./core ./vera ./perf ./ym2151 ./session

## bench-browser: the benchmark programs in the page, in headless Chromium (the browser
## tests' flags): displayed frames a second at 100 %, emulation and overlay ms a frame,
## GPU read-backs a frame, warp's real-time factor (scripts/bench-browser.mjs).
bench-browser: setup
	bash scripts/build-wasm.sh
	npm ci --no-audit --no-fund --loglevel=error
	node scripts/bench-browser.mjs

fuzz:
	$(GO) test ./core -run XXX -fuzz FuzzParsePRG -fuzztime 30s
	$(GO) test ./savestate -run XXX -fuzz FuzzDecode -fuzztime 30s
	$(GO) test ./capture -run XXX -fuzz FuzzRestoreSection -fuzztime 30s
	$(GO) test ./share -run XXX -fuzz FuzzCheck -fuzztime 30s
	$(GO) test ./session -run XXX -fuzz FuzzOpenCaptureInputs -fuzztime 30s
	$(GO) test ./sdcard -run XXX -fuzz FuzzCard -fuzztime 30s
	$(GO) test ./sdcard -run XXX -fuzz FuzzLoad -fuzztime 30s
	$(GO) test ./session -run XXX -fuzz FuzzParseManifest -fuzztime 30s
	$(GO) test ./session -run XXX -fuzz FuzzParseWebLink -fuzztime 30s

clean:
	rm -rf bin test-results dist web/x16scope.wasm web/wasm_exec.js web/README.md web/LICENSE web/THIRD_PARTY_NOTICES.txt worker/build .wrangler

## release: into dist/, the CLI for linux, darwin and windows on amd64 and arm64 (.tar.gz,
## .zip for windows), the web app as a static bundle (folder and .tar.gz, the wasm also as
## .gz and .br), the share service's Workers bundle and SHA256SUMS, each archive with
## LICENSE, README.md and its THIRD_PARTY_NOTICES.txt; version from scripts/version.sh.
## Reproducible: the same tree gives the same bytes (cmd/release).
release: setup
	$(GO) run ./cmd/release -out dist
