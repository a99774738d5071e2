"""The replay viewer in a real headless Chromium: for a real recorded match of each game, the
pieces drawn at several points of the timeline are the engine's; a seat's view shows no other
seat's hidden cards; a match whose deal is still being played carries no seat's view at all;
a record exported and replayed elsewhere makes the same page; the page's policy refuses fetches.

Needs Debian's ``chromium`` and the ``playwright`` package (see test_html_report.py).
"""

from __future__ import annotations

import html
import json
import re
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import trio

import engine
from arena._codec import to_jsonable
from engine.race._state import _ACTION_TEXT as ACTION_TEXT
from engine.sector41._tiles import Direction, board_arrows
from scheduler._records import MatchRecord
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BuiltinSeat
from scheduler._store import Store
from scheduler._timecontrol import TimeControl
from scheduler._viewer import _jsonable, embedded_data, match_page, script_hash
from tests.scheduler.test_cli import arena
from tests.scheduler.test_export import GAMES, first_match
from tests.scheduler.test_html_report import EVIL, browser  # noqa: F401 (a fixture)


@pytest.fixture(scope="module")
def pages(recorded: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
          ) -> dict[str, tuple[MatchRecord, Path, Path]]:
    """Per game: a real recorded match (recorded again under a hostile name for seat 1), its
    viewer page (`arena replay --html` writes one, the others are made in-process), and a
    copy of the database."""
    folder = tmp_path_factory.mktemp("viewer")
    out = {}
    for game in GAMES:
        db = folder / f"{game}.sqlite"
        db.write_bytes(recorded[game].read_bytes())
        record = first_match(db)
        hostile = MatchRecord(f"{record.match_id}-evil", record.game, record.options,
                              record.seed, [record.seats[0], EVIL], record.steps, record.result,
                              record.faults, started_at=record.started_at,
                              ended_at=record.ended_at)
        with Store(db) as store:
            store.record_match(hostile)
        html = folder / f"{game}.html"
        if game == "sector41":
            arena("replay", hostile.match_id, "--db", str(db), "--quiet", "--html", str(html))
        else:
            html.write_text(match_page(hostile, reveal=True))
        out[game] = (hostile, html, db)
    return out


def state_at(record: MatchRecord, step: int) -> engine.GameState:
    state = engine.get(record.game).new_match(len(record.seats), record.seed, record.options)
    for choices in record.actions()[:step]:
        state.apply(choices)
    return state


def open_page(context: Any, path: Path) -> tuple[Any, list[str], list[str]]:
    """The page loaded and ready, with the console errors and requests it makes."""
    requests: list[str] = []
    errors: list[str] = []
    context.route(re.compile(r"^(?!file:)"), lambda route: (requests.append(route.request.url),
                                                           route.abort()))
    page = context.new_page()
    page.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.resolve().as_uri())
    page.wait_for_selector("body[data-ready]")
    return page, errors, requests


def go(page: Any, step: int) -> None:
    page.locator("#scrubber").fill(str(step))
    page.wait_for_selector(f"#board[data-step='{step}']")


def drawn(page: Any, selector: str, attribute: str | None = None) -> list[str]:
    """An attribute of every node the selector finds on the board (one call to the page)."""
    return list(page.locator(f"#board {selector}").evaluate_all(
        "(nodes, name) => nodes.map(n => name ? n.getAttribute(name) : 'x')", attribute))


def lines(page: Any, selector: str) -> list[str]:
    """The text of every node the selector finds on the board, its lines joined by a space."""
    return list(page.locator(f"#board {selector}").evaluate_all(
        "nodes => nodes.map(n => Array.from(n.querySelectorAll('tspan'), "
        "t => t.textContent).join(' '))"))


