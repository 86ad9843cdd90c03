"""A rule set by content: its folder's files read once as bytes, named by a hash of them, and written
out again into a private temporary folder in each worker that needs them. Workers never open the path
the study was given, so a study runs the rule set it started with even if the folder changes or is
deleted meanwhile, and a cluster's workers need no shared file system."""
from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import FanrulesError

#: Files larger than this are not part of a rule set (the loader refuses far smaller ones).
MAX_BUNDLE_BYTES = 64 << 20


@dataclass(frozen=True)
class RuleBundle:
    """The files of a rule-set folder (paths relative to it, POSIX separators, sorted); ``digest``, the
    hash of names and contents that checkpoints record and workers check; ``origin``, the path the
    study was given, only ever shown (a game log's header names it), never opened by a worker."""

    files: tuple[tuple[str, bytes], ...]
    digest: str
    origin: str = ""


def _digest(files: tuple[tuple[str, bytes], ...]) -> str:
    h = hashlib.sha256()
    for name, data in files:
        for part in (name.encode("utf-8"), data):
            h.update(len(part).to_bytes(8, "little"))
            h.update(part)
    return "sha256:" + h.hexdigest()


class BundleError(FanrulesError, ValueError):
    """A rule-set folder that cannot travel as a bundle (too large, a link leaving it): one line."""


def _entries(folder: Path) -> list[tuple[str, Path, int]]:
    """(name, path, size) of every regular file under ``folder``, hidden ones and caches left out, found
    without following links to folders and sized by ``stat`` before anything is read; BundleError for
    a link that leads out of the folder, or a total over MAX_BUNDLE_BYTES."""
    root = folder.resolve()
    found: list[tuple[str, Path, int]] = []
    total = 0
    for where, dirs, names in os.walk(folder, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(n for n in names if not n.startswith(".")):
            path = Path(where, name)
            target = path.resolve()
            if path.is_symlink() and root not in target.parents:
                raise BundleError(f"the rule set folder {folder} holds a link leading out of it: {path.relative_to(folder).as_posix()}")
            if not target.exists():
                continue  # a dangling link
            info = target.stat()
            if not stat.S_ISREG(info.st_mode):
                continue
            total += info.st_size
            if total > MAX_BUNDLE_BYTES:
                raise BundleError(f"the rule set folder {folder} holds more than {MAX_BUNDLE_BYTES} bytes")
            found.append((path.relative_to(folder).as_posix(), target, info.st_size))
    return sorted(found, key=lambda entry: entry[0].split("/"))


def bundle_of(folder: Path, origin: str = "") -> RuleBundle:
    """Read every regular file under ``folder`` (hidden ones and caches left out) into a bundle: sizes
    checked before reading, links leading out of the folder refused (BundleError)."""
    files: list[tuple[str, bytes]] = []
    try:
        for name, path, size in _entries(folder):
            with open(path, "rb") as f:
                data = f.read(size + 1)
            if len(data) != size:
                raise BundleError(f"the rule set folder {folder} changed while it was read: {name}")
            files.append((name, data))
    except OSError as err:
        raise BundleError(f"the rule set folder {folder} cannot be read: {err.strerror or err}") from None
    frozen = tuple(files)
    return RuleBundle(frozen, _digest(frozen), origin)


_written: dict[str, Path] = {}
_lock = threading.Lock()


def folder_of(bundle: RuleBundle) -> Path:
    """The folder in this process holding ``bundle``'s files, written once per process and digest.
    The bytes are checked against the digest on every call, also when the folder already exists: a
    bundle damaged on the way is refused even if an intact one with its digest came first."""
    if _digest(bundle.files) != bundle.digest:
        raise ValueError(f"the rule set received does not match its hash {bundle.digest}")
    with _lock:
        known = _written.get(bundle.digest)
        if known is not None and known.is_dir():
            return known
        root = Path(tempfile.mkdtemp(prefix="fanrules-rules-"))
        for name, data in bundle.files:
            target = (root / name).resolve()
            if root.resolve() not in target.parents:
                shutil.rmtree(root, ignore_errors=True)
                raise ValueError(f"a rule set file name leaves its folder: {name!r}")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        _remember(root)
        _written[bundle.digest] = root
        return root


def _remember(root: Path) -> None:
    """Remove the folder when the process that wrote it exits normally (a forked worker, which exits
    without the exit handlers, leaves it to the temporary folder's cleaning)."""
    import atexit

    pid = os.getpid()

    def remove() -> None:
        if os.getpid() == pid:
            shutil.rmtree(root, ignore_errors=True)
    atexit.register(remove)
