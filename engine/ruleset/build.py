"""Build a rule set from its YAML: its file, its fan files, inheritance, and the compiled predicates
(loader.py loads a shipped one from its document instead, and imports this module only when it cannot)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import Diagnostic, RuleSetError
from ..core.text import close_matches
from ..dsl import Compiled, compile_predicate, save_predicate_cache
from .alias import deprecation
from .causes import PARENT, without_cascade
from .combination import ALL_PRINCIPLES, collect_combination, compile_win_requires
from .declare import shown, type_ok
from .families import collect_families, resolve_families
from .files import MAX_FAN_FILES, RULESET_FILE, Budget, Refused, fan_files, is_file, is_folder, parent_ruleset, shipped_rulesets
from .model import Example, Exclusion, Fan, RuleSet, Where
from .origins import predicate_origin
from .refs import norm as _norm
from .refs import ref_hint as _ref_hint
from .rulefile import FileContext, read_rule_file
from .schema import EXAMPLE_KEYS, EXAMPLE_ONLY, EXCLUSION_KEYS, FAN_KEYS, FAN_REQUIRED_NEW, RULESET_KEYS, RULESET_REQUIRED_ROOT
from .sections import collect_sections, report_rules
from .ties_keys import check_tie_refs
from .yamlcache import file_cache
from .yamlpos import YList, YMap

#: A rule set extends at most this many ancestors (the shipped variants have one).
MAX_CHAIN = 8
#: A rule set has at most this many fans after inheritance (MCR has 81).
MAX_FANS = MAX_FAN_FILES
#: The predicates of a rule set hold at most this many characters in all (MCR's: under 6,000).
MAX_PREDICATE_TEXT = 20_000
#: The conditions of all the predicates of a rule set may run at most this many times per reading in
#: all (each predicate's cost is bounded by dsl/cost.py; MCR's add up to under 2,000).
MAX_RULESET_COST = 50_000


# --- raw fan records (before compilation), merged along the inheritance chain ---------------------


@dataclass(kw_only=True)
class _RawFan:
    """A fan's keys as merged along the inheritance chain, each with the file it came from.
    ``exclusions`` holds every exclusion item with its position and file, ``excludes`` and
    ``excludes_add`` of all the files applied in order."""

    fields: dict[str, Any]
    origins: dict[str, Where]
    ctx: dict[str, FileContext]
    nodes: dict[str, Any]
    positions: dict[str, tuple[int, int]]
    exclusions: list[tuple[Any, tuple[int, int], FileContext]] = field(default_factory=list)


def _load_fan_file(path: Path, sink: list[Diagnostic], folder: Path, budget: Budget) -> tuple[YMap | None, FileContext | None]:
    data, ctx = read_rule_file(path, sink, folder, budget, FAN_KEYS, "a fan file")
    if data is None or ctx is None:
        return None, ctx
    ctx.check_keys(data, FAN_KEYS, "a fan file", required=("number",))
    return data, ctx


_Collected = tuple[dict[str, Any], dict[int, _RawFan], tuple[str, ...], dict[str, Where]]


def _collect(path: Path, sink: list[Diagnostic], seen: tuple[str, ...], budget: Budget) -> _Collected:
    """Rule-set fields and raw fans of ``path`` after inheritance."""
    data, ctx = read_rule_file(path, sink, path.parent, budget, RULESET_KEYS, "a rule-set file")
    if data is None or ctx is None:
        return {}, {}, seen, {}
    ctx.check_keys(data, RULESET_KEYS, "a rule-set file")
    name = data.get("name") if isinstance(data.get("name"), str) else path.parent.name
    fields, fans, chain, origins = _parent(data, ctx, name, seen + (str(path),), sink, budget)
    for key in ("title", "description"):  # a new English text without its Chinese drops the parent's Chinese
        if key in data and f"{key}_zh" not in data:
            fields.pop(f"{key}_zh", None)
    for key in ("name", "title", "title_zh", "version", "description", "description_zh", "minimum", "sources"):
        if key in data and type_ok(data[key], RULESET_KEYS[key].type):
            fields[key] = data[key]
            origins[key] = ctx.where(data.value_pos[key])
    collect_sections(data, ctx, fields, origins, rank=-len(seen))
    collect_families(data, ctx, fields)
    collect_combination(data, ctx, fields, origins)
    fields["notices"] = fields.get("notices", ()) + deprecation(data, name)
    fields["path"] = str(path)
    fans_dir = path.parent / (data.get("fans") if isinstance(data.get("fans"), str) else "fans")
    fields["fans_dir"] = str(fans_dir)
    _disable(data, ctx, fields, fans)
    if is_folder(fans_dir) or "fans" in data:
        _merge_folder(data, ctx, fans_dir, fans, sink, path.parent, budget)
    return fields, fans, chain, origins


def _parent(data: YMap, ctx: FileContext, name: str, chain: tuple[str, ...], sink: list[Diagnostic], budget: Budget) -> _Collected:
    """What the parent rule set (``extends``) gives, after its own inheritance; nothing for a root
    rule set (whose required keys are checked here) or a parent that cannot be followed (reported)."""
    parent = data.get("extends")
    nothing: _Collected = ({}, {}, chain, {})
    if not isinstance(parent, str):
        for key in RULESET_REQUIRED_ROOT:
            if key not in data:
                ctx.error(data.start, "R004", f"missing key '{key}' in a rule-set file", RULESET_KEYS[key].description)
        return nothing
    parent_path = parent_ruleset(parent, Path(chain[-1]).parent)
    if parent_path is not None and str(parent_path) in chain:
        cycle = " -> ".join(Path(c).parent.name for c in chain + (str(parent_path),))
        ctx.error(data.value_pos["extends"], "R013", f"rule set '{name}' extends '{parent}', which leads back to it: {cycle}",
                  "break the cycle: a rule set may not be its own ancestor")
    elif parent_path is None:
        close = close_matches(parent, shipped_rulesets(), cutoff=0.5)
        ctx.error(data.value_pos["extends"], "R013", f"unknown parent rule set '{parent}'",
                  (f"did you mean '{close[0]}'? " if close else "")
                  + f"shipped rule sets: {', '.join(shipped_rulesets())}; or give a path to a folder with {RULESET_FILE}")
    elif len(chain) > MAX_CHAIN:
        ctx.error(data.value_pos["extends"], "R016", f"the chain of rule sets extending one another is longer than {MAX_CHAIN}",
                  "extend a shipped rule set, or merge some of the rule sets in between")
    else:
        return _collect(parent_path, sink, chain, budget)
    return nothing


def _disable(data: YMap, ctx: FileContext, fields: dict[str, Any], fans: dict[int, _RawFan]) -> None:
    """Drop the parent's fans this file disables."""
    by_ref = _refs(fans)
    for ref_pos, ref in _ref_list(data, "disable"):
        number = by_ref.get(_norm(ref))
        if number is None:
            ctx.error(ref_pos, "R006", f"cannot disable unknown fan {ref!r}", _ref_hint(ref, by_ref))
        else:
            # Other fans' exclusions of a disabled fan are dropped with it (see _exclusions).
            fields.setdefault("disabled", set()).update(r for r, n in by_ref.items() if n == number)
            fans.pop(number, None)  # the same fan may be named twice (number and name)


