"""The core of fanrules: tiles, hands and their win context, blocks and readings, the hand notation and
JSON records. It imports nothing else of fanrules; every other layer builds on it."""
from __future__ import annotations

from .blocks import KINDS, NO_SET, Block, Kind, Reading, Shape, block_code, every_block
from .context import (
    ALIASES,
    ANNOTATION_KEYS,
    CONTEXT_NAMES,
    DEFAULTS,
    FACTS,
    NOT_TAKEN,
    Context,
    ContextKeywords,
    Fact,
    context_values,
    is_annotation,
    unknown_key,
)
from .errors import CliError, Diagnostic, ErrorKind, ExitCode, FanrulesError, HandError, InvalidHandError, NotAWinError, Outcome, RuleSetError, UnknownFanError
from .hand import Hand, Meld, MeldKind, format_hand, validate
from .inputs import HandInput, Waiting, to_hand, to_waiting
from .jsonio import hand_from_record, hand_to_record
from .notation import parse_hand
from .tiles import TILE_CODES, TILE_INDEX, NamedTile, Tile, TileLike, parse_tile, tile_code

__all__ = [
    "ALIASES", "ANNOTATION_KEYS", "CONTEXT_NAMES", "DEFAULTS", "FACTS", "KINDS", "NOT_TAKEN", "NO_SET", "TILE_CODES", "TILE_INDEX", "Block", "CliError", "Context",
    "Diagnostic", "ErrorKind", "ExitCode", "Fact", "ContextKeywords", "FanrulesError", "Hand", "HandError", "HandInput", "InvalidHandError", "Kind", "Meld", "MeldKind",
    "NamedTile", "NotAWinError", "Outcome", "Reading", "RuleSetError", "Shape", "Tile", "TileLike", "UnknownFanError", "Waiting", "block_code", "context_values",
    "every_block", "format_hand", "hand_from_record", "hand_to_record", "is_annotation", "parse_hand", "parse_tile", "tile_code",
    "to_hand", "to_waiting",
    "unknown_key", "validate",
]
