# moduletto — developer targets. `make test` is what CI runs.
GO       ?= go
FUZZTIME ?= 30s
BENCHCOUNT ?= 5
# GO127 is the toolchain of the compare/ module (its go.mod says go 1.27, for
# crypto/mldsa) and of test-go127; the go command fetches it through the
# module proxy the first time.
GO127    ?= go1.27.3
# GOCMP runs the go command for compare/ under that toolchain.
GOCMP    = GOTOOLCHAIN=$(GO127) $(GO)

.PHONY: all test fmt-check vet lint bench fuzz test-main test-purego test-secret test-go127 test-compare test-race test-ssh test-arm64 test-wasm asm check-asm proofs ct ct-valgrind fuzz-short

all: test

## test: everything CI checks: formatting, vet, tests (default and purego builds, and -short under
## Go 1.27), the concurrency tests under -race, the SSH key exchange against the machine's OpenSSH,
## the tests (-short) on linux/arm64 under qemu-user
## and on js/wasm under Node.js with a wasip1/wasm build, compare/ module, the generated assembly
## against its generators, the Coq proofs and the memcheck secret-tainting run.
test: fmt-check vet test-main test-purego test-secret test-go127 test-compare test-race test-ssh test-arm64 test-wasm check-asm proofs fuzz-short ct-valgrind

fmt-check:
	@out="$$(gofmt -l $$(git ls-files '*.go'))"; \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	$(GO) vet -tags purego ./...
	cd compare && $(GOCMP) vet ./...

test-main:
	$(GO) test ./...

test-purego:
	$(GO) test -tags purego ./...

## test-secret: the secret-handling packages with GOEXPERIMENT=runtimesecret (runtime/secret.Do).
test-secret:
	GOEXPERIMENT=runtimesecret $(GO) test -short ./internal/isolate ./kem/... ./dsa/...

## test-go127: the main module's tests (-short) built with Go 1.27, where the
## build-tagged go1.27 code (crypto.MLDSAMu in dsa/mldsa) is compiled in.
test-go127:
	GOTOOLCHAIN=$(GO127) $(GO) test -short ./...

## test-race: the concurrency tests under the race detector: keys of every set shared among
## 32-64 goroutines from their first use (TestSharedKeysUnderLoad in kem/mlkem, dsa/mldsa and
## keyformat), the key pool taken by 64 goroutines (kem, about 8 s) and the older concurrent-first-use
## tests. About 25 s. Not the whole packages: they
## take about 8 minutes under -race, and their zero-allocation tests fail there (the race
## detector's instrumentation allocates).
RACETESTS = ^(TestSharedKeysUnderLoad|TestConcurrentUse|TestConcurrentFirstVerifications|TestEncapsulator|TestPoolConcurrentTake|TestPoolClose|TestPoolNoGoroutineLeak)$$
test-race:
	$(GO) test -race -count=1 -run '$(RACETESTS)' ./kem/... ./dsa/... ./keyformat/...

## test-ssh: examples/sshkex against the machine's OpenSSH (installing Debian's openssh-server with
## apt-get if sshd is missing): sshkex against sshd restricted to sntrup761x25519-sha512@openssh.com
## with an ed25519, an ECDSA P-256 and an RSA host key (fingerprints checked against ssh-keygen -lf),
## and ssh -v against sshkex -listen, to NEWKEYS. The tests start sshd as a child on a free port
## of 127.0.0.1 and stop it whatever happens. MODULETTO_REQUIRE_OPENSSH=1 makes them fail rather
## than skip if a tool is missing. A few seconds.
test-ssh:
	@bash scripts/require.sh /usr/sbin/sshd openssh-server "examples/sshkex's interop tests run sshd and ssh"
	MODULETTO_REQUIRE_OPENSSH=1 $(GO) test -count=1 -run '^TestOpenSSH' ./examples/sshkex

## test-arm64: every package of the main module (-short, with the vectors) built for
## linux/arm64 and run under qemu-user (qemu-aarch64-static, from Debian's qemu-user-static,
## installed with apt-get if missing). Pure Go test binaries are statically linked, so
## qemu-aarch64-static runs them with no arm64 libraries; a test that runs the go command
## (internal/divscan) gets the host's, which execve runs natively. -short skips what it skips
## natively (the ctcheck smoke tests, the hybrid CLI and large-stream tests that build the binary,
## internal/cpu's go list of the purego build, the long accumulated and exhaustive tests).
## About 3 minutes (1 more on a cold build cache).
QEMU_ARM64 ?= qemu-aarch64-static
test-arm64:
	@bash scripts/require.sh $(QEMU_ARM64) qemu-user-static
	GOARCH=arm64 $(GO) test -short -exec $(QEMU_ARM64) ./...

## test-wasm: every package of the main module (-short, with the vectors, which the tests read
## from testdata through Node's file system) built for js/wasm and run under Node.js with the
## toolchain's go_js_wasm_exec; Debian's nodejs is installed with apt-get if node is missing
## (any Node.js from 18 on runs it). internal/divscan's scans, which run the go command, skip
## themselves there: js/wasm cannot start subprocesses. Then every package, tests included, is
## built (go build) and type-checked (go vet) for wasip1/wasm; nothing runs there, as no wasip1
## runtime (wasmtime, wazero) is packaged by Debian. About 2.5 minutes.
test-wasm:
	@bash scripts/require.sh node nodejs "go_js_wasm_exec runs the tests under Node.js"
	GOOS=js GOARCH=wasm $(GO) test -short -exec "$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./...
	GOOS=wasip1 GOARCH=wasm $(GO) build ./...
	GOOS=wasip1 GOARCH=wasm $(GO) vet ./...