def _merge_folder(data: YMap, ctx: FileContext, fans_dir: Path, fans: dict[int, _RawFan], sink: list[Diagnostic],
                  root: Path, budget: Budget) -> None:
    """Add or override fans from the files of this rule set's fans folder."""
    try:
        found = fan_files(fans_dir, root)
    except Refused as err:
        ctx.error(data.value_pos.get("fans", (1, 1)), err.code, f"cannot read the fans folder {data.get('fans', 'fans')!r}: {err}",
                  "the fans of a rule set are in a folder inside its own folder")
        found = []
    numbers: dict[int, str] = {}
    for fan_path in found:
        _merge_fan(fan_path, fans, numbers, sink, root, budget)


def _merge_fan(fan_path: Path, fans: dict[int, _RawFan], numbers: dict[int, str], sink: list[Diagnostic], root: Path, budget: Budget) -> None:
    """Add or override a fan from ``fan_path``; ``numbers`` maps the numbers used in its folder to file names."""
    data, ctx = _load_fan_file(fan_path, sink, root, budget)
    if data is None or ctx is None or not isinstance(data.get("number"), int):
        return
    number = data["number"]
    if number in numbers:
        ctx.error(data.value_pos["number"], "R007", f"fan number {number} is also used by {numbers[number]}",
                  "each fan file of a rule set needs its own number")
        return
    numbers[number] = fan_path.name
    raw = fans.get(number) or _new_fan(data, ctx, number, fans)
    if raw is not None:
        fans[number] = raw
        _apply(data, ctx, raw)


