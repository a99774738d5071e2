"""The server's log: the standard ``logging`` module, as text lines or one JSON object a line.

Every logger of the arena is under ``arena`` (``arena.server``, ``arena.ladder``,
``arena.store``). A record's ``fields`` (``extra={"fields": {...}}``) are what a machine
reads: in JSON they are keys of their own, in text they follow the message as ``key=value``.
Nothing secret is ever put in a record (tokens, the seeds of running matches).
"""

from __future__ import annotations

import json
import logging
import sys
from typing import IO, Any

FORMATS = ("text", "json")


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC, ISO 8601), level, logger, message, then fields."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line of JSON."""
        out: dict[str, Any] = {
            "time": self.formatTime(record),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        out.update(getattr(record, "fields", {}))
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str, ensure_ascii=False)

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        """ISO 8601 in UTC, to the millisecond."""
        from datetime import UTC, datetime
        return datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")


class TextFormatter(JsonFormatter):
    """``TIME LEVEL logger: message key=value ...``."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one text line (and a traceback, if any)."""
        fields = getattr(record, "fields", {})
        shown = "".join(f" {key}={_text(value)}" for key, value in fields.items())
        line = (f"{self.formatTime(record)} {record.levelname} {record.name}: "
                f"{record.getMessage()}{' |' + shown if shown else ''}")
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def _text(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    text = str(value)
    return json.dumps(text) if not text or any(c.isspace() for c in text) else text


def configure(level: str = "info", fmt: str = "text", stream: IO[str] | None = None) -> None:
    """Send the ``arena`` loggers to ``stream`` (stderr) at ``level`` in ``fmt``."""
    if fmt not in FORMATS:
        raise ValueError(f"log format {fmt!r} is not accepted; accepted: {', '.join(FORMATS)}")
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    root = logging.getLogger("arena")
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    root.propagate = False
