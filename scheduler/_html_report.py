"""`arena report`: one self-contained HTML file from the results store.

Standings, a crosstable, the ratings as a bar chart with their 95% intervals, the ratings
over time, each bot's faults, and every match's record with its public move log. The file
needs nothing but itself: styles and the one small script are inline, the charts are inline
SVG, and a Content-Security-Policy forbids every fetch (``default-src 'none'``) and every
script but that one (by its SHA-256), so a report opened from a CI artifact or a mail
makes no network request, and a bot name that slipped past the escaping could run nothing.

Everything that comes from bots or the store (names, reasons, event texts, ids) goes through
``html.escape``. A match's move log gives who acted at each step and the public events
(``state.events_since(k, None)``); the actions' texts (what each seat chose: a hidden choice, a
discarded card) and the seed only once the match is over and its deal spent (every seat
rotation that shares its seed recorded, as ``GetMatch`` and the replay viewer decide), never
for a match that is unfinished or whose deal is still being played.
"""

from __future__ import annotations

import base64
import hashlib
import html
import math
import time
from collections.abc import Mapping, Sequence

import engine

from ._export import spent_deals
from ._ratings import fit_elo
from ._records import Faults, MatchRecord, places
from ._reports import Standing, groups, head_to_head, rated, standings
from ._store import Store

#: Matches whose move log is written (the newest); the others get their record only, since
#: a log is a replay of the match and a long history would make the file huge.
DEFAULT_LOGS = 100

#: Refits drawn in the ratings-over-time chart (each one a fit over a prefix of the matches).
TIMELINE_POINTS = 20

_PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
            "#7f7f7f", "#bcbd22", "#17becf")

_STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:80em}
h1{font-size:1.5em}h2{margin-top:2em;border-bottom:1px solid #ccc}h3{font-size:1.1em}
table{border-collapse:collapse;margin:.5em 0}
th,td{border:1px solid #ccc;padding:.2em .5em;text-align:right}
th:first-child,td.name{text-align:left}
td.self{background:#eee}.warn{color:#a40}
details{margin:.2em 0}summary{cursor:pointer}
ol.log{font-family:monospace;font-size:.9em;max-height:30em;overflow:auto}
svg text{font-size:12px;font-family:sans-serif}
.muted{color:#777}
"""

# The only script: buttons that open or close every match's log at once.
_SCRIPT = """
document.querySelectorAll("button[data-logs]").forEach(function (button) {
  button.addEventListener("click", function () {
    var open = button.getAttribute("data-logs") === "open";
    document.querySelectorAll("details.match").forEach(function (d) { d.open = open; });
  });
});
"""


def _e(value: object) -> str:
    """``value`` as HTML text or an attribute value (quotes escaped too)."""
    return html.escape(str(value), quote=True)


def _csp() -> str:
    digest = base64.b64encode(hashlib.sha256(_SCRIPT.encode()).digest()).decode()
    return (f"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{digest}'; "
            f"img-src data:; form-action 'none'; base-uri 'none'")


def _plus(a: Faults, b: Faults) -> Faults:
    return Faults(**{name: getattr(a, name) + getattr(b, name)
                     for name in Faults.__dataclass_fields__})


def fault_counts(records: Sequence[MatchRecord]) -> dict[str, Faults]:
    """Every bot's faults over ``records`` (aborted and unfinished matches included: a bot
    that timed out in them still did)."""
    counts: dict[str, Faults] = {}
    for record in records:
        for name in record.seats:
            counts.setdefault(name, Faults())
        for name, faults in zip(record.seats, record.faults, strict=False):
            counts[name] = _plus(counts[name], faults)
    return counts


def timeline(records: Sequence[MatchRecord], points: int = TIMELINE_POINTS
             ) -> list[tuple[int, dict[str, float]]]:
    """Ratings refitted after growing prefixes of the rated matches in the order they were
    recorded: ``(matches so far, {bot: elo})`` at up to ``points`` evenly spaced counts."""
    finished = sorted(rated(records), key=lambda r: r.ended_at)
    if not finished:
        return []
    n = len(finished)
    count = min(points, n)
    marks = sorted({max(1, round(n * (i + 1) / count)) for i in range(count)})
    out = []
    for mark in marks:
        fit = fit_elo([(r.seats, list(r.result.ranks))  # type: ignore[union-attr]
                       for r in finished[:mark]])
        out.append((mark, {bot: rating.elo for bot, rating in fit.items()}))
    return out


def move_log(record: MatchRecord, reveal: bool = False
             ) -> list[tuple[int, list[tuple[str, str | None]], list[str]]]:
    """A recorded match's log: ``(step, [(who acted, what they chose)], public events)`` per
    step, replayed from the seed in the engine; what they chose is None unless ``reveal``
    (see the module docstring). ValueError when it cannot be replayed."""
    try:
        game = engine.get(record.game)
    except LookupError as error:
        raise ValueError(f"the game {record.game!r} is not registered here ({error})") from None
    try:
        state = game.new_match(len(record.seats), record.seed, record.options)
        seen = 0
        lines = []
        for number, step in enumerate(record.actions(), 1):
            pending = state.pending() if reveal else {}
            who = [(record.seats[seat], pending[seat].action(step[seat]).text
                    if reveal else None) for seat in sorted(step)]
            state.apply(step)
            events = [event.text for event in state.events_since(seen, None)]
            seen = state.event_count
            lines.append((number, who, events))
    except (engine.EngineError, KeyError) as error:
        raise ValueError(f"the record does not replay in this version of the engine: "
                         f"{error}") from None
    return lines


def _standings_table(rows: Sequence[Standing]) -> str:
    head = ("<tr><th>bot</th><th>rank</th><th>Elo</th><th>95% interval</th><th>matches</th>"
            "<th>score</th><th>timeouts</th><th>crashes</th><th>illegal</th></tr>")
    body = "".join(
        f"<tr><td class=name>{_e(r.bot)}</td><td>{r.rank}</td><td>{r.elo:+.0f}</td>"
        f"<td>[{r.elo_low:+.0f}, {r.elo_high:+.0f}]</td><td>{r.matches}</td>"
        f"<td>{r.score:.1%}</td><td>{r.timeouts}</td><td>{r.crashes}</td><td>{r.illegal}</td>"
        f"</tr>" for r in rows)
    return f"<table class=standings>{head}{body}</table>"


def _crosstable(names: Sequence[str], records: Sequence[MatchRecord]) -> str:
    pairs = head_to_head(records)
    head = "<tr><th>row vs column</th>" + "".join(f"<th>{_e(n)}</th>" for n in names) + "</tr>"
    rows = []
    for me in names:
        cells = []
        for other in names:
            if other == me:
                cells.append("<td class=self></td>")
            elif (me, other) in pairs:
                wins, draws, losses = pairs[me, other]
                score = (wins + draws / 2) / (wins + draws + losses)
                cells.append(f"<td title='wins-draws-losses'>{wins}-{draws}-{losses} "
                             f"<span class=muted>({score:.0%})</span></td>")
            else:
                cells.append("<td></td>")
        rows.append(f"<tr><td class=name>{_e(me)}</td>{''.join(cells)}</tr>")
    return f"<table class=crosstable>{head}{''.join(rows)}</table>"


def _faults_table(names: Sequence[str], counts: dict[str, Faults]) -> str:
    head = ("<tr><th>bot</th><th>timeouts</th><th>crashes</th><th>disconnects</th>"
            "<th>illegal moves</th><th>malformed moves</th></tr>")
    body = "".join(
        f"<tr><td class=name>{_e(n)}</td><td>{c.timeouts}</td><td>{c.crashes}</td>"
        f"<td>{c.disconnects}</td><td>{c.illegal}</td><td>{c.malformed}</td></tr>"
        for n in names for c in [counts.get(n, Faults())])
    return f"<table class=faults>{head}{body}</table>"


def _ticks(low: float, high: float, count: int = 6) -> list[float]:
    """Round tick values covering [low, high]."""
    span = max(high - low, 1e-9)
    raw = span / count
    step = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * step:
            step *= factor
            break
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) / step) + 1)]


def ratings_chart(rows: Sequence[Standing], chart_id: str) -> str:
    """An inline SVG: one bar per bot from 0 to its Elo, with its 95% interval as an error
    bar; best on top."""
    label_width, width, bar_height = 170, 720, 22
    low = min([0.0, *(r.elo_low for r in rows)])
    high = max([0.0, *(r.elo_high for r in rows)])
    pad = max(high - low, 100.0) * 0.05
    low, high = low - pad, high + pad
    plot = width - label_width - 20

    def x(elo: float) -> float:
        return label_width + (elo - low) / (high - low) * plot

    height = 30 + bar_height * len(rows) + 10
    parts = [f"<svg id='{_e(chart_id)}' class='ratings' xmlns='http://www.w3.org/2000/svg' "
             f"width='{width}' height='{height}' role='img' "
             f"aria-label='ratings with 95% intervals'>"]
    for tick in _ticks(low, high):
        parts.append(f"<line x1='{x(tick):.1f}' x2='{x(tick):.1f}' y1='20' y2='{height - 10}' "
                     f"stroke='#eee'/><text x='{x(tick):.1f}' y='14' "
                     f"text-anchor='middle'>{tick:+.0f}</text>")
    parts.append(f"<line x1='{x(0):.1f}' x2='{x(0):.1f}' y1='20' y2='{height - 10}' "
                 f"stroke='#999'/>")
    for i, r in enumerate(rows):
        top = 25 + i * bar_height
        left, right = sorted((x(0), x(r.elo)))
        mid = top + (bar_height - 6) / 2
        color = _PALETTE[i % len(_PALETTE)]
        parts.append(
            f"<text x='{label_width - 6}' y='{mid + 4:.1f}' text-anchor='end'>{_e(r.bot)}</text>"
            f"<rect class='bar' data-bot='{_e(r.bot)}' x='{left:.1f}' y='{top}' "
            f"width='{max(right - left, 1):.1f}' height='{bar_height - 6}' fill='{color}' "
            f"fill-opacity='0.6'><title>{_e(r.bot)}: {r.elo:+.0f} "
            f"[{r.elo_low:+.0f}, {r.elo_high:+.0f}]</title></rect>"
            f"<line class='error-bar' x1='{x(r.elo_low):.1f}' x2='{x(r.elo_high):.1f}' "
            f"y1='{mid:.1f}' y2='{mid:.1f}' stroke='#000'/>"
            f"<line x1='{x(r.elo_low):.1f}' x2='{x(r.elo_low):.1f}' y1='{mid - 5:.1f}' "
            f"y2='{mid + 5:.1f}' stroke='#000'/>"
            f"<line x1='{x(r.elo_high):.1f}' x2='{x(r.elo_high):.1f}' y1='{mid - 5:.1f}' "
            f"y2='{mid + 5:.1f}' stroke='#000'/>")
    parts.append("</svg>")
    return "".join(parts)


def timeline_chart(points: Sequence[tuple[int, dict[str, float]]], names: Sequence[str],
                   chart_id: str) -> str:
    """An inline SVG: each bot's Elo (a line) against the number of matches fitted."""
    if not points:
        return "<p class=muted>no rated match yet</p>"
    width, height, left, right, top, bottom = 720, 300, 50, 170, 15, 30
    values = [elo for _, fit in points for elo in fit.values()]
    low, high = min(values + [0.0]), max(values + [0.0])
    pad = max(high - low, 50.0) * 0.05
    low, high = low - pad, high + pad
    last = points[-1][0]

    def x(matches: int) -> float:
        return left + (matches / last) * (width - left - right)

    def y(elo: float) -> float:
        return top + (high - elo) / (high - low) * (height - top - bottom)

    parts = [f"<svg id='{_e(chart_id)}' class='timeline' xmlns='http://www.w3.org/2000/svg' "
             f"width='{width}' height='{height}' role='img' aria-label='ratings over time'>"]
    for tick in _ticks(low, high):
        parts.append(f"<line x1='{left}' x2='{width - right}' y1='{y(tick):.1f}' "
                     f"y2='{y(tick):.1f}' stroke='#eee'/><text x='{left - 4}' "
                     f"y='{y(tick) + 4:.1f}' text-anchor='end'>{tick:+.0f}</text>")
    parts.append(f"<text x='{(left + width - right) / 2:.0f}' y='{height - 8}' "
                 f"text-anchor='middle'>matches rated (of {last})</text>")
    for i, name in enumerate(names):
        color = _PALETTE[i % len(_PALETTE)]
        line = " ".join(f"{x(m):.1f},{y(fit[name]):.1f}" for m, fit in points if name in fit)
        parts.append(f"<polyline class='line' data-bot='{_e(name)}' fill='none' "
                     f"stroke='{color}' stroke-width='2' points='{line}'/>"
                     f"<rect x='{width - right + 10}' y='{top + 16 * i}' width='10' height='10' "
                     f"fill='{color}'/><text x='{width - right + 24}' "
                     f"y='{top + 16 * i + 9}'>{_e(name)}</text>")
    parts.append("</svg>")
    return "".join(parts)


def _when(stamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(stamp)) if stamp else ""


def _match(record: MatchRecord, full: MatchRecord | None, logs: int, viewer: str | None,
           reveal: bool) -> str:
    """A match's record (a <details> whose summary is the outcome) with its move log (each
    seat's choices and the seed if ``reveal``) and a link to its replay viewer (``viewer``, a
    relative address) if it has one."""
    result = record.result
    if result is None:
        outcome = "unfinished"
        ranked = ", ".join(_e(s) for s in record.seats)
    else:
        ranked = places([_e(s) for s in record.seats], result.ranks, result.scores)
        outcome = result.termination.value + (f": {result.reason}" if result.reason else "")
    seats = "".join(
        f"<tr><td>{seat}</td><td class=name>{_e(name)}</td>"
        f"<td>{'' if result is None else result.ranks[seat] + 1}</td>"
        f"<td>{'' if result is None else format(result.scores[seat], 'g')}</td>"
        f"<td>{'forfeited' if result is not None and seat in result.forfeited else ''}</td>"
        f"<td>{_fault_text(record.faults[seat]) if seat < len(record.faults) else ''}</td></tr>"
        for seat, name in enumerate(record.seats))
    body = [f"<p>game {_e(record.game)}, tournament {_e(record.tournament_id or '-')}, "
            f"{_e(_when(record.started_at))} to {_e(_when(record.ended_at))} UTC; "
            f"{_e(outcome)}" + (f"; seed {record.seed}" if reveal else "") + "</p>",
            "<table class=seats><tr><th>seat</th><th>bot</th><th>place</th><th>score</th>"
            f"<th>forfeit</th><th>faults</th></tr>{seats}</table>"]
    if viewer is not None:
        body.append(f"<p><a class=viewer href='{_e(viewer)}'>the board, move by move</a> "
                    f"(every seat's view and choices once the deal is played out)</p>")
    if full is None:
        body.append(f"<p class=muted>move log left out: only the newest {logs} matches "
                    f"carry one (--logs N); its board: <code>arena replay "
                    f"{_e(record.match_id)} --html FILE</code></p>")
    else:
        try:
            log = move_log(full, reveal)
        except ValueError as error:
            body.append(f"<p class=warn>no move log: {_e(error)}</p>")
        else:
            items = "".join(
                f"<li value='{n}'>" + ", ".join(
                    _e(name) + ("" if chose is None else f" <q>{_e(chose)}</q>")
                    for name, chose in who) +
                (f": {'; '.join(_e(e) for e in events)}" if events else "") + "</li>"
                for n, who, events in log)
            body.append((f"<p class=muted>{_LOG_KINDS[reveal]}</p><ol class=log>{items}</ol>")
                        if log else "<p class=muted>no moves</p>")
    return (f"<details class=match id='{_e('m-' + record.match_id)}'><summary>"
            f"<code>{_e(record.match_id)}</code> {ranked} <span class=muted>"
            f"[{_e(outcome)}]</span></summary>{''.join(body)}</details>")


_LOG_KINDS = {True: "each seat's choices (the match and its deal are played out)",
              False: "who acted, as spectators saw it (each seat's choices are shown once "
                     "the match and every seat rotation of its deal are played out)"}


def _fault_text(faults: Faults) -> str:
    names = ("timeouts", "illegal", "malformed", "crashes", "disconnects")
    return ", ".join(f"{getattr(faults, n)} {n}" for n in names if getattr(faults, n))


def _game_section(game: str, records: Sequence[MatchRecord], logged: dict[str, MatchRecord],
                  index: int, logs: int, viewers: Mapping[str, str],
                  revealed: frozenset[str]) -> str:
    out = [f"<section class=game id='game-{index}'><h2>{_e(game)}</h2>"]
    met = groups(records)
    if len(met) > 1:
        out.append(f"<p class=warn>The bots fall into {len(met)} groups that never met, "
                   f"directly or through others: each group is rated apart, and ratings of "
                   f"different groups cannot be compared.</p>")
    if not met:
        out.append("<p class=muted>no rated match</p>")
    for number, group in enumerate(met, 1):
        of_group = [r for r in records if r.seats and r.seats[0] in group]
        rows = standings(of_group)
        names = [r.bot for r in rows]
        tag = f"{index}-{number}"
        if len(met) > 1:
            out.append(f"<h3>group {number} of {len(met)}</h3>")
        out += ["<h3>standings</h3>", _standings_table(rows),
                "<h3>ratings (Elo, 95% intervals)</h3>", ratings_chart(rows, f"ratings-{tag}"),
                "<h3>ratings over time</h3>",
                timeline_chart(timeline(of_group), names, f"timeline-{tag}"),
                "<h3>crosstable</h3>", _crosstable(names, of_group)]
    everyone = sorted({name for r in records for name in r.seats})
    out += ["<h3>faults</h3>", _faults_table(everyone, fault_counts(records)),
            f"<h3>matches ({len(records)})</h3>",
            "".join(_match(r, logged.get(r.match_id), logs, viewers.get(r.match_id),
                           r.match_id in revealed) for r in records), "</section>"]
    return "".join(out)


def build_report(store: Store, tournament_id: str | None = None, game: str | None = None,
                 logs: int = DEFAULT_LOGS, viewers: Mapping[str, str] | None = None) -> str:
    """The HTML report of the store's matches (of one tournament and/or game if given),
    newest match first; the newest ``logs`` matches carry their move log, and those
    in ``viewers`` (match id: address) a link to their replay viewer.

    LookupError for a tournament the store does not have.
    """
    if tournament_id is not None:
        store.tournament(tournament_id)  # LookupError naming the known ids
    records = store.matches(game=game, tournament_id=tournament_id, steps=False)
    logged = {}
    spent = spent_deals(store)
    for record in records[:logs]:
        full = store.match(record.match_id)  # with its steps, one at a time
        if full is not None:
            logged[record.match_id] = full
    revealed = frozenset(r.match_id for r in logged.values()
                         if r.result is not None and spent(r))
    scope = ", ".join(filter(None, [f"tournament {tournament_id}" if tournament_id else "",
                                    f"game {game}" if game else ""])) or "every match"
    games = sorted({r.game for r in records})
    sections = [_game_section(g, [r for r in records if r.game == g], logged, i,
                              logs, viewers or {}, revealed) for i, g in enumerate(games)]
    title = f"arena report: {scope}"
    contents = "".join(f"<li><a href='#game-{i}'>{_e(g)}</a></li>" for i, g in enumerate(games))
    return (
        "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
        f"<meta http-equiv='Content-Security-Policy' content=\"{_e(_csp())}\">"
        f"<meta name=viewport content='width=device-width'><title>{_e(title)}</title>"
        f"<style>{_STYLE}</style></head><body>"
        f"<h1>{_e(title)}</h1><p>{len(records)} matches in {_e(store.path)}, written "
        f"{_e(_when(time.time()))} UTC. Elo from a maximum-likelihood fit over every pairwise "
        f"outcome (as <code>arena ratings</code>); the move logs show public events, and each "
        f"seat's choices once a match and its deal are played out.</p>"
        f"<ul>{contents}</ul>"
        "<p><button type=button data-logs=open>open every log</button> "
        "<button type=button data-logs=close>close every log</button></p>"
        + ("".join(sections) or "<p>no matches</p>")
        + f"<script>{_SCRIPT}</script></body></html>\n")