def _new_fan(data: YMap, ctx: FileContext, number: int, fans: dict[int, _RawFan]) -> _RawFan | None:
    """A fan no parent has: every key is needed, and there are no exclusions of a parent to edit."""
    missing = [k for k in FAN_REQUIRED_NEW if k not in data and not (k == "value" and "multiplier" in data)]
    for key in missing:
        hint = FAN_KEYS[key].description
        if fans:
            hint = f"no parent rule set has a fan {number}, so this file adds a new fan, which needs every key; " + hint
        ctx.error(data.start, "R004", f"missing key '{key}' in fan {number}", hint)
    for key in ("excludes_add", "excludes_remove"):
        if key in data:
            ctx.error(data.key_pos[key], "R014", f"'{key}' only applies when overriding a parent's fan; fan {number} is new", "use 'excludes' for a new fan")
    return None if missing else _RawFan(fields={}, origins={}, ctx={}, nodes={}, positions={})


def _apply(data: YMap, ctx: FileContext, raw: _RawFan) -> None:
    """A fan file's well-typed keys over the fan's, the exclusions edited as the file says. A file that
    rewrites the English description without a Chinese one drops the parent's Chinese description,
    which would describe the fan as it was."""
    if "description" in data and "description_zh" not in data:
        raw.fields.pop("description_zh", None)
    if "value" in data and "multiplier" in data:
        ctx.error(data.key_pos["multiplier"], "R005", "a fan has a value or a multiplier, not both", FAN_KEYS["multiplier"].description)
    elif "value" in data:
        raw.fields.pop("multiplier", None)  # a variant's value replaces its parent's multiplier
    for key, value in data.items():
        if key not in FAN_KEYS or not type_ok(value, FAN_KEYS[key].type):
            continue
        if key in ("excludes_add", "excludes_remove"):
            raw.origins["excludes"] = ctx.where(data.value_pos[key])  # the exclusions were last changed here
        if key in ("excludes", "excludes_add"):
            items = [(item, pos, ctx) for item, pos in zip(value, value.item_pos)]
            raw.exclusions = raw.exclusions + items if key == "excludes_add" else items
            if key == "excludes_add":
                continue
        if key == "excludes_remove":
            raw.fields.setdefault("excludes_remove", []).append((value, ctx))
            continue
        raw.fields[key] = value
        raw.origins[key] = ctx.where(data.value_pos[key])
        raw.ctx[key] = ctx
        raw.nodes[key] = data
        raw.positions[key] = data.value_pos[key]


def _refs(fans: dict[int, _RawFan]) -> dict[str, int]:
    """Each fan by its names and its number; a number always means the fan of that number (a name
    that reads as a number is refused in build_ruleset)."""
    out: dict[str, int] = {}
    for number, raw in fans.items():
        for key in ("name_zh", "name_en"):
            if isinstance(raw.fields.get(key), str):
                out[raw.fields[key].casefold()] = number
        out.update((alias.casefold(), number) for alias in _aliases(raw))
    out.update((str(number), number) for number in fans)
    return out


def _ref_list(data: YMap, key: str) -> list[tuple[tuple[int, int], Any]]:
    value = data.get(key)
    if not isinstance(value, YList):
        return []
    return list(zip(value.item_pos, value))


# --- building the rule set -----------------------------------------------------------------------


def _removed(raw: _RawFan, by_ref: dict[str, int], disabled: set[str]) -> set[int]:
    """The fans a variant's ``excludes_remove`` takes out of the exclusions (a disabled one is no error)."""
    removed: set[int] = set()
    for value, ctx in raw.fields.get("excludes_remove", []):
        for pos, ref in zip(value.item_pos, value):
            target = by_ref.get(_norm(ref))
            if target is None:
                if _norm(ref) not in disabled:
                    ctx.error(pos, "R006", f"unknown fan {ref!r} in excludes_remove", _ref_hint(ref, by_ref))
            else:
                removed.add(target)
    return removed


def _exclusion_item(item: Any, pos: tuple[int, int], ctx: FileContext) -> tuple[Any, tuple[int, int], int | None, str] | None:
    """(fan, its position, count, scope) of one exclusion as written, or None (reported)."""
    if isinstance(item, YMap):
        if not ctx.check_keys(item, EXCLUSION_KEYS, "an exclusion"):
            return None
        count = item.get("count")
        if count is not None and count < 1:
            ctx.error(item.value_pos["count"], "R005", "count must be at least 1")
            return None
        return item["fan"], item.value_pos["fan"], count, item.get("scope", "all")
    if type_ok(item, "ref"):
        return item, pos, None, "all"
    ctx.error(pos, "R005", f"an exclusion must be a fan name or number, or a mapping with 'fan', not {shown(item)}")
    return None


