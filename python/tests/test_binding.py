"""Every call of the binding, against what libvouch and `vouch check` say."""
from __future__ import annotations

import datetime
import io
import json
import os
import pickle
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

import vouch
from conftest import EXAMPLES, FIXTURES, ROOT, SIGNUP_FORM, TYPED_SPEC, vouch_binary, vouch_check


def test_the_library_is_the_checkouts_version():
    header = (ROOT / "include" / "vouch.h").read_text()
    assert vouch.library_version == re.search(r'#define VOUCH_VERSION_STRING "(.*)"', header).group(1)
    assert Path(vouch.library_path).exists()


def test_registry_lists():
    registry = vouch.Registry()
    assert {"phone", "date", "money", "tokens"} <= set(registry.kinds())
    assert "email" in registry.rules() and "length" in registry.rules()
    assert "trim" in registry.formatters()
    assert "pt-BR" in registry.locales()
    assert registry.plugins() == []
    assert registry.list("kinds") == sorted(registry.kinds())
    with pytest.raises(ValueError, match="one of rules"):
        registry.list("widgets")


def test_registry_plugins():
    registry = vouch.Registry()
    plugin = Path(vouch.library_path).resolve().parent / "libvouch-card.so"
    if not plugin.exists():
        pytest.skip("the card plugin is not built beside libvouch")
    with pytest.raises(vouch.VouchIOError, match="/nonexistent/libvouch-card.so"):
        registry.load_plugin("/nonexistent/libvouch-card.so")
    with pytest.raises(vouch.PluginError):
        registry.load_plugin("no-such-plugin")
    registry.load_plugin(plugin)
    assert registry.plugins() == ["card"]
    assert "card.luhn" in registry.rules()
    with pytest.raises(vouch.NameTakenError):
        registry.load_plugin(plugin)
    form = vouch.Form.from_json({"vouch": 1, "fields": [{"name": "card", "rules": ["card.luhn"]}]}, registry)
    assert form.validate({"card": "4111111111111111"}).valid
    assert [v.code for v in form.validate({"card": "4111111111111112"}).violations] == ["card.luhn"]
    # A form pickles with its registry's plugins, and comes back able to check with them.
    again = pickle.loads(pickle.dumps(form))
    assert again.registry.plugins() == ["card"]
    assert [v.code for v in again.validate({"card": "4111111111111112"}).violations] == ["card.luhn"]


def test_registry_packs():
    registry = vouch.Registry()
    with pytest.raises(vouch.VouchIOError, match="/nonexistent/packs"):
        registry.load_packs("/nonexistent/packs")
    with pytest.raises(vouch.PackError, match=r"kinds\.postal_code\.pattern"):
        registry.load_packs(FIXTURES / "packs" / "bad-regex")
    before = set(registry.locales())
    registry.load_packs(FIXTURES / "packs" / "good")
    assert set(registry.locales()) > before
    assert registry.configuration()[0] == (str(FIXTURES / "packs" / "good"),)


def test_typed_values(typed):
    result = typed.validate(
        {
            "email": "Ada@Example.COM",
            "born": "2/22/1982",
            "at": "3:05 PM",
            "when": "02/22/1982 3:05 PM",
            "ratio": "1,234.5",
            "price": "$1,234.50",
            "count": "42",
            "agree": "yes",
            "tags": "a, b",
            "secret": "correct horse battery",
        }
    )
    assert result.valid and bool(result) and result.violations == []
    assert result.values == {
        "email": "Ada@example.com",
        "born": datetime.date(1982, 2, 22),
        "at": datetime.time(15, 5),
        "when": datetime.datetime(1982, 2, 22, 15, 5),
        "ratio": Decimal("1234.5"),
        "price": vouch.Money(Decimal("1234.50"), "USD"),
        "count": 42,
        "agree": True,
        "tags": ["a", "b"],
    }
    assert type(result.values["count"]) is int and type(result.values["agree"]) is bool
    assert str(result.values["price"]) == "1234.50 USD"
    assert result.display["born"] == "02/22/1982" and result.display["price"] == "$1,234.50"
    assert result.canonical["born"] == "1982-02-22"
    assert "secret" not in result.values and "secret" not in result.display
    assert "correct horse" not in json.dumps(result.to_json()) + repr(result)


