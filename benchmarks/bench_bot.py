"""A launched Python bot's own cost: ``python benchmarks/bench_bot.py [--against REV] [--cpu N]``.

The arena's side left out: this script plays the arena to one random bot process
(``python -m bots.run random``, over its standard streams, with the environment the launcher
gives a ``--sandbox none`` bot) from a recorded stream of Race requests, one frame at a time,
waiting for each answer as the arena does.

- start: the machine instructions (cachegrind; needs valgrind) of a bot that starts, says
  Hello, is welcomed and told the session is over: its whole life but the matches.
- per decision: the instructions of a session of 21 recorded matches less those of a session
  of 1, over the difference in decisions (so the start is left out).
- a launched tournament: the instructions of all the bot processes of a Race tournament of 40
  matches, 4 at once (8 processes), over its decisions: what the bots of a tournament cost,
  their starts included, as no load moves it.
- ``--cpu N``: also the CPU time (rusage) of the start and of a session of N matches, the
  median of 5 runs each (a noisy figure on a shared machine; the instructions are the ones to
  compare trees by).

``--against REV`` measures the bot of that commit too (its tree first on the bot's import
path), in the same run, the CPU runs alternating; the stream is recorded once by this tree's
arena (a Race tournament of two launched random bots, seed 7), the same for both.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arena._frames import BINARY, Decoder, encode  # noqa: E402
from arena.v1 import arena_service_pb2 as pb  # noqa: E402

PYTHON = sys.executable
BOT = [PYTHON, "-m", "bots.run", "random"]


# A Race tournament (seed 7) of bots a and b, launched without a sandbox, played by the arena
# of the tree it runs in (its current folder); prints the decisions.
_TOURNAMENT = r"""
import os, sys, tempfile, trio
from arena._launcher import Launch
from scheduler._store import Store
from scheduler._tournament import TournamentConfig, play_tournament
a, b, rounds, concurrency = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
config = TournamentConfig(game="race", bots=(f"a={a}", f"b={b}"), rounds=rounds,
                          concurrency=concurrency, move_time=60, seed=7)
with tempfile.TemporaryDirectory() as folder:
    store = Store(os.path.join(folder, "t.sqlite"))
    tid = store.create_tournament(config.to_dict(), config.schedule().pairs())
    async def play():
        await play_tournament(store, tid, launch=Launch())
    trio.run(play)
    print(sum(len(step) for record in store.matches(tournament_id=tid) for step in record.steps))
"""


def tournament(tree: Path, a: str, b: str, rounds: int, concurrency: int) -> int:
    """Play ``_TOURNAMENT`` with that tree's arena; its decisions."""
    done = subprocess.run([PYTHON, "-c", _TOURNAMENT, a, b, str(rounds), str(concurrency)],
                          cwd=tree, capture_output=True, text=True, timeout=1800, check=False)
    if done.returncode:
        raise RuntimeError(f"the tournament in {tree} failed:\n{done.stderr[-2000:]}")
    return int(done.stdout.split()[-1])


def record(folder: str) -> list[pb.PlayResponse]:
    """What the arena sent one launched random bot process in a Race tournament: welcome,
    two matches, session end."""
    bot = " ".join(BOT)
    tournament(ROOT, f"sh -c 'tee {folder}/stream.$$ | {bot}'", bot, 2, 1)
    streams = sorted(Path(folder).glob("stream.*"))
    decoder: Decoder[pb.PlayResponse] = Decoder(pb.PlayResponse, form=BINARY)
    messages = [m for m in decoder.feed(streams[0].read_bytes()) if m is not None]
    kinds = [m.WhichOneof("message") for m in messages]
    if kinds[0] != "welcome" or kinds[-1] != "session_ended" or "match_started" not in kinds:
        raise RuntimeError(f"the recorded stream is not one whole session: {kinds[:3]}...")
    return messages


def session(messages: list[pb.PlayResponse], matches: int) -> list[pb.PlayResponse]:
    """Welcome, the first recorded match ``matches`` times, session end."""
    kinds = [m.WhichOneof("message") for m in messages]
    first = kinds.index("match_started")
    last = kinds.index("match_ended", first)
    return [messages[0], *messages[first:last + 1] * matches, messages[-1]]


