"""`arena report`: the HTML file from a real store, opened in a real headless Chromium.

The browser test needs Debian's ``chromium`` (``apt-get install chromium``; CI installs it)
and the ``playwright`` package of the test extra, driving that browser directly (no
``playwright install``, no download).
"""

from __future__ import annotations

import contextlib
import html
import re
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from engine import Result, Termination
from scheduler._export import export_record
from scheduler._html_report import build_report, move_log, timeline
from scheduler._records import Faults, MatchRecord, SeatAction
from scheduler._store import Store
from tests.scheduler.test_cli import arena

CHROMIUM = "/usr/bin/chromium"
# What works here as root, without a GPU, and keeps the browser itself off the network.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
# A name that would run a script, load an image and break out of an attribute if any of it
# reached the page unescaped.
EVIL = ("evil<script>window.__pwned=1</script>'\"><img src=http://127.0.0.1:9/x "
        "onerror=window.__pwned=2>")
REASON = "<b>crashed</b> & <i>gone</i>"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real tournament of the test game (3 bots, 12 matches), plus one stored match whose
    bot name and reason are hostile and whose seats have faults."""
    db = tmp_path_factory.mktemp("report") / "r.sqlite"
    arena("tournament", "--game", "duel", "--bot", "builtin:random", "--bot",
          "second=builtin:random", "--bot", "third=builtin:random", "--rounds", "2",
          "--option", "rounds=3", "--db", str(db), "--seed", "11")
    with Store(db) as store:
        store.record_match(MatchRecord(
            "hostile-1", "duel", {"rounds": 3}, 5, [EVIL, "random"], [],
            Result((0.0, 1.0), (1, 0), Termination.CRASH, REASON, (0,)),
            [Faults(timeouts=2, illegal=3, crashes=1), Faults(malformed=1)],
            started_at=1.0, ended_at=2.0))
    return db


def test_the_page_escapes_bot_text_and_shows_only_public_events(database: Path) -> None:
    with Store(database) as store:
        page = build_report(store)
    assert EVIL not in page and "<b>crashed" not in page
    assert html.escape(EVIL, quote=True) in page and html.escape(REASON) in page
    # One script (ours), no external reference of any kind.
    tags = _Tags()
    tags.feed(page)
    assert [tag for tag, _ in tags.found].count("script") == 1
    assert [(tag, attrs) for tag, attrs in tags.found if "src" in attrs or tag == "img"] == []
    assert [attrs["href"] for _, attrs in tags.found if "href" in attrs] == ["#game-0"]
    (policy,) = [attrs["content"] for tag, attrs in tags.found
                 if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy"]
    assert policy is not None and policy.startswith("default-src 'none';")
    # The log shows public events (and each seat's choices), a seat's private line never.
    assert "bids (" in page and "your secret was" not in page
    # Faults per bot, kind by kind: EVIL's row reads 2 timeouts, 1 crash, 0, 3 illegal, 0.
    row = re.search(r"<tr><td class=name>" + re.escape(html.escape(EVIL)) +
                    r"</td>((?:<td>\d+</td>){5})</tr>", page)
    assert row is not None and re.findall(r"\d+", row.group(1)) == ["2", "1", "0", "3", "0"]


def test_the_move_log_replays_each_step() -> None:
    # An independent count: the duel with 2 rounds is call, bids, call, bids (4 steps), and
    # each bid step logs one public line.
    record = MatchRecord("m", "duel", {"rounds": 2}, 3, ["a", "b"],
                         [[_act(0, 1)], [_act(0, 2), _act(1, 3)], [_act(1, 0)],
                          [_act(0, 0), _act(1, 0)]])
    log = move_log(record)
    assert [n for n, _, _ in log] == [1, 2, 3, 4]
    assert [who for _, who, _ in log] == [[("a", None)], [("a", None), ("b", None)],
                                          [("b", None)], [("a", None), ("b", None)]]
    assert log[0][2] == ["round 1: multiplier 2"]
    assert log[1][2] == ["bids (2, 3); scores " + log[1][2][0].split("scores ")[1]]
    # Revealed: what each seat chose, as the duel words its actions.
    assert [who for _, who, _ in move_log(record, reveal=True)] == [
        [("a", "multiplier 2")], [("a", "bid 2"), ("b", "bid 3")], [("b", "multiplier 1")],
        [("a", "bid 0"), ("b", "bid 0")]]
    assert [events for _, _, events in move_log(record, reveal=True)] == [e for _, _, e in log]
    with pytest.raises(ValueError, match="not registered"):
        move_log(MatchRecord("m", "no-such-game", {}, 1, ["a", "b"]))


def test_a_log_shows_each_seats_choices_only_once_the_deal_is_played_out(
        recorded: dict[str, Path], tmp_path: Path) -> None:
    db = tmp_path / "race.sqlite"
    db.write_bytes(recorded["race"].read_bytes())  # one deal: two seatings of one seed
    with Store(db) as store:
        first, second = store.matches()[::-1]
        page = build_report(store)
    for record in (first, second):
        # Every choice of every seat, in order, and the seed.
        chosen = [html.escape(d["text"]) for d in export_record(record, True)["decisions"]]
        log = _log_of(page, record.match_id)
        assert re.findall(r"<q>(.*?)</q>", log) == chosen
        assert f"seed {record.seed}" in page
    with sqlite3.connect(db) as connection:  # as if the other seating were still playing
        connection.execute("DELETE FROM matches WHERE match_id = ?", (second.match_id,))
    with Store(db) as store:
        page = build_report(store)
    log = _log_of(page, first.match_id)
    assert "<q>" not in log and str(first.seed) not in page
    assert log.count("<li ") == len(first.steps)  # who acted at each step, still


def _log_of(page: str, match_id: str) -> str:
    """The move log of one match of a report."""
    start = page.index(f"id='m-{match_id}'")
    return page[page.index("<ol class=log>", start):page.index("</ol>", start)]


def test_the_timeline_refits_prefixes(database: Path) -> None:
    with Store(database) as store:
        records = store.matches(steps=False)
    points = timeline(records, points=5)
    assert [n for n, _ in points] == [3, 5, 8, 10, 13]  # 13 rated matches in 5 steps
    assert set(points[-1][1]) == {"random", "second", "third", EVIL}


def test_cli_report_and_its_errors(database: Path, tmp_path: Path) -> None:
    out = tmp_path / "one.html"
    with Store(database) as store:
        tid = store.latest_tournament()
    result = arena("--game-module", "tests.support.duel", "report", "--db", str(database),
                   "-o", str(out), "--tournament", str(tid), "--logs", "2")
    assert f"wrote {out}" in result.stderr
    page = out.read_text()
    assert page.count("<details class=match") == 12 and page.count("<ol class=log>") == 2
    assert "hostile-1" not in page  # another tournament's (none's) match
    bad = arena("report", "--db", str(database), "-o", str(out), "--tournament", "t-nope",
                check=False)
    assert bad.returncode == 2 and "no tournament 't-nope'" in bad.stderr
    missing = arena("report", "--db", str(tmp_path / "none.sqlite"), "-o", str(out), check=False)
    assert missing.returncode == 2 and "no database" in missing.stderr
    nowhere = arena("report", "--db", str(database), "-o", str(tmp_path / "x" / "r.html"),
                    check=False)
    assert nowhere.returncode == 2 and "no such folder" in nowhere.stderr


class _Tags(HTMLParser):
    """Every start tag of a page with its attributes, as a browser's parser sees them."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))