def test_empty_optional_fields_are_none(typed):
    result = typed.validate({"email": "a@b.example"})
    assert result.valid
    assert result.values["born"] is None and result.values["tags"] is None and result.values["agree"] is None


def test_violations(typed):
    result = typed.validate({"born": "2/30/1982", "secret": "hunter2"})
    assert not result.valid and not bool(result)
    codes = [(v.field, v.code) for v in result.violations]
    assert ("email", "required") in codes and ("born", "date") in codes and ("secret", "too_short") in codes
    born = result.errors("born")[0]
    assert born.message == "Enter a valid date, such as 02/22/1982."
    assert born.args == {"example": "02/22/1982"} and born.item is None
    secret = result.errors("secret")[0]
    assert secret.args == {"min": 12}
    assert "hunter2" not in json.dumps(result.to_json()) + repr(result) + secret.message
    assert "born" not in result.values


def test_token_item(signup_form):
    record = json.loads((EXAMPLES / "signups.jsonl").read_text().splitlines()[3])
    (violation,) = signup_form.validate(record).violations
    assert (violation.field, violation.code, violation.item) == ("topics", "one_of", 1)
    assert violation.args == {"options": "swift, forms, or i18n"}


def test_validate_takes_json_text(typed):
    assert typed.validate('{"email": "a@b.example"}').valid
    assert typed.validate(b'{"email": "a@b.example", "count": 7}').values["count"] == 7
    assert typed.validate({"email": "a@b.example", "born": datetime.date(1982, 2, 22)}).values["born"] == datetime.date(
        1982, 2, 22
    )
    assert typed.validate({"email": "a@b.example", "ratio": Decimal("2.50")}).values["ratio"] == Decimal("2.50")


def test_bad_records_raise_clear_errors(typed):
    with pytest.raises(vouch.JSONError, match="not valid JSON") as error:
        typed.validate('{"email": ')
    assert error.value.status == "VOUCH_ERROR_JSON"
    with pytest.raises(vouch.JSONError, match="a record is a JSON object"):
        typed.validate("[1, 2]")
    with pytest.raises(vouch.UTF8Error, match="not valid UTF-8") as error:
        typed.validate(b'{"email": "\xff"}')
    assert isinstance(error.value, ValueError) and error.value.status == "VOUCH_ERROR_UTF8"
    with pytest.raises(vouch.UTF8Error):
        typed.validate({"email": "\ud800@b.example"})  # a lone surrogate is no UTF-8
    with pytest.raises(TypeError, match="not object"):
        typed.validate({"email": object()})
    with pytest.raises(TypeError, match="a record is a dict"):
        typed.validate(42)  # type: ignore[arg-type]


def test_bad_specs_name_the_json_path():
    with pytest.raises(vouch.SpecError) as error:
        vouch.Form.from_json({"vouch": 1, "fields": [{"name": "a", "kind": "zipp"}]})
    assert error.value.path == "fields[0].kind" and 'did you mean "zip"' in str(error.value)
    assert isinstance(error.value, vouch.UnknownNameError) and error.value.status == "VOUCH_ERROR_UNKNOWN_NAME"

    with pytest.raises(vouch.SpecError) as error:
        vouch.Form.from_json('{"vouch": 1, "fields": [{"name": "a", "rules": [{"rule": "length", "max": "5"}]}]}')
    assert error.value.path == "fields[0].rules[0].max" and isinstance(error.value, vouch.ParameterError)

    with pytest.raises(vouch.SpecError) as error:
        vouch.Form.from_json({"vouch": 1, "fields": [{"name": "a"}, {"name": "a"}]})
    assert error.value.path == "fields[1].name" and type(error.value) is vouch.SpecError

    with pytest.raises(vouch.SpecError) as error:
        vouch.Form.from_json({"vouch": 1, "locale": "qq-ZZ", "fields": [{"name": "a"}]})
    assert error.value.path == "locale" and isinstance(error.value, vouch.LocaleError)

    with pytest.raises(vouch.SpecError) as error:
        vouch.Form.from_json('{"vouch": 1, "fields": [}')
    assert error.value.path is None and isinstance(error.value, vouch.JSONError) and "line 1, column 25" in str(error.value)

    with pytest.raises(vouch.SpecError) as error:
        vouch.Form.from_json(b'{"vouch": 1, "fields": [{"name": "\xc3\x28"}]}')
    assert isinstance(error.value, vouch.UTF8Error)


