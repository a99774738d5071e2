"""The replay viewer: one self-contained HTML page per match (`arena replay --html`).

The page embeds the match record (``_export``) and, for every step of its timeline, what each
view may know, made here by re-simulating the match in the engine:

- ``public``: ``observation(None)``, what a spectator saw;
- ``seat N``: ``observation(N)``, only in a revealed record (the match is over and its deal
  spent): as seat N saw it;
- ``all``: the engine's ``snapshot()`` (every hand, deck order), revealed records only.

A view holds nothing its viewer may not know: a public page carries no seat's observation, no
seed, no action text. Frames are stored as the top-level fields that changed since the step
before (a match repeats most of its state from step to step). ``viewer.js`` draws each game's
board in SVG from them, and writes every text from bots with ``textContent``; the page's
Content-Security-Policy allows that one script (by its hash) and no fetch at all, so it
works from ``file://`` and from a mail, and makes no network request.
"""

from __future__ import annotations

import base64
import dataclasses
import gzip
import hashlib
import html
import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import engine
from arena._codec import to_jsonable

from ._export import export_record, replay_state, spent_deals
from ._records import MatchRecord
from ._store import Store

_HERE = Path(__file__).parent


class Deltas:
    """A view's frames, each as the top-level fields that differ from the frame before.

    Only the fields that changed are turned into JSON data: an observation is a frozen
    dataclass, so its fields compare as they are (a mutable one, which the engine might go on
    changing, as a copy); anything else (a snapshot) is compared by its JSON text.
    """

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []
        self._last: dict[str, Any] = {}

    def add(self, frame: Any) -> None:
        """Append ``frame``, as its changes."""
        self.frames.append(self.changes(frame))

    def changes(self, frame: Any) -> dict[str, Any]:
        """The fields of ``frame`` that differ from the frame before (and the next frame is
        compared with this one)."""
        last = self._last
        if dataclasses.is_dataclass(frame) and not isinstance(frame, type):
            now = {f.name: _unshared(getattr(frame, f.name)) for f in dataclasses.fields(frame)}
            changed = {k: _data(v) for k, v in now.items() if k not in last or last[k] != v}
        else:
            items = frame.items() if isinstance(frame, Mapping) else [("value", frame)]
            now = {str(k): json.dumps(v, default=_jsonable) for k, v in items}
            changed = {k: json.loads(v) for k, v in now.items()
                       if k not in last or last[k] != v}
        self._last = now
        return changed


_SCALARS = frozenset({int, float, str, bool, type(None)})


def _data(value: Any) -> Any:
    """``to_jsonable(value)``, with a shortcut for a tuple of plain values (a board's cells:
    the bulk of an observation, walked item by item otherwise)."""
    if type(value) is tuple and all(type(item) in _SCALARS for item in value):
        return list(value)
    return to_jsonable(value)


def _unshared(value: Any) -> Any:
    """``value``, or a JSON copy of it if it is a mutable container (kept to compare with the
    next frame, it must not change with the engine's state)."""
    return to_jsonable(value) if isinstance(value, (list, dict, set)) else value


def _jsonable(value: Any) -> Any:
    """What ``json.dumps`` cannot write itself (sets, enums, dataclasses) as JSON data; an odd
    value of a game's own, as text."""
    converted = to_jsonable(value)
    return repr(converted) if converted is value else converted


def viewer_data(record: MatchRecord, reveal: bool) -> dict[str, Any]:
    """What the page embeds: the record (see ``export_record``), the game's static data,
    and, per step (0: before the first), the frame of every view the record allows (each view's
frames interleaved, step by step: what changes together compresses together)."""
    data = export_record(record, reveal)
    state = replay_state(record)
    seats = range(len(record.seats))
    views: dict[str, Deltas] = {"public": Deltas()}
    if reveal:
        views.update({f"seat {seat}": Deltas() for seat in seats})
        views["all"] = Deltas()

    def take() -> None:
        views["public"].add(state.observation(None))
        if reveal:
            for seat in seats:
                views[f"seat {seat}"].add(state.observation(seat))
            views["all"].add(_without_rng(state.snapshot()))

    take()
    for step in record.actions():
        state.apply(step)
        take()
    steps = [{name: deltas.frames[i] for name, deltas in views.items()}
             for i in range(len(record.steps) + 1)]
    return {"record": data, "static": static_data(record.game), "steps": steps}


