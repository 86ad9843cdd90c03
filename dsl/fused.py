"""Fuse many compiled predicates into one function, so that a scorer asks once per reading (or hand)
which of them apply, without a call and a loop step per predicate.

The fused source is put together from the predicates' own generated code (never rule text): each rule
is called when its collection is large enough, and each hand rule's expression is written inline with
its constants renamed."""
from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from ..tiles import RANK_OF, SUIT_OF
from .compiled import Compiled, Guard

CONSTANT = re.compile(r"\bK(\d+)\b")


def _guard_code(guard: Guard, name: str) -> str:
    value = f"len(f.{guard.attr})" if guard.length else f"f.{guard.attr}"
    return f"{value} {guard.op} {name}"


def fuse(predicates: Sequence[Compiled], label: str = "<fused predicates>") -> Callable[[Any], list[tuple[int, list[tuple]]]]:
    """A function of the facts giving ``(index, instances)`` for every predicate (by its index in
    ``predicates``) that has instances, in order."""
    namespace: dict[str, Any] = {"SUIT_OF": SUIT_OF, "RANK_OF": RANK_OF, "EMPTY": (), "ONE": [()]}
    lines = ["def evaluate(f):", "    out = []"]
    for i, compiled in enumerate(predicates):
        record = compiled.record
        assert record is not None, "fuse needs predicates built from records"
        # A hand rule's expression holds its guards already, in the author's order (which keeps costly
        # facts such as the unique wait last); an each rule is called only if its collection is big enough.
        tests = []
        if record.is_each and compiled.guards and compiled.guards[0].length and compiled.guards[0].op == ">=":
            namespace[f"G{i}"] = compiled.guards[0].value
            tests.append(_guard_code(compiled.guards[0], f"G{i}"))
        if record.is_each or not record.expression:
            namespace[f"R{i}"] = compiled.instances
            body = [f"r = R{i}(f)", "if r:", f"    out.append(({i}, r))"]
        else:
            for name, value in record.constants:
                namespace[f"{name}_{i}"] = value
            expression = CONSTANT.sub(rf"K\1_{i}", record.expression)
            if record.counts:
                body = [f"n = {expression}", "if n > 0:", f"    out.append(({i}, [()] * n))"]
            else:
                body = [f"if {expression}:", f"    out.append(({i}, ONE))"]
        if tests:
            lines.append(f"    if {' and '.join(tests)}:")
            lines.extend("        " + line for line in body)
        else:
            lines.extend("    " + line for line in body)
    lines.append("    return out")
    exec(compile("\n".join(lines) + "\n", label, "exec"), namespace)  # generated source only: see above
    return namespace["evaluate"]
