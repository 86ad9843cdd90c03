"""``--checkpoint DIR``: each finished chunk's result kept in its own file, written atomically, under a
manifest naming the study (its arguments and the rule sets' hashes). A rerun of the same study reads
the chunks found instead of running them; a folder made by another study is refused, so that results
of different studies are never merged. The chunk files are plain JSON read back into the class the
caller names, every value's type checked: a folder is data. Each chunk carries a digest of its index
and content keyed by the study's manifest, so a chunk edited, planted, or copied from another study
or another index does not match: it is run again, with a one-line notice, and never counted."""
from __future__ import annotations

import hashlib
import json
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Generic, TypeVar

from ..core.errors import FanrulesError
from ..core.files import replaced
from .codec import from_plain, to_plain

MANIFEST = "study.json"
_R = TypeVar("_R")


class CheckpointError(FanrulesError):
    """A checkpoint folder that cannot be used for this study: one line for people."""


class Checkpoint(Generic[_R]):
    """The checkpoint folder ``folder`` of the study described by ``manifest`` (JSON values), whose
    chunks give a ``kind`` (a dataclass) and their log lines."""

    def __init__(self, folder: str, manifest: dict[str, Any], kind: type[_R]) -> None:
        self.folder = Path(folder)
        self.manifest = manifest
        self.kind = kind
        self.reused = 0
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise CheckpointError(f"--checkpoint {folder}: cannot make the folder: {err.strerror}") from None
        path = self.folder / MANIFEST
        if path.exists():
            try:
                found = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as err:
                raise CheckpointError(f"--checkpoint {folder}: unreadable {MANIFEST}: {err}") from None
            changed = sorted(key for key in set(found) | set(manifest) if found.get(key) != manifest.get(key))
            if changed:
                what = ", ".join(f"{key} {found.get(key)!r} there, {manifest.get(key)!r} now" for key in changed)
                raise CheckpointError(f"--checkpoint {folder} holds another study ({what}): rerun with its "
                                      "arguments and rule sets, or give a new folder")
        else:
            with replaced(str(path), "w", what="--checkpoint") as out:
                out.write(json.dumps(manifest, sort_keys=True, ensure_ascii=False) + "\n")

    def _chunk(self, index: int) -> Path:
        return self.folder / f"chunk-{index}.json"

    def digest(self, index: int, result: Any, lines: Any) -> str:
        """The digest of chunk ``index``'s plain result and lines, keyed by this study's manifest."""
        text = json.dumps([self.manifest, index, result, lines], sort_keys=True, ensure_ascii=False)
        return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def has(self, index: int) -> bool:
        """Whether chunk ``index`` was finished and saved by this study, as saved: a chunk file that does
        not match is noted in one line and its chunk run again."""
        path = self._chunk(index)
        if not path.is_file():
            return False
        try:
            self._read(index)
        except CheckpointError as err:
            print(f"fanrules: {err}: running it again", file=sys.stderr)
            return False
        return True

    def load(self, index: int) -> tuple[_R, list[str]]:
        """Chunk ``index``'s result and log lines as saved; CheckpointError for a file that does not hold them."""
        found = self._read(index)
        self.reused += 1
        return found

    def _read(self, index: int) -> tuple[_R, list[str]]:
        path = self._chunk(index)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or sorted(data) != ["digest", "lines", "result"]:
                raise ValueError("an object with result, lines and digest was expected")
            if data["digest"] != self.digest(index, data["result"], data["lines"]):
                raise ValueError("it does not match this study, its index or its content")
            result = from_plain(data["result"], self.kind)
            lines = data["lines"]
            if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
                raise ValueError("lines: a list of strings was expected")
        except OSError as err:
            raise CheckpointError(f"--checkpoint {self.folder}: cannot read {path.name}: {err.strerror}") from None
        except (ValueError, RecursionError) as err:  # not UTF-8, not JSON, or not a chunk's result
            raise CheckpointError(f"--checkpoint {self.folder}: {path.name} is not a saved chunk of this study ({err})") from None
        return result, lines

    def save(self, index: int, result: _R, lines: list[str]) -> None:
        """Keep chunk ``index``'s result: a file appears whole or not at all."""
        with replaced(str(self._chunk(index)), "w", what="--checkpoint") as out:
            plain = to_plain(result)
            out.write(json.dumps({"result": plain, "lines": lines, "digest": self.digest(index, plain, lines)}, ensure_ascii=False) + "\n")


class Resume(Generic[_R]):
    """A study's chunks through a checkpoint: ``tasks`` leaves out the chunks saved there, ``collect``
    saves each chunk run and hands on, in chunk order, the saved ones before it, ``finish`` those after
    the last one run; ``forward`` sees every chunk's result in order, as without a checkpoint."""

    def __init__(self, checkpoint: Checkpoint[_R], forward: Callable[[_R, list[str]], None]) -> None:
        self.checkpoint, self.forward = checkpoint, forward
        self.running: deque[int] = deque()
        self.next = self.total = 0

    def tasks(self, tasks: Iterable[tuple[Any, ...]]) -> Iterator[tuple[Any, ...]]:
        for index, task in enumerate(tasks):
            self.total = index + 1
            if not self.checkpoint.has(index):
                self.running.append(index)
                yield task

    def _replay(self, stop: int) -> None:
        while self.next < stop:
            self.forward(*self.checkpoint.load(self.next))
            self.next += 1

    def collect(self, result: _R, lines: list[str]) -> None:
        index = self.running.popleft()
        self._replay(index)
        self.checkpoint.save(index, result, lines)
        self.forward(result, lines)
        self.next = index + 1

    def finish(self) -> None:
        self._replay(self.total)