def _exclusions(raw: _RawFan, number: int, by_ref: dict[str, int], disabled: set[str]) -> tuple[Exclusion, ...]:
    """A fan's exclusions after excludes_add/excludes_remove; exclusions of disabled fans are dropped."""
    removed = _removed(raw, by_ref, disabled)
    out: list[Exclusion] = []
    for item, pos, ctx in raw.exclusions:
        written = _exclusion_item(item, pos, ctx)
        if written is None:
            continue
        ref, ref_pos, count, scope = written
        target = by_ref.get(_norm(ref))
        if target is None:
            if _norm(ref) not in disabled:
                ctx.error(ref_pos, "R006", f"unknown fan {ref!r} in the exclusions of fan {number}", _ref_hint(ref, by_ref))
            continue
        if target not in removed:
            out.append(Exclusion(target, count, scope))
    return tuple(out)


def _examples(raw: _RawFan, fans_dir: str) -> tuple[Example, ...]:
    """The examples of a fan. An inherited example (from a parent's fan file) keeps its count but not
    its total: the parent's totals need not hold once a variant changes other fans."""
    items = raw.fields.get("examples") or []
    ctx = raw.ctx.get("examples")
    if ctx is None:
        return ()
    own = Path(ctx.path).parent == Path(fans_dir)
    out: list[Example] = []
    for item, pos in zip(items, getattr(items, "item_pos", [])):
        if not isinstance(item, YMap):
            ctx.error(pos, "R005", "an example must be a mapping with 'hand' and 'count'")
            continue
        if not ctx.check_keys(item, EXAMPLE_KEYS, "an example", context_keys=True):
            continue
        context = {k: v for k, v in item.items() if k not in EXAMPLE_ONLY}
        out.append(Example(hand=item["hand"], count=item["count"], context=context, total=item.get("total") if own else None,
                           note=item.get("note", ""), where=ctx.where(pos), win=item.get("win") if own else None))
    return tuple(out)


class _Limits:
    """What is left of a rule set's budgets for predicate text and predicate cost while it is built."""

    def __init__(self) -> None:
        self.text = MAX_PREDICATE_TEXT
        self.cost = MAX_RULESET_COST


def _aliases(raw: _RawFan) -> list[str]:
    """The fan's aliases that are text (a list item of another type is reported by _check_names)."""
    value = raw.fields.get("aliases", ())
    return [a for a in value if isinstance(a, str)] if isinstance(value, list) else []


def _check_names(raw: _RawFan, number: int, seen_names: dict[str, int]) -> None:
    """A fan's names and aliases: text, not a number, and no other fan's (nor the same twice)."""
    f = raw.fields
    names = [(key, f[key]) for key in ("name_zh", "name_en") if isinstance(f.get(key), str)]
    for item in f.get("aliases", ()) if isinstance(f.get("aliases"), list) else ():
        if not isinstance(item, str) or not item.strip():
            raw.ctx["aliases"].error(raw.positions["aliases"], "R005", f"fan {number}: an alias must be a name in words, not {item!r}")
        else:
            names.append(("aliases", item))
    for key, text in names:
        name = text.casefold()
        if name.strip().isdigit():
            raw.ctx[key].error(raw.positions[key], "R005", f"{key} '{text}' reads as a fan number", "a fan is referred to by its number or its name: give it a name in words")
        elif name in seen_names:
            what = key if key != "aliases" else "name (an alias)"
            raw.ctx[key].error(raw.positions[key], "R008", f"fan {number} has the same {what} as fan {seen_names[name]}: {text}", "names must be unique")
        seen_names[name] = number
    if "multiplier" in f and isinstance(f["multiplier"], int) and f["multiplier"] < 2:
        raw.ctx["multiplier"].error(raw.positions["multiplier"], "R005", "multiplier must be at least 2", FAN_KEYS["multiplier"].description)


def _shows(raw: _RawFan, sink: list[Diagnostic]) -> Compiled | None:
    """A fan's ``shows`` rule compiled: an each rule over sets, or a located diagnostic (R005)."""
    if not isinstance(raw.fields.get("shows"), str):
        return None
    ctx, where = raw.ctx["shows"], raw.positions["shows"]
    origin, text = predicate_origin(ctx.path, ctx.lines, raw.nodes["shows"], "shows")
    compiled, diags = compile_predicate(text or raw.fields["shows"], origin)
    sink.extend(diags)
    if compiled is not None and not (compiled.is_each and compiled.binds_sets and compiled.arity == 1):
        ctx.error(where, "R005", "'shows' must be an each rule over one set, such as: each p in pungs where concealed(p)",
                  FAN_KEYS["shows"].description)
        return None
    return compiled