def _without_rng(snapshot: Any) -> Any:
    """A snapshot less its random generator's state: thousands of numbers nobody reads (the
    deck order it holds is drawn already, in the snapshot's own fields)."""
    if isinstance(snapshot, dict):
        return {k: v for k, v in snapshot.items() if "rng" not in str(k)}
    return snapshot


@cache
def static_data(game: str) -> Any:
    """A game's static data as JSON data (card names, tile kinds, the board graph)."""
    return to_jsonable(engine.get(game).static_data)


@cache
def _asset(name: str) -> str:
    return (_HERE / name).read_text(encoding="utf-8")


def script_hash(script: str) -> str:
    """The CSP source that allows exactly ``script``."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"


def page(data: Mapping[str, Any], title: str, *, live_url: str | None = None) -> str:
    """The viewer page of ``data`` (``viewer_data``'s form). ``live_url``: a path on the
    same server that the page polls for new frames (the live page of ``arena serve``); the
    policy then allows fetches from the page's own origin, and nothing else."""
    script = _asset("viewer.js")
    connect = "'self'" if live_url else "'none'"
    policy = (f"default-src 'none'; style-src 'unsafe-inline'; script-src {script_hash(script)}; "
              f"connect-src {connect}; img-src data:; form-action 'none'; base-uri 'none'")
    # Compressed, since a long match repeats itself (a 3,000-step Sol match: 36 MB of JSON,
    # 0.6 MB gzipped); base64 has no "<", so nothing in it can end the element early.
    text = json.dumps(data, separators=(",", ":"), allow_nan=False, default=repr)
    embedded = base64.b64encode(gzip.compress(text.encode(), 6, mtime=0)).decode()
    live = f" data-live='{html.escape(live_url, quote=True)}'" if live_url else ""
    return (
        "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
        f"<meta http-equiv='Content-Security-Policy' content=\"{html.escape(policy)}\">"
        f"<meta name=viewport content='width=device-width'><title>{html.escape(title)}</title>"
        f"<style>{_asset('viewer.css')}</style></head><body{live}>"
        "<div id=app><p id=loading>loading the match...</p></div>"
        "<script type='application/octet-stream' id=match-data data-encoding='gzip+base64'>"
        f"{embedded}</script>"
        f"<script>{script}</script></body></html>\n")


def match_page(record: MatchRecord, reveal: bool) -> str:
    """The viewer page of a recorded match; ValueError when it does not replay here."""
    return page(viewer_data(record, reveal), f"{record.game} match {record.match_id}")


def embedded_data(page_text: str) -> dict[str, Any]:
    """The data a viewer page embeds (what a test searches for secrets)."""
    start = page_text.index("data-encoding='gzip+base64'>") + len("data-encoding='gzip+base64'>")
    encoded = page_text[start:page_text.index("</script>", start)]
    loaded: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(encoded)))
    return loaded


def write_viewers(store: Store, records: Sequence[MatchRecord], folder: Path
                  ) -> dict[str, str]:
    """Write the viewer page of each of ``records`` (with their steps) into ``folder``, made
    if need be; each page's address relative to the folder's parent, by match id (the
    report beside the folder links them). A match that does not replay here gets none."""
    addresses: dict[str, str] = {}
    spent = spent_deals(store)
    for record in records:
        try:
            text = match_page(record, spent(record))
        except (ValueError, LookupError):  # another version's game or tournament
            continue
        # Match ids come from the arena, but a file name must hold no path of any kind.
        name = re.sub(r"[^A-Za-z0-9._-]", "_", record.match_id)
        while f"{folder.name}/{name}.html" in addresses.values():
            name += "_"
        folder.mkdir(exist_ok=True)
        (folder / f"{name}.html").write_text(text, encoding="utf-8")
        addresses[record.match_id] = f"{folder.name}/{name}.html"
    return addresses