def check_sector41(page: Any, state: Any) -> None:
    obs = state.observation(None)
    designs = engine.get("sector41").static_data.tile_types
    # Every tile known here is named in full, and a face-up one's arrows point where the
    # engine moves along them (its printed arrows turned by its rotation).
    assert lines(page, "text.tile-name") == [designs[t].name.replace("_", " ")
                                             for t in obs.tile_types if t >= 0]
    arrows = {(int(cell), d) for cell, d in page.locator("#board g.arrow").evaluate_all(
        "nodes => nodes.map(n => [n.parentNode.getAttribute('data-cell'), "
        "n.getAttribute('data-dir')])")}
    assert arrows == {(cell, Direction(d).name) for cell, t in enumerate(obs.tile_types)
                      if obs.face_up[cell] for d in board_arrows(t, obs.rotations[cell])}
    on_board = Counter(e.seat for e in obs.explorers if e.location.name == "BOARD")
    assert Counter(int(s) for s in drawn(page, "circle.explorer", "data-seat")) == on_board
    assert len(drawn(page, "rect.tile.down")) == obs.face_up.count(False)
    assert len(drawn(page, "rect.tile.up")) == obs.face_up.count(True)
    aboard = Counter(e.seat for e in obs.explorers if e.location.name == "SHIP")
    texts = page.locator("#board g.mothership text.aboard").evaluate_all(
        "nodes => nodes.map(n => n.textContent)")
    assert [int(t) for t in texts] == [aboard[p.seat] for p in obs.players]
    assert len(drawn(page, "circle.disc")) == sum(obs.yellow) + sum(obs.blue) + sum(obs.red)
    assert drawn(page, "path.guardian", "data-mode") == (
        [obs.guardian_mode.name] if obs.guardian_row >= 0 else [])
    assert len(drawn(page, "rect.tile.cleansed")) == sum(obs.cleansed)
    # Each Explorer with the disc it tows, and each seat's score.
    towing = page.locator("#board circle.explorer").evaluate_all(
        "nodes => nodes.map(n => n.dataset.seat + ' ' + n.dataset.towing)")
    assert Counter(towing) == Counter(f"{e.seat} {e.towing.name if e.towing else ''}"
                                      for e in obs.explorers if e.location.name == "BOARD")
    assert page.locator("#board text.score").all_text_contents() == [
        f"score {p.score}  (yellow {p.yellow}, blue {p.blue}, red {p.red})" for p in obs.players]


def check_race(page: Any, state: Any) -> None:
    static = engine.get("race").static_data.cards
    obs = state.observation(None)
    for player in obs.players:
        line = page.locator(f"#board text.seat-line[data-seat='{player.seat}']").text_content()
        assert f": score {player.score}, VP chips {player.vp_chips}, hand {player.hand_count}, " \
            f"military {player.military}" in line
        cards = drawn(page, f"g.tableau[data-seat='{player.seat}'] g.tableau-card", "data-card")
        assert [int(c) for c in cards] == [t.card for t in player.tableau]
        # Named in full, and a 6-cost development's VP is its bonus: "?", not its -1.
        where = f"g.tableau[data-seat='{player.seat}']"
        assert lines(page, f"{where} text.card-name") == [static[t.card].name
                                                          for t in player.tableau]
        # The action cards it chose this round, as printed.
        chose = page.locator(f"#board text.seat-line[data-seat='{player.seat}']").text_content()
        assert chose.endswith(f", chose {' + '.join(ACTION_TEXT[a] for a in player.actions)}"
                              if player.actions else f", military {player.military}")
        assert page.locator(f"#board {where} text.card-vp").all_text_contents() == [
            ("? VP" if static[t.card].vp < 0 else f"{static[t.card].vp} VP")
            + ("" if static[t.card].good.name == "NONE" else ", " + static[t.card].good.name
               .lower()) for t in player.tableau]
        goods = drawn(page, f"g.tableau[data-seat='{player.seat}'] circle.good")
        assert len(goods) == sum(t.good for t in player.tableau)