def test_spec_files(tmp_path):
    form = vouch.Form.from_file(SIGNUP_FORM)
    assert form.field_names[:3] == ["first_name", "last_name", "email"]
    birth = form.fields[form.field_names.index("birth_date")]
    assert (birth.kind, birth.label, birth.required, birth.secret) == ("date", "Date of birth", True, False)
    topics = form.fields[-1]
    assert (topics.kind, topics.token_kind, topics.conditional) == ("tokens", "text", True)
    assert [f.name for f in form.fields if f.secret] == ["password", "password_confirm"]
    bad = tmp_path / "bad.form.json"
    bad.write_text('{"vouch": 1, "fields": [{"name": "a", "kind": "zipp"}]}')
    with pytest.raises(vouch.SpecError, match=r"bad\.form\.json: fields\[0\]\.kind: ") as error:
        vouch.Form.from_file(bad)
    assert error.value.path == "fields[0].kind"
    with pytest.raises(vouch.VouchIOError, match="missing.json: cannot read the form spec"):
        vouch.Form.from_file(tmp_path / "missing.json")
    with pytest.raises(TypeError, match="from_json"):
        vouch.Form()


def test_single_values():
    assert vouch.format_value("phone", "2015550123") == "(201) 555-0123"
    assert vouch.format_value("phone", "2015550123", canonical=True) == "+12015550123"
    assert vouch.format_value("decimal", "1234,5", locale="de-DE") == "1.234,5"
    assert vouch.format_value("decimal", "1.234,5", locale="de-DE", canonical=True) == "1234.5"
    assert vouch.format_value("trim", "  a  ") == "a"
    ok = vouch.validate_value("date", "2/22/1982")
    assert ok.valid and ok.values == {"value": datetime.date(1982, 2, 22)} and ok.display == {"value": "02/22/1982"}
    assert vouch.validate_value("money", "12,50 €", locale="de-DE").values["value"] == vouch.Money(Decimal("12.50"), "EUR")
    bad = vouch.validate_value("email", "ada@")
    assert not bad.valid and [(v.field, v.code) for v in bad.violations] == [("value", "email")]
    with pytest.raises(vouch.UnknownNameError, match='"zipp"'):
        vouch.validate_value("zipp", "1")
    with pytest.raises(vouch.UnknownNameError):
        vouch.format_value("no-such-formatter", "1")
    with pytest.raises(vouch.UTF8Error):
        vouch.validate_value("text", b"\xff\xfe")
    with pytest.raises(vouch.LocaleError):
        vouch.validate_value("date", "1/2/2000", locale="qq-ZZ")
    with pytest.raises(vouch.ParameterError, match="mode"):
        vouch.format_value("capitalize", "hello")


