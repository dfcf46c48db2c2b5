"""The README's Python example runs from the checkout and prints what the README says."""
from __future__ import annotations

import re
import subprocess
import sys

from conftest import ROOT


def test_readme_python_example():
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Using Vouch from Python") :]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    printed = re.search(r"prints\n\n```\n(.*?)```", section, re.S).group(1)
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout == printed