def check_sol(page: Any, state: Any) -> None:
    obs = state.observation(None)
    expected = {(sp.space, seat): n for sp in obs.spaces
                for seat, n in enumerate(sp.sundivers) if n}
    found = {(int(space), int(seat)): int(count) for space, seat, count in page.locator(
        "#board circle.sundivers").evaluate_all(
        "nodes => nodes.map(n => [n.parentNode.getAttribute('data-space'), "
        "n.getAttribute('data-seat'), n.getAttribute('data-count')])")}
    assert found == expected
    stations = Counter(sp.station_owner for sp in obs.spaces if sp.station is not None)
    assert Counter(int(s) for s in drawn(page, "rect.station", "data-seat")) == stations
    assert Counter(int(s) for s in drawn(page, "rect.gate.owned", "data-seat")) == Counter(
        g.owner for g in obs.gates)
    assert [int(e) for e in drawn(page, "path.mothership", "data-eye")] == [
        p.eye for p in obs.players]
    assert page.locator("#board text.energy").all_text_contents() == [
        f"energy {p.energy}, momentum {p.momentum}, moves {p.movement}" for p in obs.players]
    assert page.locator("#board text.instability").text_content() == (
        f"instability {obs.instability}, flares drawn {obs.flares_drawn}")
    # Each space named as the log names it.
    board = next(b for b in engine.get("sol").static_data.boards if b.side == obs.side)
    assert page.locator("#board g.space text.space-name").all_text_contents() == [
        sp.name for sp in board.spaces]


def check_galaxies(page: Any, state: Any) -> None:
    obs = state.observation(None)
    row = set(obs.planet_row)
    expected = Counter(ship.planet for p in obs.players for ship in p.ships
                       if ship.planet is not None and ship.planet in row)
    assert Counter(int(p) for p in drawn(page, "circle.ship", "data-planet")) == expected
    # No ship hides another: ships at one place of a track stand apart.
    centres = page.locator("#board circle.ship").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('cx') + ',' + n.getAttribute('cy'))")
    assert len(set(centres)) == len(centres)
    assert [int(p) for p in drawn(page, "g.planet", "data-planet")] == list(obs.planet_row)
    assert drawn(page, "g.die:not(.activated)", "data-face") == [f.name for f in obs.dice]
    assert drawn(page, "g.die.activated", "data-face") == [f.name for f in obs.activated]
    for player in obs.players:
        galaxy = f"#board g.galaxy[data-seat='{player.seat}']"
        assert page.locator(f"{galaxy} text.galaxy-line").text_content().endswith(
            f": {player.vp} VP, empire level {player.empire_level}, energy {player.energy}, "
            f"culture {player.culture}")
        assert page.locator(f"{galaxy} text.colonies").get_attribute("data-count") == str(
            len(player.colonies))


CHECKS = {"sector41": check_sector41, "race": check_race, "sol": check_sol,
          "galaxies": check_galaxies}