def test_check_lines_is_vouch_check(signup_form):
    for name, fmt in (("signups.jsonl", "jsonl"), ("signups.csv", "csv")):
        path = FIXTURES / "batch" / name
        stdout, stderr = vouch_check(SIGNUP_FORM, path)
        assert signup_form.check_lines(path.read_bytes(), format=fmt) == stdout
        checked = signup_form.check(path.read_bytes(), format=fmt)
        assert checked.output == stdout and str(checked.summary) == stderr
        written = io.BytesIO()
        assert signup_form.check_to(path.read_bytes(), written, format=fmt) == checked.summary
        assert written.getvalue() == stdout
    path = EXAMPLES / "signups.jsonl"
    stdout, stderr = vouch_check(SIGNUP_FORM, path)
    assert signup_form.check_lines(path.read_text()) == stdout
    summary = signup_form.check(path.read_bytes()).summary
    assert (summary.records, summary.valid, summary.invalid, summary.unreadable) == (4, 2, 2, 0)
    assert str(summary) == stderr


def test_check_lines_options(typed):
    data = b'{"email": "a@b.example", "born": "1982-02-22"}\n{"email": "a@b.example", "tags": "' + b"x, " * 40 + b'"}\n'
    lines = [json.loads(line) for line in typed.check_lines(data, first_record=11, first_line=101, display=True, max_record_bytes=80).splitlines()]
    assert lines[0]["record"] == 11 and lines[0]["display"]["born"] == "02/22/1982"
    assert lines[1]["record"] == 12 and lines[1]["line"] == 102 and lines[1]["errors"][0]["code"] == "too_large"
    assert typed.check_lines(b"") == b""
    with pytest.raises(ValueError, match="'jsonl' or 'csv'"):
        typed.check_lines(data, format="xml")
    with pytest.raises(ValueError, match="first_record"):
        typed.check_lines(data, first_record=0)
    with pytest.raises(vouch.ArgumentError, match="header row"):
        typed.check_lines(b"", format="csv")


def test_validate_many_matches_validate(signup_form):
    records = [json.loads(line) for line in (EXAMPLES / "signups.jsonl").read_text().splitlines()]
    batch = signup_form.validate_many(records + ['{"first_name": ', "", b'{"a": "\xff"}', "[1]", '{"first_name":\n"ada"}'])
    assert len(batch) == len(records) + 5
    for one, many in zip([signup_form.validate(r) for r in records], batch):
        assert (one.valid, one.violations, one.values, one.display) == (many.valid, many.violations, many.values, many.display)
    assert [b.violations[0].code for b in batch[4:8]] == ["invalid_json", "invalid_json", "invalid_utf8", "not_an_object"]
    assert all(v.field is None for b in batch[4:8] for v in b.violations)
    assert batch[5].violations[0].message == "line 6: the record is empty"
    assert batch[8].errors("first_name") == [] and batch[8].values["first_name"] == "Ada"
    assert signup_form.validate_many([]) == []


def test_summaries_add_up(signup_form):
    lines = (EXAMPLES / "signups.jsonl").read_bytes().splitlines(keepends=True)
    whole = signup_form.check(b"".join(lines)).summary
    parts = signup_form.check(b"".join(lines[:2])).summary + signup_form.check(b"".join(lines[2:])).summary
    assert parts == whole and str(parts) == str(whole)
    with pytest.raises(ValueError, match="different forms"):
        whole + vouch.Form.from_json(TYPED_SPEC).check(b"{}").summary


def test_forms_pickle_once_per_process(typed):
    import vouch.form

    before = vouch.form.forms_built_here()
    first = pickle.loads(pickle.dumps(typed))
    second = pickle.loads(pickle.dumps(typed))
    assert first is second and vouch.form.forms_built_here() == before + 1
    assert first.validate({"email": "a@b.example"}).valid


def test_a_missing_library_is_a_clear_import_error():
    env = {**os.environ, "VOUCH_LIBRARY": "/nonexistent/libvouch.so"}
    run = subprocess.run([sys.executable, "-c", "import vouch"], capture_output=True, text=True, env=env)
    assert run.returncode != 0
    assert "ImportError: vouch: VOUCH_LIBRARY=/nonexistent/libvouch.so cannot be loaded" in run.stderr


