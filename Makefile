# The two everyday commands (and `make install PREFIX=/usr/local` for C programs):
#   make example   vouch check: Examples/signups.jsonl against Examples/signup.form.json
#   make test      run the test suites
# Each installs the system libraries it needs first (scripts/install-deps).

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)

PREFIX ?= /usr/local
# The Swift runtime libvouch.so needs at run time, beside the toolchain's swift.
SWIFT_RUNTIME = $(shell dirname $$(dirname $$(readlink -f $(SWIFT))))/lib/swift/linux
VERSION = $(shell sed -n 's/^#define VOUCH_VERSION_STRING "\(.*\)"/\1/p' include/vouch.h)

.PHONY: deps example test install c-test bench memory-test

deps:
	@./scripts/install-deps

example: deps
	@$(SWIFT) build -c release --product vouch >/dev/null
	@$$($(SWIFT) build -c release --show-bin-path)/vouch check --form Examples/signup.form.json Examples/signups.jsonl; \
	  status=$$?; [ $$status -le 1 ] || exit $$status

test: deps
	$(SWIFT) build   # the plugins the tests load are products of their own
	$(SWIFT) test

# Headers, libvouch.so, the plugins and vouch.pc, into $(PREFIX).
install: deps
	$(SWIFT) build -c release --product vouch-c
	$(SWIFT) build -c release --product vouch-card
	$(SWIFT) build -c release --product vouch-iban
	@bin=$$($(SWIFT) build -c release --show-bin-path); \
	install -d $(PREFIX)/include $(PREFIX)/lib/pkgconfig $(PREFIX)/lib/vouch/plugins && \
	install -m 644 include/vouch.h include/vouch_plugin.h $(PREFIX)/include/ && \
	install -m 755 $$bin/libvouch-c.so $(PREFIX)/lib/libvouch.so && strip --strip-debug $(PREFIX)/lib/libvouch.so && \
	install -m 755 $$bin/libvouch-card.so $$bin/libvouch-iban.so $(PREFIX)/lib/vouch/plugins/ && \
	strip --strip-debug $(PREFIX)/lib/vouch/plugins/*.so && \
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@SWIFT_RUNTIME@|$(SWIFT_RUNTIME)|' -e 's|@VERSION@|$(VERSION)|' vouch.pc.in \
	  > $(PREFIX)/lib/pkgconfig/vouch.pc
	@echo "installed into $(PREFIX)"

# The C side: install into a temporary prefix, build Examples/c and the C tests with cc and
# pkg-config, run them (the API test under valgrind), and check what libvouch.so exports.
c-test: deps
	./Tests/c/run

# Per-operation costs, then vouch check side by side with the anchors in ../shared/bench.
bench: deps
	$(SWIFT) build -c release
	$$($(SWIFT) build -c release --show-bin-path)/vouch-bench
	python3 -c 'import pydantic' 2>/dev/null || pip install -q pydantic
	[ -d /usr/share/nodejs/ajv ] || apt-get install -y -qq node-ajv >/dev/null
	python3 Benchmarks/side_by_side.py

# 100,000 and 1,000,000 records through vouch check: the peak memory must not grow.
memory-test: deps
	$(SWIFT) build -c release --product vouch
	python3 Benchmarks/memory.py