@pytest.mark.parametrize("game", GAMES)
def test_the_board_is_the_engine_state(pages: dict[str, tuple[MatchRecord, Path, Path]],
                                       browser: Any, game: str) -> None:  # noqa: F811
    record, path, _ = pages[game]
    page, errors, requests = open_page(browser, path)
    last = len(record.steps)
    assert page.locator("#step-label").inner_text().startswith(f"step 0 of {last}")
    for step in (0, last // 3, 2 * last // 3, last):
        go(page, step)
        CHECKS[game](page, state_at(record, step))
    # The step buttons move one step, the log follows the timeline.
    go(page, 5)
    page.locator("#forward").click()
    page.wait_for_selector("#board[data-step='6']")
    page.locator("#back").click()
    page.locator("#back").click()
    page.wait_for_selector("#board[data-step='4']")
    now = page.locator("#log li.now")
    assert now.count() >= 1 and {now.nth(i).get_attribute("data-step")
                                 for i in range(now.count())} == {"4"}
    assert page.locator("#log li.future").count() > 0
    # The hostile name is text, everywhere it is shown.
    assert page.locator("#seats span.seat[data-seat='1']").inner_text() == f"{EVIL} (seat 1)"
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.locator("img").count() == 0
    # Views: public, each seat, everything (the match is over and its deal spent).
    views = page.locator("#view option")
    assert [views.nth(i).get_attribute("value") for i in range(views.count())] == [
        "public", "seat 0", "seat 1", "all"]
    page.select_option("#view", "all")
    page.wait_for_selector("#board[data-view='all']")
    assert page.locator("#hidden details.seat-view").count() == 2
    # The engine's whole state at this step: every hand, the deck's order.
    whole = page.locator("#hidden details.whole-state pre").text_content()
    snapshot = {k: v for k, v in state_at(record, 4).snapshot().items() if "rng" not in k}
    assert json.loads(whole) == json.loads(json.dumps(snapshot, default=_jsonable))
    assert "deck" in snapshot or "types" in snapshot  # deck order / where every tile lies
    assert "seed " + str(record.seed) in page.locator("#result").inner_text()
    assert errors == [] and requests == [path.resolve().as_uri()]


def test_play_pause_and_jump_to_a_turn(pages: dict[str, tuple[MatchRecord, Path, Path]],
                                      browser: Any) -> None:  # noqa: F811
    record, path, _ = pages["galaxies"]
    page, errors, _ = open_page(browser, path)
    # The pace asked of the page's timer, whatever this machine's speed.
    page.evaluate("""() => {
        window.paces = [];
        const every = window.setInterval;
        window.setInterval = (f, ms) => { window.paces.push(ms); return every(f, ms); };
    }""")
    page.select_option("#speed", "50")
    page.locator("#play").click()
    page.wait_for_function("() => Number(document.getElementById('board').dataset.step) >= 5")
    page.select_option("#speed", "2")  # while playing: the new pace at once
    assert page.evaluate("window.paces") == [1000 / 50, 1000 / 2]
    page.locator("#play").click()  # pause
    assert page.locator("#play").inner_text() == "play"
    stopped = page.locator("#board").get_attribute("data-step")
    assert page.evaluate("window.arenaViewer.timer") is None  # no step is scheduled
    assert page.locator("#board").get_attribute("data-step") == stopped
    # Turn N: the first step whose public view is at turn N or later.
    state, turns = state_at(record, 0), []
    for choices in record.actions():
        turns.append(state.observation(None).turn)
        state.apply(choices)
    target = turns[len(turns) // 2]
    page.locator("#turn").fill(str(target))
    page.locator("#go-turn").click()
    page.wait_for_selector(f"#board[data-step='{turns.index(target)}']")
    assert f"turn {target}" in page.locator("#step-label").inner_text()
    # A line of the log takes the board to its step.
    line = page.locator("#log li.decision").nth(7)
    line.click()
    page.wait_for_selector(f"#board[data-step='{line.get_attribute('data-step')}']")
    assert errors == []


def test_a_seat_view_hides_the_other_seats_cards(
        pages: dict[str, tuple[MatchRecord, Path, Path]], browser: Any) -> None:  # noqa: F811
    record, path, _ = pages["race"]
    page, errors, _ = open_page(browser, path)
    page.select_option("#view", "seat 0")
    for step in range(0, len(record.steps) + 1, max(1, len(record.steps) // 6)):
        go(page, step)
        state = state_at(record, step)
        mine = sorted(state.observation(0).hand)
        assert sorted(int(c) for c in drawn(page, "g.hand", "data-card")) == mine
        theirs = set(state.observation(1).hand) - set(mine)
        shown = {int(c) for c in drawn(page, "g.card", "data-card")}
        public = {t.card for p in state.observation(None).players for t in p.tableau}
        assert not (theirs & shown) - public
    # The log of seat 0 shows its own choices, and seat 1's as "acts" only.
    texts = page.locator("#log li.decision").all_inner_texts()
    assert any(t.startswith(f"{record.seats[0]}: ") for t in texts)
    assert all(" acts (" in t for t in texts if t.startswith(EVIL))
    assert errors == []
    # Galaxies: seat 0 sees its own secret mission, never seat 1's.
    record, path, _ = pages["galaxies"]
    page, errors, _ = open_page(browser, path)
    page.select_option("#view", "seat 0")
    go(page, len(record.steps) // 2)
    state = state_at(record, len(record.steps) // 2)
    assert drawn(page, "text.mission", "data-mission") == [str(state.observation(0).your_mission)]
    assert errors == []


def test_a_deal_still_being_played_shows_the_public_view_only(
        recorded: dict[str, Path], browser: Any, tmp_path: Path) -> None:  # noqa: F811
    db = tmp_path / "half.sqlite"
    db.write_bytes(recorded["race"].read_bytes())
    with Store(db) as store:
        first, second = sorted((r for r in store.matches() if r.index is not None),
                               key=lambda r: r.index or 0)
    with sqlite3.connect(db) as connection:  # as if the other seating were still playing
        connection.execute("DELETE FROM matches WHERE match_id = ?", (second.match_id,))
    out = tmp_path / "public.html"
    arena("replay", first.match_id, "--db", str(db), "--quiet", "--html", str(out))
    data = embedded_data(out.read_text())
    assert data["record"]["revealed"] is False and data["record"]["seed"] is None
    assert {view for step in data["steps"] for view in step} == {"public"}
    assert all(not frame.get("hand") for step in data["steps"] for frame in step.values())
    assert all(d["text"] is None for d in data["record"]["decisions"])
    page, errors, _ = open_page(browser, out)
    assert page.locator("#view option").count() == 1
    assert page.locator("#board g.hand").count() == 0
    assert "withheld" in page.locator("#result").inner_text()
    assert errors == []


def test_the_report_links_each_logged_match_to_its_viewer(
        pages: dict[str, tuple[MatchRecord, Path, Path]], browser: Any,  # noqa: F811
        tmp_path: Path) -> None:
    db = pages["galaxies"][2]
    out = tmp_path / "report.html"
    arena("report", "--db", str(db), "-o", str(out), "--logs", "2")
    with Store(db) as store:
        newest = [r.match_id for r in store.matches(limit=2)]
        older = [r.match_id for r in store.matches()][2:]
    assert older and all(f"<code>arena replay {html.escape(m)} --html FILE</code>"
                         in out.read_text() for m in older)  # how to see the others
    links = re.findall(r"<a class=viewer href='([^']+)'>", out.read_text())
    assert len(links) == 2 and all(link.startswith("report-viewers/") for link in links)
    assert all((tmp_path / link).is_file() for link in links)
    assert all(any(link.endswith(re.sub(r"[^A-Za-z0-9._-]", "_", m) + ".html") for m in newest)
               for link in links)
    viewer, errors, _ = open_page(browser, tmp_path / links[0])
    assert viewer.locator("#board svg.board.galaxies").count() == 1
    assert errors == []
    none = arena("report", "--db", str(db), "-o", str(tmp_path / "bare.html"), "--no-viewers")
    assert none.returncode == 0 and not (tmp_path / "bare-viewers").exists()
    assert "class=viewer" not in (tmp_path / "bare.html").read_text()


def test_a_record_from_another_machine_replays_in_the_viewer(
        pages: dict[str, tuple[MatchRecord, Path, Path]], browser: Any,  # noqa: F811
        tmp_path: Path) -> None:
    record, made_here, db = pages["sol"]
    exported = tmp_path / "match.json"
    arena("export", record.match_id, "--db", str(db), "-o", str(exported))
    # Elsewhere: the record's file alone, no database beside it.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "match.json").write_bytes(exported.read_bytes())
    out = elsewhere / "match.html"
    arena("replay", str(elsewhere / "match.json"), "--quiet", "--html", str(out))
    assert embedded_data(out.read_text()) == embedded_data(made_here.read_text())
    page, errors, requests = open_page(browser, out)
    last = len(record.steps)
    go(page, last)
    check_sol(page, state_at(record, last))
    assert "seed " + str(record.seed) in page.locator("#result").inner_text()
    assert errors == [] and requests == [out.resolve().as_uri()]


def test_the_page_allows_its_own_script_and_no_fetch(
        pages: dict[str, tuple[MatchRecord, Path, Path]], browser: Any) -> None:  # noqa: F811
    _, path, _ = pages["race"]
    page, _, requests = open_page(browser, path)
    policy = page.locator("meta[http-equiv='Content-Security-Policy']").get_attribute("content")
    script = page.locator("script:not([id])").text_content()
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'none'" and directives["connect-src"] == "'none'"
    assert directives["script-src"] == script_hash(script)
    # A fetch, which the page's script never makes, is refused by the policy.
    violated = page.evaluate("""() => new Promise(done => {
        document.addEventListener('securitypolicyviolation', e => done(e.effectiveDirective));
        fetch('http://127.0.0.1:9/').catch(() => {});
        setTimeout(() => done('no violation'), 20000);  // only if the policy let it through
    })""")
    assert violated == "connect-src"
    assert requests == [path.resolve().as_uri()]


@pytest.mark.parametrize("game", ["race", "galaxies"])
def test_a_seat_view_is_that_seats_observation_and_log_only(
        pages: dict[str, tuple[MatchRecord, Path, Path]], browser: Any,  # noqa: F811
        game: str) -> None:
    record, path, _ = pages[game]
    data = embedded_data(path.read_text())
    # The view's frames, step by step, are exactly what the engine showed seat 0 then.
    state, frame = state_at(record, 0), {}
    for n, step in enumerate(data["steps"]):
        frame = {**frame, **step["seat 0"]}
        assert frame == json.loads(json.dumps(to_jsonable(state.observation(0)))), n
        if n < len(record.steps):
            state.apply(record.actions()[n])
    # Its page shows none of seat 1's own lines, nor (Galaxies) seat 1's secret mission.
    theirs = {e["text"] for e in data["record"]["events"] if e["seats"] == [1]}
    mine = {e["text"] for e in data["record"]["events"] if e["seats"] == [0]}
    assert theirs and mine
    page, errors, _ = open_page(browser, path)
    page.select_option("#view", "seat 0")
    page.wait_for_selector("#board[data-view='seat 0']")
    logged = set(page.locator("#log li.event").all_inner_texts())
    assert mine <= logged and not theirs & logged
    if game == "galaxies":
        missions = engine.get("galaxies").static_data.missions
        for step in (0, len(record.steps) // 2, len(record.steps)):
            go(page, step)
            state = state_at(record, step)
            own, other = state.observation(0).your_mission, state.observation(1).your_mission
            if other is not None and other != own:
                assert missions[other].name not in page.locator("body").inner_text()
    assert errors == []


def test_four_seats_of_galaxies_each_in_sight(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    # Four seats share the planets' tracks: the board must still show every ship apart, where
    # ships of two seats stand at one place of a track most of all.
    seats = [BuiltinSeat(f"bot{n}", "galaxies-greedy" if n % 2 else "random") for n in range(4)]
    record = trio.run(lambda: run_match(MatchSpec("four", "galaxies", 11, {}, bot_seed=11),
                                        seats, TimeControl.per_move(60)))
    state, crowded = state_at(record, 0), []
    for step, actions in enumerate(record.actions(), 1):
        state.apply(actions)
        places = Counter((ship.planet, ship.position) for p in state.observation(None).players
                         for ship in p.ships if ship.location.name == "ORBIT")
        if max(places.values(), default=0) > 1:
            crowded.append(step)
    assert crowded, "this match has ships of two seats at one place of a track"
    path = tmp_path / "four.html"
    path.write_text(match_page(record, reveal=True))
    page, errors, _ = open_page(browser, path)
    for step in [0, *crowded[::max(1, len(crowded) // 6)], len(record.steps)]:
        go(page, step)
        check_galaxies(page, state_at(record, step))
    assert errors == []