def _compile(raw: _RawFan, limits: _Limits, sink: list[Diagnostic]) -> Compiled | None:
    """A fan's compiled predicate within what is left of the rule set's budgets (RuleSetError past them)."""
    f = raw.fields
    if not isinstance(f.get("predicate"), str):
        return None
    pctx, where = raw.ctx["predicate"], raw.positions["predicate"]
    limits.text -= len(f["predicate"])
    if limits.text < 0:
        pctx.error(where, "R016", f"the predicates of the rule set hold more than {MAX_PREDICATE_TEXT} characters in all",
                   "MCR's 81 predicates hold under 6,000")
        raise RuleSetError(sink)
    origin, block_text = predicate_origin(pctx.path, pctx.lines, raw.nodes["predicate"], "predicate")
    f["predicate"] = block_text or f["predicate"]
    compiled, diags = compile_predicate(f["predicate"], origin)
    sink.extend(diags)
    limits.cost -= compiled.record.cost if compiled is not None and compiled.record is not None else 0
    if limits.cost < 0:
        pctx.error(where, "R016", f"with this predicate the conditions of the rule set could run more than {MAX_RULESET_COST} times per reading in all",
                   "MCR's add up to under 2,000: use fewer or cheaper quantifiers")
        raise RuleSetError(sink)
    return compiled


def _fans(fields: dict[str, Any], raw_fans: dict[int, _RawFan], by_ref: dict[str, int], sink: list[Diagnostic]) -> list[Fan]:
    """The fans, compiled, in number order; none once any problem is found (only the diagnostics count then)."""
    seen_names: dict[str, int] = {}
    fans: list[Fan] = []
    limits = _Limits()
    for number in sorted(raw_fans):
        raw = raw_fans[number]
        f = raw.fields
        _check_names(raw, number, seen_names)
        compiled = _compile(raw, limits, sink)
        shows = _shows(raw, sink)
        excludes = _exclusions(raw, number, by_ref, fields.get("disabled", set()))
        examples = _examples(raw, fields["fans_dir"])
        if compiled is None or sink:  # the rule set will not load: only collect the diagnostics
            continue
        multiplier = f.get("multiplier", 0)
        fans.append(Fan(number=number, name_zh=f["name_zh"], name_en=f["name_en"], points=0 if multiplier else f["value"], description=f.get("description", ""),
                        predicate=f["predicate"], compiled=compiled, excludes=excludes, examples=examples, bonus=bool(f.get("bonus", False)),
                        where=raw.origins.get("number", raw.origins["predicate"]), origins=dict(raw.origins), sources=tuple(f.get("sources", ())),
                        aliases=tuple(_aliases(raw)), description_zh=f.get("description_zh", ""), shows=shows,
                        multiplier=multiplier, alone=bool(f.get("alone", False))))
    return fans


def build_ruleset(path: Path) -> RuleSet:
    sink: list[Diagnostic] = []
    if not is_file(path):  # a link is followed (or refused) by read_text
        hint = f"shipped rule sets: {', '.join(shipped_rulesets())}; or give a folder with {RULESET_FILE}"
        raise RuleSetError([Diagnostic(file=str(path), line=1, column=1, code="R013", message="no rule set here", hint=hint)])
    fields, raw_fans, chain, origins = _collect(path, sink, (), Budget())
    if any(d.code == PARENT for d in sink):
        raise RuleSetError(without_cascade(sink))
    if len(raw_fans) > MAX_FANS:
        sink.append(Diagnostic(file=str(path), line=1, column=1, code="R016", message=f"the rule set has {len(raw_fans)} fans; the limit is {MAX_FANS}",
                               hint="MCR has 81 fans"))
        raise RuleSetError(sink)
    report_rules(fields)
    by_ref = _refs(raw_fans)
    fans = _fans(fields, raw_fans, by_ref, sink)
    families = resolve_families(fields, by_ref)
    check_tie_refs(fields, by_ref)
    win_requires, win_text = compile_win_requires(fields, sink)
    save_predicate_cache()
    file_cache().save()
    if sink:
        raise RuleSetError(without_cascade(sink))
    return RuleSet(name=fields.get("name", path.parent.name), title=fields.get("title", ""), version=str(fields.get("version", "")),
                   description=fields.get("description", ""),
                   title_zh=fields.get("title_zh", ""), description_zh=fields.get("description_zh", ""), minimum=fields.get("minimum", 0), sources=tuple(fields.get("sources", ())),
                   fans=tuple(fans), path=str(path), chain=tuple(Path(c).parent.name for c in chain), origins=origins,
                   sections=fields.get("sections", {}), families=families, notices=fields.get("notices", ()), cap=fields.get("cap"),
                   principles=fields.get("principles", ALL_PRINCIPLES), shapes=fields.get("shapes"), win_requires=win_requires,
                   win_requires_text=win_text)
