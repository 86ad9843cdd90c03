"""Reading the files of a rule set, and nothing else: regular files inside the rule set's own folder,
sizes checked before reading, never a device, a FIFO or a file reached through a link that leaves the
folder. A refusal names the path and the reason, never the file's content."""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path

from .yamlpos import MAX_FILE_BYTES, read_yaml

RULESET_FILE = "ruleset.yaml"
#: All the files of a rule set and its parents together hold at most this many bytes.
MAX_RULESET_BYTES = 2_000_000
#: A fans folder holds at most this many fan files (the shipped ones: 81).
MAX_FAN_FILES = 200


class Refused(Exception):
    """A file the loader will not read, with the reason in words (never its content) and its code:
    R015 outside the folder or not a regular file, R010 too large, R000 unreadable."""

    def __init__(self, reason: str, code: str = "R015") -> None:
        super().__init__(reason)
        self.code = code


class NotText(Refused):
    """A file that is not UTF-8 text, so no rule file (R000)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason, "R000")


@dataclass
class Budget:
    """What one load may still read (bytes in all, shared by every file of the chain), and the folders
    it resolved."""

    left: int = MAX_RULESET_BYTES
    roots: dict[Path, str] = field(default_factory=dict)


def inside(path: Path, folder: Path, roots: dict[Path, str] | None = None) -> Path:
    """``path`` with every link resolved, if that is inside ``folder`` (resolved too, and remembered in
    ``roots``); else Refused."""
    try:
        root = roots.get(folder) if roots is not None else None
        if root is None:
            root = os.path.realpath(folder, strict=True)
            if roots is not None:
                roots[folder] = root
        real = _in_resolved(path, roots) or os.path.realpath(path, strict=True)
    except (OSError, RuntimeError, ValueError) as err:  # missing, a loop of links, a name too long or with a NUL
        raise Refused(_reason(err), "R000" if isinstance(err, FileNotFoundError) else "R015") from None
    if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
        raise Refused(f"it leads outside the rule set's folder {root}")
    return Path(real)


def _in_resolved(path: Path, roots: dict[Path, str] | None) -> str | None:
    """``os.path.realpath(path)`` when ``path`` is no link and its folder's real path is remembered in
    ``roots`` (else worked out and remembered): the real path of its folder and its name. None when
    that does not apply (a link, a name such as ``..``, no ``roots``) or fails: realpath then says why.
    (realpath asks the system about each part of each path anew; a rule set's files share their
    folders, so each folder is resolved once at start-up.)"""
    if roots is None or path.name in ("", ".", ".."):
        return None
    try:
        parent = roots.get(path.parent)
        if parent is None:
            parent = roots[path.parent] = os.path.realpath(path.parent, strict=True)
        real = os.path.join(parent, path.name)
        return None if stat.S_ISLNK(os.lstat(real).st_mode) else real
    except (OSError, ValueError):
        return None


def read_text(path: Path, folder: Path, budget: Budget) -> str:
    """The UTF-8 text of the regular file ``path`` inside ``folder``; Refused with the reason otherwise.
    The size is checked on the opened file before anything is read, and no more than the limit is read."""
    real = inside(path, folder, budget.roots)
    try:
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError as err:
        raise Refused(_reason(err), "R000") from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise Refused("it is not a regular file")
        limit = min(MAX_FILE_BYTES, budget.left)
        if info.st_size > limit:
            raise Refused(_too_big(info.st_size, limit), "R010")
        data = f.read(limit + 1)
    if len(data) > limit:  # it grew while being read
        raise Refused(_too_big(len(data), limit), "R010")
    budget.left -= len(data)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise NotText(f"it is not UTF-8 text (byte {err.start + 1})") from None


def fan_files(folder: Path, root: Path) -> list[Path]:
    """The ``*.yaml`` files of a fans folder inside ``root``, sorted; Refused when the folder leads
    outside ``root`` or holds more than MAX_FAN_FILES of them (counted before any is read)."""
    real = inside(folder, root)
    if not real.is_dir():
        raise Refused("it is not a folder")
    found: list[Path] = []
    for entry in os.scandir(real):
        if entry.name.endswith(".yaml"):
            found.append(Path(entry.path))
            if len(found) > MAX_FAN_FILES:
                raise Refused(f"it holds more than {MAX_FAN_FILES} fan files", "R016")
    return sorted(found)


def shipped_root() -> Path:
    """The folder of the shipped rule sets (from its package's spec, not importlib.resources: see dsl/cache.py)."""
    spec = find_spec("fanrules.rules")
    return Path(spec.submodule_search_locations[0] if spec and spec.submodule_search_locations else ".")


def _shipped(name: str) -> Path | None:
    candidate = shipped_root() / name / RULESET_FILE
    return candidate if is_file(candidate) else None


def shipped_rulesets(aliases: bool = False) -> list[str]:
    """Names of the rule sets shipped in the package; with ``aliases``, also their old names (``alias_of``)."""
    root = shipped_root()
    return sorted(p.parent.name for p in root.glob(f"*/{RULESET_FILE}") if aliases or not _is_alias(p))


def _is_alias(path: Path) -> bool:
    """Whether a shipped ruleset.yaml is an old name of another rule set."""
    data = read_yaml(str(path), path.read_text(encoding="utf-8"))[0]
    return isinstance(data, dict) and "alias_of" in data


def resolve(spec: str | Path, base: Path | None = None) -> Path:
    """The ruleset.yaml of a shipped name, a directory or a file."""
    if isinstance(spec, str) and "/" not in spec and not spec.endswith((".yaml", ".yml")):
        shipped = _shipped(spec)
        if shipped is not None and not (base and (is_folder(base / spec) or (base / spec).is_symlink())):
            return shipped
    path = Path(spec)
    if base is not None and not path.is_absolute():
        path = base / path
    if is_folder(path):
        path = path / RULESET_FILE
    return path


def parent_ruleset(spec: str, base: Path) -> Path | None:
    """The ruleset.yaml that ``extends: spec`` names: a shipped rule set, or a folder holding a
    ruleset.yaml (or that file itself). Anything else names no rule set and is never opened."""
    try:
        path = resolve(spec, base)
        if path.name != RULESET_FILE or not (path.is_file() or path.is_symlink()):
            return None
    except (OSError, ValueError):  # a name too long, or with a NUL
        return None
    return located(path)


def located(path: Path) -> Path:
    """``path`` with the links of its folder resolved but not its own: read_text then reads it only if
    it is, or leads to, a file inside that folder."""
    try:
        return path.parent.resolve(strict=True) / path.name
    except (OSError, RuntimeError, ValueError):
        return path


def _too_big(size: int, limit: int) -> str:
    if limit < MAX_FILE_BYTES:
        return f"the rule set's files would hold more than {MAX_RULESET_BYTES} bytes in all"
    return f"the file is larger than {MAX_FILE_BYTES} bytes ({size} bytes)"


def is_file(path: Path) -> bool:
    """Whether ``path`` is a file or a link (False for a name the system cannot even look up)."""
    try:
        return path.is_file() or path.is_symlink()
    except (OSError, ValueError):
        return False


def is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder (False for a name the system cannot even look up)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _reason(err: BaseException) -> str:
    if isinstance(err, ValueError):
        return "its name holds a NUL character"
    if isinstance(err, RuntimeError) or getattr(err, "errno", None) == 40:  # ELOOP
        return "it is a loop of symbolic links"
    if isinstance(err, FileNotFoundError):
        return "it does not exist"
    if isinstance(err, PermissionError):
        return "permission denied"
    return getattr(err, "strerror", None) or type(err).__name__
