"""The status list is written once, in include/vouch.h: libvouch's names and messages and the
package's exceptions are checked against it here; errors arrive in parts, not parsed from text."""
from __future__ import annotations

import re

import pytest

import vouch
from vouch import errors
from vouch._lib import lib

from conftest import ROOT

_ENUM = re.compile(r"^\s*(VOUCH_(?:OK|ERROR_\w+)) = (\d+),?\s*/\* (.*?) \*/", re.M)


def header_statuses():
    header = (ROOT / "include" / "vouch.h").read_text()
    body = header[header.index("typedef enum vouch_status") : header.index("} vouch_status;")]
    found = [(name, int(number), comment) for name, number, comment in _ENUM.findall(body)]
    assert len(found) >= 13 and found[0][0] == "VOUCH_OK"
    return found


@pytest.mark.parametrize("name,number,comment", header_statuses())
def test_library_names_every_status_as_the_header_does(name, number, comment):
    assert lib.vouch_status_name(number).decode() == name
    assert lib.vouch_status_message(number).decode() == comment


def test_every_error_status_has_an_exception():
    names = {name for name, _, _ in header_statuses() if name != "VOUCH_OK"}
    assert set(errors._BY_STATUS) == names
    for name in names:
        assert errors._BY_STATUS[name].status == name
    assert lib.vouch_status_name(len(names) + 1).decode() == "VOUCH_ERROR_UNKNOWN"


def test_errors_arrive_in_parts():
    with pytest.raises(vouch.SpecError) as error:
        vouch.Form.from_json('{"vouch": 1, "fields": [{"name": "a", "rules": [{"rule": "length", "max": "5"}]}]}')
    assert isinstance(error.value, vouch.ParameterError)
    assert (error.value.code, error.value.path, error.value.file) == ("invalid_parameter", "fields[0].rules[0].max", None)
    assert "fields[0]" not in error.value.message and str(error.value).startswith("fields[0].rules[0].max: ")
    # A message that itself holds a colon and a path-like word is not mistaken for a location.
    with pytest.raises(vouch.SpecError) as error:
        vouch.Form.from_json('{"vouch": 1, "fields": [}')
    assert error.value.path is None and error.value.code == "invalid_json" and "line 1, column 25" in error.value.message
    with pytest.raises(vouch.PackError) as error:
        vouch.Registry(packs=[ROOT / "Tests" / "Fixtures" / "packs" / "bad-key"])
    assert error.value.path == "kinds.phone.mask" and error.value.file.endswith("bad-key/pack.json")


def test_a_misused_handle_is_a_misuse_error():
    error = errors.error_for(13, "VOUCH_ERROR_MISUSE", "misuse", "the handle was freed")
    assert type(error) is vouch.MisuseError and error.status == "VOUCH_ERROR_MISUSE"
