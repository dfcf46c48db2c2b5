"""What the tests share: the checkout, the vouch command, generated records."""
from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path
from typing import List, Tuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "Examples"
FIXTURES = ROOT / "Tests" / "Fixtures"
SIGNUP_FORM = EXAMPLES / "signup.form.json"
# A field of each kind whose values come back typed (dates, decimals, money, tokens) and a secret one.
TYPED_SPEC = {
    "vouch": 1,
    "locale": "en-US",
    "fields": [
        {"name": "email", "kind": "email", "required": True},
        {"name": "born", "kind": "date"},
        {"name": "at", "kind": "time"},
        {"name": "when", "kind": "datetime"},
        {"name": "ratio", "kind": "decimal"},
        {"name": "price", "kind": "money"},
        {"name": "count", "kind": "number"},
        {"name": "agree", "kind": "boolean"},
        {"name": "tags", "kind": "tokens"},
        {"name": "secret", "kind": "password", "rules": [{"rule": "length", "min": 12}]},
    ],
}


def vouch_binary() -> Path:
    """The vouch command of the build libvouch comes from (VOUCH_BIN overrides)."""
    if os.environ.get("VOUCH_BIN"):
        return Path(os.environ["VOUCH_BIN"])
    import vouch

    beside = Path(vouch.library_path).resolve().parent / "vouch"
    if beside.exists():
        return beside
    for configuration in ("release", "debug"):
        candidate = ROOT / ".build" / configuration / "vouch"
        if candidate.exists():
            return candidate
    pytest.skip("no vouch command built (make)")


def vouch_check(form: Path, input: Path, *extra: str) -> Tuple[bytes, str]:
    """stdout and stderr of `vouch check --form FORM INPUT`, which exits 0 or 1."""
    run = subprocess.run([str(vouch_binary()), "check", "--form", str(form), *extra, str(input)], capture_output=True)
    assert run.returncode in (0, 1), run.stderr.decode()
    return run.stdout, run.stderr.decode().rstrip("\n")


FIRST = ["ada", "grace", "alan", "édith", "zoë", "ıšık", "ijsbrand", "o'neil", "mary-jane", "jürgen"]
LAST = ["lovelace", "hopper", "turing", "piaf", "saldaña", "öztürk", "van der berg", "mcdonald"]
STATES = ["CA", "NY", "TX", "WA", "MA", "IL", "FL", "OR", "new york", "ZZ"]
DOMAINS = ["example.com", "mail.example.org", "xn--bcher-kva.example", "uni.edu"]
BAD = {
    "first_name": "",
    "last_name": "x" * 300,
    "email": "no-at-sign.example.com",
    "phone": "12345",
    "zip": "1234a",
    "birth_date": "13/45/2001",
    "website": "ht!tp://bad url",
    "password_confirm": "does not match",
    "newsletter": "maybe",
    "topics": "swift, cobol",
}


def signup_lines(count: int, seed: int = 17) -> List[bytes]:
    """Sign-up records for Examples/signup.form.json as JSON lines: most valid, some with a bad
    field, a few that cannot be read (malformed JSON, not an object, invalid UTF-8), blank lines."""
    r = random.Random(seed)
    lines = []
    for index in range(count):
        roll = r.random()
        if roll < 0.002:
            lines.append(b'{"first_name": "broken", ')
            continue
        if roll < 0.003:
            lines.append(b"[1, 2]")
            continue
        if roll < 0.004:
            lines.append(b'{"first_name": "j\xfcrgen"}')
            continue
        password = f"pw-{r.randint(10**7, 10**8)}"
        record = {
            "first_name": r.choice(FIRST),
            "last_name": r.choice(LAST),
            "email": f"{r.choice(FIRST).replace(' ', '')}.{r.randint(1, 9999)}@{r.choice(DOMAINS)}",
            "phone": f"(201) 555-{r.randint(0, 9999):04d}",
            "zip": f"{r.randint(0, 99999):05d}",
            "state": r.choice(STATES),
            "birth_date": f"{r.randint(1, 12):02d}/{r.randint(1, 28):02d}/{r.randint(1940, 2008)}",
            "website": f"https://{r.choice(DOMAINS)}/u/{r.randint(1, 10**6)}",
            "password": password,
            "password_confirm": password,
            "newsletter": r.choice(["yes", "no"]),
            "topics": r.choice(["swift", "forms, i18n", "swift, forms"]),
        }
        if roll < 0.15:
            field = r.choice(list(BAD))
            record[field] = BAD[field]
        lines.append(json.dumps(record, ensure_ascii=False).encode())
        if roll > 0.999:
            lines.append(b"   ")
    return lines


@pytest.fixture(scope="session")
def signup_form():
    import vouch

    return vouch.Form.from_file(SIGNUP_FORM)


@pytest.fixture(scope="session")
def typed():
    """The form of TYPED_SPEC."""
    import vouch

    return vouch.Form.from_json(TYPED_SPEC)
