"""Running a study's chunks anywhere: on this machine's processes or on a Ray cluster (``executor``),
with the rule set shipped to the workers by content (``bundle``) and each finished chunk kept on disk
so that a rerun picks up where a killed one stopped (``checkpoint``). An edge layer: it knows nothing
of games or hands, only of workers, tasks and bytes."""
from __future__ import annotations

from .bundle import RuleBundle, bundle_of, folder_of
from .checkpoint import Checkpoint, CheckpointError
from .executor import BACKENDS, BackendError, Executor, executor

__all__ = ["BACKENDS", "BackendError", "Checkpoint", "CheckpointError", "Executor", "RuleBundle", "bundle_of", "executor",
           "folder_of"]
