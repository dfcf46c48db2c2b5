"""Installs the vouch package, and records the Vouch checkout it was installed from.

`pip install ./python` from a checkout where Vouch is built: the package then finds libvouch in
that checkout's .build directory (release before debug) when VOUCH_LIBRARY does not name one.
"""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCheckout(build_py):
    def run(self) -> None:
        super().run()
        checkout = Path(__file__).resolve().parent.parent
        if (checkout / "Package.swift").is_file() and (checkout / "include" / "vouch.h").is_file():
            target = Path(self.build_lib) / "vouch" / "_checkout.py"
            target.write_text(
                '"""Written by setup.py: the Vouch checkout this package was installed from."""\n'
                f"CHECKOUT = {str(checkout)!r}\n"
            )


setup(cmdclass={"build_py": BuildWithCheckout})
