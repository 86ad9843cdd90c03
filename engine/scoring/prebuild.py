"""Writes the generated files that let a shipped rule set start without its YAML or its compiler:
the rule set as loaded (ruleset/shipped/*.json, see ruleset/documents.py) and its scorer's fused functions
(dsl/shipped_fused/, see dsl/prefused.py). ``python -m fanrules.scoring.prebuild`` after a change to a
shipped rule set, the loader or the compiler (tests/test_shipped_documents.py says when); the predicate
records (dsl/shipped_records.py) are written first, by ``python -m fanrules.ruleset.prebuild``."""
from __future__ import annotations

import sys
from pathlib import Path

from ..dsl import prefused
from ..ruleset import documents
from ..ruleset.build import _build
from ..ruleset.files import _shipped_root, located
from ..ruleset.loader import shipped_rulesets
from ..ruleset.prebuild import document_text
from .scorer import Scorer


def generated() -> dict[str, str]:
    """Every generated module's source by its path, from the YAML as read now."""
    out: dict[str, str] = {}
    for name in shipped_rulesets():
        out[str(Path(documents.__file__).parent / documents.FOLDER / f"{name}.json")] = document_text(name)
        scorer = Scorer(_build(located(_shipped_root() / name / "ruleset.yaml")))
        for fused in (scorer.hand_evaluate, scorer.reading_evaluate):
            source: str = getattr(fused, "source")  # noqa: B009 - set on the function by fuse
            folder = Path(prefused.__file__).parent / prefused.PACKAGE
            out.update((str(folder / f"{name}.py"), text) for name, text in prefused.module_sources(source).items())
    return out


def stale(written: dict[str, str]) -> list[Path]:
    """The generated modules in the package that ``written`` (``generated()``) no longer holds."""
    folders = ((Path(documents.__file__).parent / documents.FOLDER, "*.json"), (Path(prefused.__file__).parent / prefused.PACKAGE, "*.py"))
    return [path for folder, pattern in folders for path in sorted(folder.glob(pattern))
            if path.name != "__init__.py" and str(path) not in written]


def main() -> int:
    """Write the modules into the package (its source folders in a checkout) and remove stale ones."""
    written = generated()
    for path in stale(written):
        path.unlink()
    for name, source in written.items():
        Path(name).write_text(source, encoding="utf-8")
    print(f"{len(written)} modules written", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover - writes the shipped modules
    sys.exit(main())
