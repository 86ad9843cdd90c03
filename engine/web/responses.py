"""What the web application's handlers share: the error a request is answered with, JSON answers,
the reading of a JSON body within its limits, and the files of the page."""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

import anyio
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response

from ..core.text import printable

#: The largest request body read, in bytes: a hand with its context takes a few hundred.
MAX_BODY = 16 * 1024
#: Seconds a request body may take to arrive.
TIMEOUT = 10.0


class WebError(Exception):
    """A request answered with an error: its HTTP status, kind and message."""

    def __init__(self, status: int, kind: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.kind, self.message = status, kind, message
        self.headers = headers or {}


def static_text(name: str) -> str:
    return resources.files("fanrules.web").joinpath("static", name).read_text(encoding="utf-8")


def json_response(status: int, payload: Any, headers: dict[str, str] | None = None) -> Response:
    return Response(json.dumps(payload, ensure_ascii=False).encode("utf-8"), status, headers, media_type="application/json; charset=utf-8")


async def read_json(request: Request, timeout: float) -> Any:
    """The decoded JSON body (chunked or not), at most MAX_BODY bytes arriving within ``timeout``
    seconds; WebError for anything else. A lone surrogate (``"\\ud800"``: not a character) and an
    integer too long to convert are refused here, as malformed bodies."""
    chunks: list[bytes] = []
    size = 0
    try:
        with anyio.fail_after(timeout):
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise WebError(413, "too_large", f"the request body is over {MAX_BODY} bytes; at most {MAX_BODY} are accepted")
                chunks.append(chunk)
    except ClientDisconnect:  # the answer goes nowhere; nothing to log either
        raise WebError(400, "invalid", "the client closed the connection before the body ended") from None
    except TimeoutError:
        raise WebError(408, "invalid", f"the request body did not arrive within {timeout:g} s") from None
    raw = b"".join(chunks)
    try:
        body = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except UnicodeDecodeError:
        raise WebError(400, "invalid", "the request body is not UTF-8 text") from None
    except UnicodeEncodeError:
        raise WebError(400, "invalid", "the request body holds a lone surrogate escape (such as \\ud800), which is not a character") from None
    except json.JSONDecodeError as err:
        raise WebError(400, "invalid", f"the request body is not valid JSON: {err.msg} at line {err.lineno} column {err.colno}") from None
    except ValueError as err:  # an integer of more digits than Python converts
        raise WebError(400, "invalid", f"the request body is not valid JSON: {printable(err)}") from None
    except RecursionError:
        raise WebError(400, "invalid", "the request body nests too deeply") from None
    return body


def _no_constant(word: str) -> float:
    """NaN and Infinity are not JSON."""
    raise ValueError(f"{word} is not a JSON value")


