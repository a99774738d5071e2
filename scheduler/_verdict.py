"""What `arena sprt` concludes, as a status line, a summary, and JSON and JUnit files for CI."""

from __future__ import annotations

import json
import math
import socket
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ._sprt import Model, PairTally, SprtResult
from ._stats import EloModel, Estimate

#: Exit status by verdict: 0 not worse (H1 or --fail-below passed), 1 worse (H0 or failed),
#: 3 no decision within --max-matches, 4 the run failed (a bot could not start...).
EXIT_CODES = {"accept_h1": 0, "accept_h0": 1, "inconclusive": 3, "pass": 0, "fail": 1,
              "error": 4}


@dataclass(frozen=True)
class Verdict:
    """A test's settings, its record, the statistics on it, and the conclusion."""

    game: str
    new: str
    old: str
    model: Model
    elo_model: EloModel
    elo0: float
    elo1: float
    alpha: float
    beta: float
    fail_below: float | None
    tally: PairTally
    sprt: SprtResult
    estimate: Estimate
    command: str
    finished: bool
    started: float = 0.0  # Unix time the test began (for the JUnit timestamp)
    seconds: float = 0.0  # how long it has run
    error: str | None = None  # why the run failed, if it did

    @property
    def outcome(self) -> str:
        """accept_h1, accept_h0 or inconclusive (SPRT); pass or fail (--fail-below); error
        when the run failed."""
        if self.error is not None:
            return "error"
        if self.fail_below is not None:
            return "pass" if self.estimate.low > self.fail_below else "fail"
        if self.sprt.decision == "continue":
            return "inconclusive" if self.finished else "continue"
        return self.sprt.decision

    @property
    def exit_code(self) -> int:
        """The process's exit status for this verdict (3 while undecided)."""
        return EXIT_CODES.get(self.outcome, 3)

    def _elo(self) -> str:
        unit = "nElo" if self.elo_model == "normalized" else "Elo"
        e = self.estimate
        return f"{unit} {e.elo:+.1f} [{e.low:+.1f}, {e.high:+.1f}] LOS {100 * e.los:.1f}%"

    def status(self) -> str:
        """One line of the running test: record, Elo with interval, LOS and LLR."""
        t = self.tally
        pairs = " ".join(str(n) for n in t.pairs)
        return (f"{t.games} games +{t.wins} ={t.draws} -{t.losses} pairs [{pairs}] "
                f"{self._elo()} LLR {self.sprt.llr:.2f} "
                f"[{self.sprt.lower:.2f}, {self.sprt.upper:.2f}]")

    def summary(self) -> str:
        """The final line: who played, the statistics, and the verdict."""
        t = self.tally
        if self.fail_below is not None:
            test = f"95% lower bound {self.estimate.low:+.1f} vs --fail-below {self.fail_below:g}"
        else:
            test = (f"LLR {self.sprt.llr:.2f} in [{self.sprt.lower:.2f}, {self.sprt.upper:.2f}] "
                    f"(elo0 {self.elo0:g}, elo1 {self.elo1:g}, {self.model}, {self.elo_model})")
        return (f"{self.new} vs {self.old}: +{t.wins} ={t.draws} -{t.losses} in {t.games} "
                f"games, pairs [{' '.join(str(n) for n in t.pairs)}] (0 to 2 points); "
                f"{self._elo()}; {test}: {self.outcome}")

    def to_dict(self) -> dict[str, Any]:
        """The verdict as JSON-ready data (an infinite bound is null)."""
        e, s, t = self.estimate, self.sprt, self.tally
        return {
            "verdict": self.outcome, "exit_code": self.exit_code, "command": self.command,
            "game": self.game, "new": self.new, "old": self.old,
            "model": self.model, "elo_model": self.elo_model,
            "elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta,
            "fail_below": self.fail_below, "error": self.error,
            "games": t.games, "wins": t.wins, "draws": t.draws, "losses": t.losses,
            "pentanomial": list(t.pairs), "unpaired_games": len(t.waiting),
            "elo": _finite(e.elo), "elo_low": _finite(e.low), "elo_high": _finite(e.high),
            "los": e.los, "llr": s.llr, "llr_lower": s.lower, "llr_upper": s.upper,
        }

    def write_json(self, path: str) -> None:
        """Write :meth:`to_dict` to ``path``."""
        Path(path).write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")

    def write_junit(self, path: str) -> None:
        """Write a JUnit XML file (see :func:`write_junit`): one test case, failed unless
        NEW passed, an error if the run failed."""
        write_junit(path, JUnitCase(
            tool="arena sprt", game=self.game, name=f"{self.new} is not worse than {self.old}",
            outcome=self.outcome, failed=self.exit_code != 0 and self.error is None,
            error=self.error, message=f"{self.outcome}: {self._elo()}",
            summary=self.summary(), properties=self.to_dict(), started=self.started,
            seconds=self.seconds))


@dataclass(frozen=True)
class JUnitCase:
    """What a JUnit file of one CI test says: the tool (``arena sprt``...), the test, its
    outcome, and the properties that hold its statistics."""

    tool: str
    game: str
    name: str
    outcome: str
    failed: bool
    error: str | None
    message: str
    summary: str
    properties: dict[str, Any]
    started: float
    seconds: float


def write_junit(path: str, case: JUnitCase) -> None:
    """Write a JUnit XML file: one suite with one test case.

    Laid out as the common JUnit schema (Apache Ant's JUnit.xsd) asks: the suite's
    attributes id, package, name, timestamp, hostname, tests, failures, errors and time
    (and skipped, which Jenkins reads); then properties, the test case (inside, a failure
    element when ``case.failed``, an error element if the run failed), system-out (the
    summary line) and system-err. The tests check this structure; no schema validator is a
    dependency.
    """
    errors = str(int(case.error is not None))
    failures = str(int(case.failed))
    seconds = f"{case.seconds:.3f}"
    package = case.tool.replace(" ", ".")
    suites = ET.Element("testsuites", name=case.tool, tests="1", failures=failures,
                        errors=errors, time=seconds)
    stamp = datetime.fromtimestamp(case.started, UTC).strftime("%Y-%m-%dT%H:%M:%S")
    suite = ET.SubElement(suites, "testsuite", id="0", package=package,
                          name=f"{case.tool} {case.game}", timestamp=stamp,
                          hostname=socket.gethostname() or "localhost", tests="1",
                          failures=failures, errors=errors, skipped="0", time=seconds)
    props = ET.SubElement(suite, "properties")
    for key, value in case.properties.items():
        ET.SubElement(props, "property", name=key,
                      value=json.dumps(value) if not isinstance(value, str) else value)
    element = ET.SubElement(suite, "testcase", classname=f"{package}.{case.game}",
                            name=case.name, time=seconds)
    if case.failed:
        ET.SubElement(element, "failure", type=case.outcome,
                      message=case.message).text = case.summary
    elif case.error is not None:
        ET.SubElement(element, "error", type="error", message=case.error).text = case.error
    ET.SubElement(suite, "system-out").text = case.summary
    ET.SubElement(suite, "system-err").text = ""
    ET.indent(suites)
    ET.ElementTree(suites).write(path, encoding="utf-8", xml_declaration=True)


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None
