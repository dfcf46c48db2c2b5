# The two everyday commands:
#   make example   validate Examples/signups.jsonl against Examples/signup.form.json
#   make test      run the test suites
# Each installs the system libraries it needs first (scripts/install-deps).

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)

.PHONY: deps example test

deps:
	@./scripts/install-deps

example: deps
	@$(SWIFT) build -c release --product signup-example >/dev/null
	@$$($(SWIFT) build -c release --show-bin-path)/signup-example Examples/signup.form.json Examples/signups.jsonl; \
	  status=$$?; [ $$status -le 1 ] || exit $$status

test: deps
	$(SWIFT) build   # the plugins the tests load are products of their own
	$(SWIFT) test
