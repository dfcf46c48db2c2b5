"""The package as a type checker sees it (it ships py.typed): every exception a name mypy knows,
and the batch keywords of Form.check_lines typed, so that a misspelt keyword is an error."""
from __future__ import annotations

import os
import site
import subprocess
import sys
from pathlib import Path
from typing import Dict, List

import pytest

import vouch
from vouch import errors

try:
    import mypy  # noqa: F401
except ImportError:
    pytest.skip("mypy is not installed (make python-test installs it)", allow_module_level=True)


def exception_names() -> List[str]:
    """Every exception class of vouch.errors, as Python knows them at run time."""
    return sorted(name for name, value in vars(errors).items() if isinstance(value, type) and issubclass(value, vouch.VouchError))


def good_client() -> str:
    names = exception_names()
    exported = [name for name in names if name in vouch.__all__]
    internal = [name for name in names if name not in vouch.__all__]
    caught = ", ".join(names)
    return f"""from typing import List, Type

import vouch
from vouch import {", ".join(exported)}
from vouch.errors import {", ".join(internal)}

CLASSES: List[Type[VouchError]] = [{caught}]


def check(form: vouch.Form) -> bytes:
    try:
        return form.check_lines(b"", format="csv", first_record=2, display=True)
    except ({caught}) as error:
        status: str = error.status
        return (status + error.message).encode()


def check_more(form: vouch.Form) -> int:
    options: vouch.BatchOptions = {{"format": "jsonl", "max_record_bytes": None}}
    return form.check(b"", **options).summary.records + form.check_to(b"", None, first_line=3).records
"""


BAD_CLIENT = """import vouch
from vouch import NoSuchError


def check(form: vouch.Form) -> bytes:
    return form.check_lines(b"", formt="csv")
"""


def mypy_errors(tmp_path: Path, name: str, source: str) -> Dict[int, str]:
    """mypy --strict's errors in a client module, by line. The vouch imported here is the one
    checked: from site-packages as installed, or else from the directory it was imported from."""
    client = tmp_path / f"{name}.py"
    client.write_text(source)
    env = dict(os.environ)
    env.pop("MYPYPATH", None)
    package_parent = str(Path(vouch.__file__).resolve().parents[1])
    if package_parent not in {str(Path(path).resolve()) for path in site.getsitepackages()}:
        env["MYPYPATH"] = package_parent
    run = subprocess.run(
        # Errors inside vouch's own modules are not the client's: only the client's are reported.
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--cache-dir", str(tmp_path / "cache"), client.name],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    found: Dict[int, str] = {}
    for line in run.stdout.splitlines():
        where, _, message = line.partition(": error: ")
        if message:
            assert where.startswith(client.name + ":"), run.stdout
            found[int(where.split(":")[1])] = message
    assert run.returncode == (1 if found else 0), run.stdout + run.stderr
    return found


def test_a_client_that_uses_every_exception_and_the_batch_keywords_type_checks(tmp_path):
    assert "SpecUnknownNameError" in exception_names() and "PackError" in exception_names()
    assert mypy_errors(tmp_path, "good_client", good_client()) == {}


def test_an_unknown_exception_and_a_misspelt_keyword_are_type_errors(tmp_path):
    found = mypy_errors(tmp_path, "bad_client", BAD_CLIENT)
    assert sorted(found) == [2, 6], found
    assert "NoSuchError" in found[2] and '"formt"' in found[6]