def test_datetimes_keep_their_offset():
    form = vouch.Form.from_json(
        {"vouch": 1, "fields": [{"name": "at", "kind": "datetime"}, {"name": "berlin", "kind": "datetime", "time_zone": "Europe/Berlin"}]}
    )
    values = form.validate({"at": "1982-07-22T13:05Z", "berlin": "1982-07-22T13:05Z"}).values
    assert values["at"] == datetime.datetime(1982, 7, 22, 13, 5, tzinfo=datetime.timezone.utc)
    assert values["berlin"] == values["at"] and values["berlin"].utcoffset() == datetime.timedelta(hours=2)
    assert values["berlin"].hour == 15


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_large_inputs_stream_in_batches_with_the_same_output(signup_form, tmp_path, jobs):
    from conftest import signup_lines

    lines = signup_lines(3000, seed=11)
    lines[1500:1500] = [b"\xef\xbb\xbf" + lines[1500], b"", b"   \r"]  # a byte order mark inside: not skipped
    data = b"\xef\xbb\xbf" + b"\r\n".join(lines) + b"\n"
    path = tmp_path / "signups.jsonl"
    path.write_bytes(data)
    stdout, stderr = vouch_check(SIGNUP_FORM, path)
    checked = signup_form.check(data, jobs=jobs)
    assert checked.output == signup_form.check_lines(data, jobs=jobs) == stdout
    assert str(checked.summary) == stderr

    class Batches(io.BytesIO):
        """A file that counts its writes: one per batch of records, each of whole lines."""

        writes: list = []

        def write(self, data):
            self.writes.append(bytes(data))
            return super().write(data)

    written = Batches()
    assert signup_form.check_to(data, written, jobs=jobs) == checked.summary and written.getvalue() == stdout
    assert len(written.writes) > 3, "the lines come a batch at a time, not held whole"
    assert all(part.endswith(b"\n") for part in written.writes)
    numbered = signup_form.check_lines(data, first_record=1001, first_line=5001, jobs=jobs)
    first = json.loads(numbered.splitlines()[0])
    assert first["record"] == 1001
    unreadable = [json.loads(line) for line in numbered.splitlines() if b'"line"' in line]
    expected = [json.loads(line) for line in stdout.splitlines() if b'"line"' in line]
    assert [u["line"] for u in unreadable] == [e["line"] + 5000 for e in expected]


@pytest.mark.parametrize("jobs", [0, 1025, True, 1.5])
def test_jobs_out_of_range_are_refused(signup_form, jobs):
    with pytest.raises(ValueError, match="jobs is a whole number from 1 to 1024"):
        signup_form.check_lines(b"{}", jobs=jobs)


def test_schema_is_what_vouch_schema_writes():
    form = vouch.Form.from_file(SIGNUP_FORM)
    run = subprocess.run([str(vouch_binary()), "schema", "--form", str(SIGNUP_FORM)], capture_output=True, check=True)
    assert form.schema() == json.loads(run.stdout)
    assert form.schema("Sign-up")["title"] == "Sign-up"
    assert "$comment" in form.schema() and "phone" in form.schema()["properties"]


def test_a_plugin_isolated_in_child_processes():
    plugin = Path(vouch.library_path).resolve().parent / "libvouch-card.so"
    if not plugin.exists():
        pytest.skip("the card plugin is not built beside libvouch")
    registry = vouch.Registry()
    with pytest.raises(ValueError, match="timeout"):
        registry.load_plugin(plugin, isolated=True, timeout=0)
    registry.load_plugin(plugin, isolated=True, timeout=5, helper=vouch_binary())
    assert registry.validate_value("card.luhn", "4111111111111112").violations[0].code == "card.luhn"
    assert registry.validate_value("card.luhn", "4111111111111111").valid
    # A helper that serves no calls: the rule fails, naming itself, and the caller goes on.
    broken = vouch.Registry()
    broken.load_plugin(plugin, isolated=True, timeout=5, helper="/bin/false")
    violation = broken.validate_value("card.luhn", "4111111111111111").violations[0]
    assert violation.code == "plugin_error"
