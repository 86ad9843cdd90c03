"""Makes the start-up data of the shipped rule sets inside a built package: each rule set as loaded
(``ruleset/shipped/NAME.json``, ruleset/documents.py) and its scorer's fused functions
(``dsl/shipped_fused/``, dsl/prefused.py). The wheel's build runs it (ruleset/buildhook.py) on the package
it has just copied, as ``python -m fanrules.scoring.prebuild BUILD_LIB`` with that package first on the
path: the data is made by the code it ships with. Nothing is ever written into a source tree (its
package is ``engine/``, not ``fanrules/``): a checkout makes its data into the cache on first use
(ruleset/loader.py). Every file goes to a temporary file beside it, then is renamed."""
from __future__ import annotations

import sys
from pathlib import Path

from ..dsl import prefused
from ..ruleset import documents
from ..ruleset.build import build_ruleset
from ..ruleset.files import located, shipped_root
from ..ruleset.loader import shipped_rulesets
from .scorer import Scorer


def generated() -> dict[Path, str]:
    """Every start-up file's text by its path in the built package (``ruleset/shipped/NAME.json``,
    ``dsl/shipped_fused/*.py``), from the YAML as read now."""
    documents_folder = Path("ruleset") / documents.PACKAGE_FOLDER.name
    fused_folder = Path("dsl") / prefused.PACKAGE
    out: dict[Path, str] = {fused_folder / "__init__.py": prefused.INIT}
    for name in shipped_rulesets():
        ruleset = build_ruleset(located(shipped_root() / name / "ruleset.yaml"))
        out[documents_folder / f"{name}.json"] = documents.document_text(ruleset, trusted=True)
        scorer = Scorer(ruleset)
        for fused in (scorer.hand_evaluate, scorer.reading_evaluate):
            source: str = getattr(fused, "source")  # noqa: B009 - set on the function by fuse
            out.update((fused_folder / f"{module}.py", text) for module, text in prefused.module_sources(source).items())
    return out


def main(argv: list[str]) -> int:
    """Write the start-up data into BUILD_LIB/fanrules, which must be the package this process imported."""
    if len(argv) != 1:
        print("usage: python -m fanrules.scoring.prebuild BUILD_LIB (the folder of a built package, not a checkout)", file=sys.stderr)
        return 2
    package = Path(argv[0]).resolve() / "fanrules"
    running = Path(__file__).resolve().parents[1]  # the package this module belongs to
    if running != package:
        print(f"error: {package} is not the fanrules package this process runs ({running}): "
              "the start-up data is made by the code it ships with", file=sys.stderr)
        return 1
    written = generated()
    for path, text in written.items():
        documents.write_atomically(package / path, text)
    print(f"fanrules: {len(written)} start-up files written into {package}", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover - run by the wheel's build
    sys.exit(main(sys.argv[1:]))
