"""The build step that makes the shipped rule sets' start-up data inside a wheel (pyproject.toml names
it in ``[tool.setuptools.cmdclass]``): after setuptools has copied the package into its build folder,
it runs ``python -m fanrules.scoring.prebuild`` with that folder first on the path, so the data is made
by the code it ships with, from the YAML it ships with, and written into the built package only. An
editable install builds nothing here: a checkout makes its data into the user's cache on first use.

setuptools loads this module from its file, outside the package, when it builds: it imports nothing of
fanrules (which is not importable then) and is never imported by fanrules itself."""
from __future__ import annotations

import os
import subprocess
import sys

from setuptools.command.build_py import build_py  # type: ignore[import-untyped,unused-ignore]  # setuptools ships no types before 71


class BuildPy(build_py):  # type: ignore[misc,unused-ignore]  # a subclass of setuptools' untyped command
    """setuptools' build_py, then the start-up data made in the built package (not for an editable install)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = os.path.abspath(self.build_lib)
        # The built package first on the path, then what this build sees (its requirements: PyYAML, Lark) but the
        # source tree; no bytecode written into the build, no user cache read or written.
        here = {os.path.abspath(os.curdir), os.path.abspath(self.build_lib)}
        path = [target, *(p for p in sys.path if p and os.path.abspath(p) not in here)]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(path), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONSAFEPATH": "1", "FANRULES_NO_CACHE": "1"}
        subprocess.run([sys.executable, "-m", "fanrules.scoring.prebuild", target], env=env, cwd=target, check=True)