## test-compare: the compare/ module (crypto/mlkem, crypto/mldsa, crypto/hpke and CIRCL) under Go 1.27.
test-compare:
	cd compare && $(GOCMP) test ./...

STATICCHECK ?= $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2

## lint: formatting, vet and staticcheck in both modules.
lint: fmt-check vet
	$(STATICCHECK) ./...
	cd compare && GOTOOLCHAIN=$(GO127) $(STATICCHECK) ./...

## bench: every benchmark of the main module, BENCHCOUNT runs each (feed to benchstat).
bench:
	$(GO) test -run '^$$' -bench . -benchmem -count $(BENCHCOUNT) ./...

## fuzz: every fuzz target of both modules, one after the other, each for its budget below;
## any failure stops it. Both modules fuzz under Go 1.27 ($(GO127)): Go 1.26's coordinator can
## fail a clean run with "context deadline exceeded" when a -fuzztime duration ends while a
## worker is busy (golang/go#75804, fixed in Go 1.27); it failed three clean 25 s runs here.
## Budgets:
##   FUZZLONGTIME (default 2m) for the targets in FUZZLONG, which decode attacker-chosen keys,
##     ciphertexts, signatures and files, the differential ones against crypto/mlkem,
##     crypto/mldsa and CIRCL included;
##   FUZZTIME (default 30s) for every other target (kernels against their twins, samplers
##     against FIPS transcriptions, field arithmetic against math/big).
## About 45 minutes in all with the default budgets (17 targets × 2m, 19 × 30s, and the
## builds; 34 minutes here for the first 11 long and 19 short targets, with no failure). Alone on one worker (-parallel 1) the main
## module's targets make 2 500-12 000 executions a second and compare/'s 230-4 300
## (FuzzMLDSARoundTrip, which signs in all three implementations, the slowest), so 30s is
## 7 000 (FuzzMLDSARoundTrip) to 350 000 executions and 2m 140 000-1.4 M. FUZZMINIMIZE
## (default 100x) bounds the minimisation of each new input,
## in executions: Go's default of 60 s spent most of a short budget minimising 2-8 KB keys,
## during which the worker does not fuzz. FUZZRUN selects targets by regexp (make fuzz
## FUZZRUN=FuzzVerify); FUZZPARALLEL sets the number of workers (default GOMAXPROCS).
## scripts/fuzz.sh builds each package once and runs its targets from that binary. The
## executions per second of every target are in the note of issue 23.
FUZZLONGTIME ?= 2m
FUZZMINIMIZE ?= 100x
FUZZRUN      ?= .
FUZZPARALLEL ?=
FUZZLONG = FuzzMLKEMDecapsulate FuzzMLKEMDecapsulateExpanded FuzzMLKEMParseEncapsulationKey \
	FuzzMLDSAVerify FuzzNewDecapsulationKeyFromExpanded FuzzNewPrivateKeyFromExpanded FuzzVerify \
	FuzzHintBitUnpack FuzzParsePKCS8PrivateKey FuzzParsePKIXPublicKey FuzzParsePEM \
	FuzzNewDecapsulationKey FuzzNewEncapsulationKey FuzzDecapsulate FuzzReadPacket FuzzParseKexInit FuzzClient
fuzz:
	GOTOOLCHAIN=$(GO127) GO=$(GO) FUZZTIME=$(FUZZTIME) FUZZLONGTIME=$(FUZZLONGTIME) FUZZLONG="$(FUZZLONG)" \
	  FUZZMINIMIZE=$(FUZZMINIMIZE) FUZZRUN='$(FUZZRUN)' FUZZPARALLEL=$(FUZZPARALLEL) bash scripts/fuzz.sh

## fuzz-short: every fuzz target for 1000 executions after its seed corpus (part of make test;
## about 25 s here, builds included). A count, not a duration, so that the slowest targets
## (about 200 executions/s) get their 1000 however loaded the machine is.
fuzz-short:
	$(MAKE) fuzz FUZZTIME=1000x FUZZLONGTIME=1000x

## asm: regenerate every committed .s file and its Go stubs from the avo generators in asm/.
asm:
	cd asm && $(GO) generate ./...

## check-asm: regenerate and fail if any committed generated file differs.
check-asm: asm
	@git diff --exit-code --stat -- '*.s' '*_stubs_amd64.go' || \
	  { echo "generated assembly differs from asm/ generators: run 'make asm' and commit"; exit 1; }

## proofs: install Coq if missing (apt-get) and check every proof in proofs/.
proofs:
	bash proofs/check.sh

## ct: a short dudect-style constant-time pass over every target (see cmd/ctcheck/README.md).
ct:
	$(GO) run ./cmd/ctcheck -target all -n 20000

## ct-valgrind: every secret-handling operation under Valgrind's memcheck with its secrets
## marked undefined, default and purego builds, every kernel set; fails on any branch or
## address that depends on a secret (installs valgrind with apt-get if missing; see
## internal/ctgrind/README.md).
ct-valgrind:
	bash internal/ctgrind/run.sh
