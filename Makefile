# The two everyday commands (and `make install PREFIX=/usr/local` for C programs):
#   make example   vouch check: Examples/signups.jsonl against Examples/signup.form.json
#   make test      run the test suites (with the tools and Python packages they compare with)
#   make update-data  regenerate every embedded data set from the pinned sources of scripts/data-sources
#   make           release builds of the vouch command, libvouch and the plugins (then `pip install ./python`)
#   make python-test  the Python package's tests (python/tests), with the Python packages they need (in .build/venv)
#   make field-costs  what each field of the bench form costs vouch check, among the others and alone
#   make two-threads  what vouch check --jobs 2 shares between its threads, and what one does alone
#   make python-bench the Python package beside pydantic and jsonschema_rs, and on Dask (BENCHMARKS.md)
#   make web-test  vouch.web's page in headless Chromium beside vouch edit, its endpoint beside vouch check
#   make web-bench the check endpoint's requests per second beside vouch check and pydantic in FastAPI
#   make deb       the Debian package .build/package/vouch_VERSION_amd64.deb, Swift runtime linked in
#   make dist      the same tree as a tarball, .build/package/vouch-VERSION-linux-x86_64.tar.gz
#   make package-test  install the .deb into a temporary root and use it without the toolchain
#   make fuzz      run each fuzz target for FUZZ_SECONDS seconds (scripts/fuzz, docs/testing.md)
#   make asan-test the test suites under AddressSanitizer and LeakSanitizer (.build/asan)
#   make tsan-test the test suites and the C threads test under ThreadSanitizer (.build/tsan)
#   make db-test   the PostgreSQL and SQLite extensions against a server of their own (scripts/db-test)
#   make db-bench  100,000 inserts with Vouch's CHECK, a regex CHECK and none (scripts/db-bench)
# Each installs the system libraries it needs first (scripts/install-deps); the tests' tools and
# Python packages come with the targets that run tests, the Python packages into $(VENV) only.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# The toolchain's usr directory: its runtime libraries, llvm-profdata, the profile runtime.
TOOLCHAIN = $(shell dirname $$(dirname $$(readlink -f $(SWIFT))))
# Every release build here, with link-time optimization (the checking path's calls between modules
# and into the C scans are optimized as calls within one module are: about a twentieth fewer
# instructions a record) and with the profile of its own runs (PGO_PROFILE, below: about a sixth
# less time a record; BENCHMARKS.md). One set of flags for all of them, since a build with other
# flags in .build/release compiles everything again. `make PGO=0` builds without the profile.
PGO ?= 1
LTO = -c release --experimental-lto-mode=full
ifeq ($(PGO),1)
# Named by what it was made from: a profile made again changes the release flags, so that every
# module is compiled again with it (modules of two profiles do not link together).
PGO_INPUTS := Package.swift scripts/pgo-train Examples/signup.form.json Examples/signup-bench.form.json $(shell find Sources -type f | LC_ALL=C sort)
PGO_PROFILE := .build/pgo/vouch-$(shell cat $(PGO_INPUTS) | sha1sum | cut -c1-16).profdata
RELEASE = $(LTO) -Xswiftc -Xfrontend -Xswiftc -ir-profile-use=$(CURDIR)/$(PGO_PROFILE)
else
PGO_PROFILE =
RELEASE = $(LTO)
endif
# What scripts/package builds with: the same profile, when there is one.
PACKAGE_ENV = VOUCH_PGO_PROFILE=$(if $(PGO_PROFILE),$(CURDIR)/$(PGO_PROFILE))
# Profile-guided optimization: the vouch command built to count what runs (in .build/pgo/train)
# checks the records scripts/pgo-train makes, and the counts, merged, tell the release builds which
# paths are hot (branches laid out, calls inlined by them). Made again when a source changes.
PGO_RUNTIME = $(firstword $(wildcard $(TOOLCHAIN)/lib/clang/*/lib/linux/libclang_rt.profile-x86_64.a))
PGO_TRAIN = $(LTO) --scratch-path .build/pgo/train -Xswiftc -Xfrontend -Xswiftc -ir-profile-generate \
  -Xlinker -u__llvm_profile_runtime -Xlinker $(PGO_RUNTIME)

PREFIX ?= /usr/local
# The Swift runtime libvouch.so needs at run time, beside the toolchain's swift.
SWIFT_RUNTIME = $(TOOLCHAIN)/lib/swift/linux
VERSION = $(shell sed -n 's/^#define VOUCH_VERSION_STRING "\(.*\)"/\1/p' include/vouch.h)

# The virtual environment every Python package the tests, benchmarks and data generators need goes
# into (never the system's Python): the pinned data sources of scripts/data-sources, and pytest.
VENV = .build/venv
PYTHON = $(VENV)/bin/python3
PIP = $(PYTHON) -m pip install -q --disable-pip-version-check

PHONY_DB = db-install db-test db-bench
.PHONY: $(PHONY_DB) deps test-deps update-data example test install c-test bench field-costs two-threads memory-test fuzz asan-test tsan-test format lint deb dist package-test all python-test python-bench web-test web-bench

# Release builds, in .build/release: the vouch command, libvouch (libvouch-c.so) and the plugins.
all: deps $(PGO_PROFILE)
	$(SWIFT) build $(RELEASE) --product vouch
	$(SWIFT) build $(RELEASE) --product vouch-c
	$(SWIFT) build $(RELEASE) --product vouch-card
	$(SWIFT) build $(RELEASE) --product vouch-iban

deps:
	@./scripts/install-deps

ifeq ($(PGO),1)
$(PGO_PROFILE): | deps
	@[ -n "$(PGO_RUNTIME)" ] || { echo "no libclang_rt.profile-x86_64.a under $(TOOLCHAIN)/lib/clang: build with make PGO=0" >&2; exit 1; }
	$(SWIFT) build $(PGO_TRAIN) --product vouch
	rm -f .build/pgo/vouch-*.profdata
	python3 scripts/pgo-train $$($(SWIFT) build $(PGO_TRAIN) --show-bin-path)/vouch $(TOOLCHAIN)/bin/llvm-profdata $@
endif

# What the tests run besides Vouch: ajv, the shells, man (scripts/install-deps --test), and the
# Python packages they compare with, in $(VENV) (made again when scripts/data-sources changes).
test-deps: deps $(VENV)/.data-sources
	@./scripts/install-deps --test

$(VENV)/.data-sources: scripts/data-sources
	@./scripts/install-deps --test
	@[ -x $(PYTHON) ] || python3 -m venv $(VENV)
	@./scripts/update-data $(PYTHON) --install
	@$(PIP) pytest
	@touch $@

# Every embedded data set, regenerated from the pinned versions of scripts/data-sources.
update-data: test-deps
	./scripts/update-data $(PYTHON)

# Builds only what the example runs, and the plugins (so that `--plugin card` works after it).
example: deps $(PGO_PROFILE)
	@$(SWIFT) build $(RELEASE) --product vouch >/dev/null
	@$(SWIFT) build $(RELEASE) --product vouch-card >/dev/null
	@$(SWIFT) build $(RELEASE) --product vouch-iban >/dev/null
	@$$($(SWIFT) build $(RELEASE) --show-bin-path)/vouch check --form Examples/signup.form.json Examples/signups.jsonl; \
	  status=$$?; [ $$status -le 1 ] || exit $$status

# The failures are repeated at the end, where a long log's tail shows them.
test: test-deps
	$(SWIFT) build   # the plugins the tests load are products of their own
	@{ $(SWIFT) test 2>&1; echo $$? > .build/test.status; } | tee .build/test.log
	@status=$$(cat .build/test.status); [ "$$status" = 0 ] || { echo "== failures:"; grep -E "✘|recorded an issue|Expectation failed|error:" .build/test.log | cut -c1-400 | tail -40; }; exit $$status

# The test suites under a sanitizer, each in a build directory of its own. `build --build-tests`
# builds every product with the same flags as the tests: the plugins they load and the vouch
# command they run are instrumented too, and the command gets the same options (ProcessRunner).
# The toolchain's lld links them: gold warns of every local symbol of the sanitizer's runtime.
ASAN_BUILD = --scratch-path .build/asan -Xswiftc -sanitize=address -Xcc -fsanitize=address -Xswiftc -use-ld=lld
TSAN_BUILD = --scratch-path .build/tsan -Xswiftc -sanitize=thread -Xcc -fsanitize=thread -Xswiftc -use-ld=lld \
  -Xswiftc -DVOUCH_PTHREAD_LOCKS

# Every test under AddressSanitizer, with leak detection (one suppression: see the file).
asan-test: test-deps
	$(SWIFT) build --build-tests $(ASAN_BUILD)
	ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_string_checks=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/sanitizers/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --skip-build $(ASAN_BUILD)

# Every test, and the C API's threads test, under ThreadSanitizer. VOUCH_PTHREAD_LOCKS makes Vouch's
# lock a pthread mutex, which ThreadSanitizer sees (it cannot see Mutex: Sources/VouchBase/Concurrency/Lock.swift).
tsan-test: test-deps
	$(SWIFT) build --build-tests $(TSAN_BUILD)
	TSAN_OPTIONS=second_deadlock_stack=1 $(SWIFT) test --skip-build $(TSAN_BUILD)
	SWIFT=$(SWIFT) TSAN_OPTIONS=second_deadlock_stack=1 ./Tests/c/run-tsan $$($(SWIFT) build $(TSAN_BUILD) --show-bin-path)

# Headers, libvouch.so, the plugins and vouch.pc, into $(PREFIX).
install: deps $(PGO_PROFILE)
	$(SWIFT) build $(RELEASE) --product vouch-c
	$(SWIFT) build $(RELEASE) --product vouch-card
	$(SWIFT) build $(RELEASE) --product vouch-iban
	@bin=$$($(SWIFT) build $(RELEASE) --show-bin-path); \
	install -d $(PREFIX)/include $(PREFIX)/lib/pkgconfig $(PREFIX)/lib/vouch/plugins && \
	install -m 644 include/vouch.h include/vouch_plugin.h $(PREFIX)/include/ && \
	install -m 755 $$bin/libvouch-c.so $(PREFIX)/lib/libvouch.so.0 && strip --strip-debug $(PREFIX)/lib/libvouch.so.0 && \
	ln -sf libvouch.so.0 $(PREFIX)/lib/libvouch.so && \
	install -m 755 $$bin/libvouch-card.so $$bin/libvouch-iban.so $(PREFIX)/lib/vouch/plugins/ && \
	strip --strip-debug $(PREFIX)/lib/vouch/plugins/*.so && \
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@RPATH@|-Wl,-rpath,$${libdir} -Wl,-rpath,$(SWIFT_RUNTIME)|' -e 's|@VERSION@|$(VERSION)|' vouch.pc.in \
	  > $(PREFIX)/lib/pkgconfig/vouch.pc
	@echo "installed into $(PREFIX)"
	@$(MAKE) --no-print-directory db-install PREFIX=$(PREFIX)

# The database extensions, built against the libvouch in $(PREFIX) (docs/databases.md): SQLite's
# into $(PREFIX)/lib/vouch/sqlite; PostgreSQL's (with PGXS) into PostgreSQL's own directories, when
# its pg_config is installed and they can be written to. SQLite unloads an extension when its
# connection closes: -z nodelete keeps it, and the Swift runtime under libvouch, loaded (as
# PostgreSQL and Vouch's own plugin loader do), since the runtime cannot be unloaded safely.
PG_CONFIG ?= $(firstword $(wildcard /usr/lib/postgresql/15/bin/pg_config) $(shell command -v pg_config 2>/dev/null))
db-install:
	@export PKG_CONFIG_PATH=$(PREFIX)/lib/pkgconfig; \
	if [ -f /usr/include/sqlite3ext.h ]; then \
	  install -d $(PREFIX)/lib/vouch/sqlite && \
	  cc -std=c11 -O2 -g -Wall -Wextra -Werror -fPIC -shared -Wl,-z,nodelete -IDatabases/common $$(pkg-config --cflags vouch) \
	    Databases/sqlite/vouch.c Databases/common/*.c $$(pkg-config --libs vouch) -o $(PREFIX)/lib/vouch/sqlite/vouch.so && \
	  echo "SQLite extension: $(PREFIX)/lib/vouch/sqlite/vouch.so"; \
	else echo "SQLite extension skipped: no sqlite3ext.h (apt-get install libsqlite3-dev)"; fi; \
	if [ -n "$(PG_CONFIG)" ] && [ -f "$$($(PG_CONFIG) --includedir-server)/postgres.h" ] && [ -w "$$($(PG_CONFIG) --pkglibdir)" ]; then \
	  $(MAKE) --no-print-directory -C Databases/postgresql clean >/dev/null && \
	  $(MAKE) --no-print-directory -C Databases/postgresql PG_CONFIG=$(PG_CONFIG) >/dev/null && \
	  $(MAKE) --no-print-directory -C Databases/postgresql PG_CONFIG=$(PG_CONFIG) install >/dev/null && \
	  echo "PostgreSQL extension: $$($(PG_CONFIG) --pkglibdir)/vouch.so"; \
	else echo "PostgreSQL extension skipped: no PostgreSQL server headers, or $(PG_CONFIG) --pkglibdir not writable"; fi

# The extensions against a PostgreSQL 15 server of their own and the sqlite3 shell (scripts/db-test).
db-test: deps
	./scripts/db-test

# 100,000 inserts with Vouch's CHECK, a regex CHECK and none, in PostgreSQL (scripts/db-bench).
db-bench: deps
	./scripts/db-bench

# The release, with the Swift runtime linked in (scripts/package; a release build of its own in
# .build/static): a Debian package, or a tarball of the same tree.
deb: deps $(PGO_PROFILE)
	@$(PACKAGE_ENV) ./scripts/package deb

dist: deps $(PGO_PROFILE)
	@$(PACKAGE_ENV) ./scripts/package dist

# The .deb as a user meets it: unpacked into a temporary root (dpkg -x), its files resolving
# nothing in the toolchain, vouch and Examples/c run with the toolchain off PATH; then lintian.
package-test: deps $(PGO_PROFILE)
	$(PACKAGE_ENV) ./Tests/package/run

# The C side: install into a temporary prefix, build Examples/c and the C tests with cc and
# pkg-config, run them (the API test under valgrind), and check what libvouch.so exports.
c-test: deps
	./Tests/c/run

# Per-operation costs, then vouch check side by side with the anchors in ../shared/bench.
bench: test-deps $(PGO_PROFILE)
	$(SWIFT) build $(RELEASE)
	$$($(SWIFT) build $(RELEASE) --show-bin-path)/vouch-bench
	[ -f /usr/include/phonenumbers/phonenumberutil.h ] || apt-get install -y -qq libphonenumber-dev >/dev/null
	c++ -O2 Benchmarks/phone/libphonenumber_bench.cc -lphonenumber -o .build/libphonenumber-bench
	.build/libphonenumber-bench
	$(PIP) pydantic jsonschema-rs msgspec
	[ -d /usr/share/nodejs/ajv ] || apt-get install -y -qq node-ajv >/dev/null
	$(PYTHON) Benchmarks/side_by_side.py

# What each field of Examples/signup-bench.form.json costs a record of vouch check --jobs 1, among
# the others and alone, and with the records' valid phone numbers first (Benchmarks/field_costs.py).
field-costs: $(PGO_PROFILE)
	$(SWIFT) build $(RELEASE) --product vouch
	VOUCH_BIN=$$($(SWIFT) build $(RELEASE) --show-bin-path)/vouch python3 Benchmarks/field_costs.py

# What --jobs 2 shares between its threads and what one thread does alone, on the bench form
# (Benchmarks/two_threads.py).
two-threads: $(PGO_PROFILE)
	$(SWIFT) build $(RELEASE) --product vouch
	VOUCH_BIN=$$($(SWIFT) build $(RELEASE) --show-bin-path)/vouch python3 Benchmarks/two_threads.py

# The Python package (python/), installed with pip against the release libvouch, and its tests:
# every binding call, bad input, threads, frames, 200,000 records on a 2-worker Dask cluster, and
# the types mypy sees.
python-test: all test-deps
	$(PIP) pytest pandas pyarrow "dask[distributed]" mypy
	$(PIP) ./python
	cd python && ../$(PYTHON) -m pytest -q -p no:cacheprovider tests

# The Python package beside pydantic on the same records: check_lines on one core, and Dask with
# one worker process and with two (Benchmarks/python_side_by_side.py, BENCHMARKS.md).
python-bench: all test-deps
	$(PIP) pydantic jsonschema-rs msgspec "dask[distributed]"
	$(PIP) ./python
	$(PYTHON) Benchmarks/python_side_by_side.py

# vouch.web (docs/web.md): the server on a free local port, its page driven in headless Chromium
# with real keys beside the vouch edit replays of Examples/edits/, its check endpoint beside
# vouch check on Examples/signups.jsonl; the screenshots in docs/ come from it.
web-test: all test-deps
	[ -x /usr/bin/chromedriver ] || apt-get install -y -qq chromium chromium-driver >/dev/null
	$(PIP) pytest selenium starlette uvicorn httpx
	cd python/web-tests && PYTHONPATH=../src ../../$(PYTHON) -m pytest -q -p no:cacheprovider test_page.py

# The check endpoint's throughput on one core beside vouch check and pydantic in a FastAPI route
# (Benchmarks/web_side_by_side.py, BENCHMARKS.md).
web-bench: all test-deps
	$(PIP) starlette uvicorn fastapi pydantic httpx
	$(PYTHON) Benchmarks/web_side_by_side.py

# 100,000 and 1,000,000 records through vouch check: the peak memory must not grow.
memory-test: deps $(PGO_PROFILE)
	$(SWIFT) build $(RELEASE) --product vouch
	python3 Benchmarks/memory.py

# Each fuzz target (Fuzz/) for FUZZ_SECONDS seconds from its seeds; fails if one finds a crash.
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 1
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) ./scripts/fuzz

# The formatter, with the committed .swift-format: `make format` rewrites the files, `make lint`
# (in CI) fails on any difference.
FORMAT_PATHS = Package.swift Sources Tests Fuzz/Sources
format:
	$(SWIFT) format format -i -r $(wildcard $(FORMAT_PATHS))

lint:
	$(SWIFT) format lint --strict -r $(wildcard $(FORMAT_PATHS))