def _act(seat: int, action: int) -> SeatAction:
    return SeatAction(seat, action, 0.01)


@contextlib.contextmanager
def chromium(*extra_args: str) -> Iterator[Any]:
    """A headless Chromium context (Debian's, via Playwright) with an empty profile and
    ``extra_args``; closed at the end whatever happens. Skips without Chromium or Playwright."""
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.skip("Chromium is not installed: apt-get install chromium (CI installs it)")
    sync_api = pytest.importorskip(
        "playwright.sync_api",
        reason="playwright is not installed: pip install -e '.[test]' (no `playwright "
               "install` needed; it drives /usr/bin/chromium)")
    with tempfile.TemporaryDirectory() as profile, sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM if Path(CHROMIUM).exists()
            else shutil.which("chromium"), headless=True, args=[*CHROMIUM_ARGS, *extra_args])
        try:
            yield context
        finally:
            context.close()


@pytest.fixture
def browser() -> Iterator[Any]:
    """A headless Chromium context (see ``chromium``)."""
    with chromium() as context:
        yield context


def test_the_report_in_a_real_browser(database: Path, tmp_path: Path, browser: Any) -> None:
    out = tmp_path / "report.html"
    arena("--game-module", "tests.support.duel", "report", "--db", str(database),
          "-o", str(out))
    url = out.resolve().as_uri()
    requests: list[str] = []
    blocked: list[str] = []
    errors: list[str] = []

    def refuse(route: Any) -> None:  # anything but the file itself: count it and refuse it
        blocked.append(route.request.url)
        route.abort()

    browser.route(re.compile(r"^(?!file:)"), refuse)
    page = browser.new_page()
    page.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_load_state("load")

    assert page.title().startswith("arena report")
    assert page.locator("h2").all_inner_texts() == ["duel"]
    # One bar per rated bot, named as the standings name them (the hostile one included,
    # intact: escaped on the way in, read back as the same text).
    bars = page.locator("svg.ratings rect.bar")
    standings = page.locator("table.standings tr td.name").all_inner_texts()
    assert bars.count() == len(standings) == 4
    assert sorted(bars.nth(i).get_attribute("data-bot") or "" for i in range(4)) == sorted(
        standings)
    assert EVIL in standings
    assert page.locator("svg.ratings line.error-bar").count() == 4
    assert page.locator("svg.timeline polyline.line").count() == 4
    # Nothing of the name ran or loaded.
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.locator("img").count() == 0 and page.locator("script").count() == 1
    # A match's log opens on a click, and the button opens every one.
    match = page.locator("details.match:has(ol.log)").first
    log = match.locator("ol.log li").first
    assert not log.is_visible()
    match.locator("summary").click()
    assert match.get_attribute("open") is not None and log.is_visible()
    assert log.inner_text().strip()
    page.locator("button[data-logs=open]").click()
    assert page.locator("details.match[open]").count() == page.locator("details.match").count()
    assert page.locator("table.crosstable tr").count() == 5

    assert errors == []
    assert blocked == [] and requests == [url]