def bot_env(tree: Path) -> dict[str, str]:
    """The environment the launcher gives a bot without a sandbox (``Launch.prepare``), and
    one hash seed (string hashes move dictionaries' work by 2-3% between runs)."""
    env = {k: v for k, v in os.environ.items() if k not in ("ARENA_TOKEN", "ARENA_ADDRESS")}
    env.update({"ARENA_TRANSPORT": "stdio", "ARENA_BOT_NAME": "a", "PYTHONHASHSEED": "0",
                "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(tree)})
    return env


def play(messages: list[pb.PlayResponse], tree: Path, prefix: list[str] = ()
         ) -> tuple[int, float]:
    """Play ``messages`` to one bot process as the arena would; its decisions and CPU s."""
    process = subprocess.Popen([*prefix, *BOT], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               env=bot_env(tree), cwd=tree)
    assert process.stdin is not None and process.stdout is not None
    decoder: Decoder[pb.PlayRequest] = Decoder(pb.PlayRequest, form=BINARY)
    pending: list[pb.PlayRequest | None] = []
    out, inp = process.stdin.fileno(), process.stdout.fileno()

    def answer() -> pb.PlayRequest | None:
        while not pending:
            data = os.read(inp, 65536)
            if not data:
                raise RuntimeError("the bot closed its output")
            pending.extend(decoder.feed(data))
        return pending.pop(0)

    hello = answer()
    assert hello is not None and hello.WhichOneof("message") == "hello", hello
    decisions = 0
    for message in messages:
        os.write(out, encode(message, BINARY))
        if message.WhichOneof("message") == "decision_request":
            move = answer()
            assert move is not None and move.WhichOneof("message") == "move", move
            decisions += 1
    process.stdin.close()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    process.stdout.close()
    if process.returncode:
        raise RuntimeError(f"the bot exited with {process.returncode}")
    return decisions, usage.ru_utime + usage.ru_stime


def instructions(messages: list[pb.PlayResponse], tree: Path) -> int:
    """The bot process's instructions under cachegrind for a session of ``messages``."""
    with tempfile.NamedTemporaryFile("r", suffix=".log") as log:
        play(messages, tree, ["valgrind", "--tool=cachegrind", "--cache-sim=no",
                              "--cachegrind-out-file=/dev/null", f"--log-file={log.name}"])
        refs = [line for line in Path(log.name).read_text().splitlines() if "I   refs:" in line]
    return int(refs[-1].split(":")[1].replace(",", ""))


def tournament_instructions(tree: Path) -> tuple[int, float]:
    """The instructions of every bot process of a launched Race tournament (40 matches, 4 at
    once: 8 processes) played by that tree's arena and bots, per decision; and the processes."""
    with tempfile.TemporaryDirectory() as logs:
        bot = shlex.join(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", f"--log-file={logs}/%p.log", *BOT])
        decisions = tournament(tree, bot, bot, 20, 4)
        counts = [int(refs[-1].replace(",", "")) for log in Path(logs).glob("*.log")
                  if (refs := re.findall(r"I\s+refs:\s+([\d,]+)", log.read_text()))]
    return len(counts), sum(counts) / decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", metavar="REV",
                        help="also measure the bot of this commit, in the same run")
    parser.add_argument("--cpu", type=int, default=0, metavar="N",
                        help="also the CPU time of the start and of N matches")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        trees = [ROOT]
        if args.against:
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            from _checkout import checkout_of

            trees.append(stack.enter_context(checkout_of(args.against)))
        with tempfile.TemporaryDirectory() as folder:
            messages = record(folder)
        for tree in trees:  # launched bots do not write bytecode: what they import has it
            subprocess.run([PYTHON, "-m", "compileall", "-q", "bots", "arena"], cwd=tree,
                           check=True)
        bare, one, many = (session(messages, n) for n in (0, 1, 21))
        if shutil.which("valgrind"):
            extra = play(many, ROOT)[0] - play(one, ROOT)[0]
            for tree in trees:
                start = instructions(bare, tree)
                per = (instructions(many, tree) - instructions(one, tree)) / extra
                print(f"{tree}: a random bot's start {start / 1e6:.1f}M instructions, "
                      f"{per / 1e3:.1f}k a Race decision", flush=True)
            for tree in trees:
                processes, per = tournament_instructions(tree)
                print(f"{tree}: a launched tournament's {processes} bot processes (40 Race "
                      f"matches, 4 at once): {per / 1e3:.1f}k instructions a decision, their "
                      f"starts included", flush=True)
        else:
            print("valgrind not found: no instruction counts")
        if args.cpu:
            many = session(messages, args.cpu)
            starts: dict[Path, list[float]] = {tree: [] for tree in trees}
            runs: dict[Path, list[float]] = {tree: [] for tree in trees}
            decisions = 0
            for _ in range(5):
                for tree in trees:
                    starts[tree].append(play(bare, tree)[1])
                    decisions, cpu = play(many, tree)
                    runs[tree].append(cpu)
            for tree in trees:
                start = statistics.median(starts[tree])
                per = (statistics.median(runs[tree]) - start) / decisions
                print(f"{tree}: CPU {start * 1e3:.1f} ms to start, {per * 1e6:.1f} us a "
                      f"decision over {decisions} (medians of 5, {time.strftime('%H:%M')})")


if __name__ == "__main__":
    main()
