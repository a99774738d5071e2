"""TLS: a bot over TLS plays, a plaintext client is refused by a TLS arena with a clear error,
and with a client CA a bot without a certificate is refused (certificates made in the test)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import trio

import arena
from engine import Termination
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BuiltinSeat
from scheduler._timecontrol import TimeControl
from tests.support.harness import grpc_bot, run_in_arena

pytest.importorskip("cryptography", reason="the TLS tests make their certificates with it "
                                            "(pip install -e '.[test]')")
from tests.support.certs import ScratchCa  # noqa: E402 - only once cryptography is there

PYTHON = sys.executable


def play_once(tls: arena.ServerTls, bot_flags: list[str], log: Path,
              command: str = f"{PYTHON} -m bots.run random --once",
              limits: arena.ClientLimits | None = None) -> tuple[str, int | None]:
    """One duel between a bot process with ``bot_flags`` and a built-in bot, on a TLS arena
    with client ``limits``: the termination, or "refused" and the bot's exit code if it never
    got in."""
    async def main(hosted: arena.Arena) -> tuple[str, int | None]:
        token = hosted.auth.issue("tls-bot")
        bot = grpc_bot(" ".join([command, *bot_flags]), "tls-bot", hosted.address, token, log)
        async with trio.open_nursery() as nursery:
            await nursery.start(bot.run)
            async with trio.open_nursery() as race:
                found = []

                async def joined() -> None:
                    found.append(await hosted.hub.wait_for_bot("tls-bot"))
                    race.cancel_scope.cancel()

                async def exited() -> None:
                    await bot.exited.wait()
                    race.cancel_scope.cancel()

                race.start_soon(joined)
                race.start_soon(exited)
            if not found:
                return "refused", bot.returncode
            seats = [arena.RemoteSeat(found[0]), BuiltinSeat("builtin", "random")]
            record = await run_match(MatchSpec("tls-1", "duel", 1, {"rounds": 3}), seats,
                                     TimeControl.per_move(5))
            nursery.cancel_scope.cancel()
        assert record.result is not None
        return record.result.termination.value, None

    return run_in_arena(main, tls=tls, limits=limits or arena.ClientLimits())


def mutual_tls_outcomes(command: str, folder: Path) -> list[str]:
    """Bot ``command`` on an arena that asks bots for a certificate: what became of it with
    its certificate, with the CA only, and in plaintext (a termination, or "refused")."""
    ca = ScratchCa(folder)
    server, client = ca.issue("server", server=True), ca.issue("bot", server=False)
    tls = arena.ServerTls.from_files(str(server.cert), str(server.key), str(ca.pem.cert))
    flags = [f"--tls-ca={ca.pem.cert}", f"--tls-cert={client.cert}", f"--tls-key={client.key}"]
    return [play_once(tls, given, folder / f"{label}.log", command)[0]
            for label, given in (("mutual", flags), ("no-cert", flags[:1]), ("plain", []))]


@pytest.fixture
def ca(tmp_path: Path) -> ScratchCa:
    return ScratchCa(tmp_path)


def test_a_bot_over_tls_plays(ca: ScratchCa, tmp_path: Path) -> None:
    server = ca.issue("server", server=True)
    tls = arena.ServerTls.from_files(str(server.cert), str(server.key))
    assert play_once(tls, [f"--tls-ca={ca.pem.cert}"], tmp_path / "bot.log") == (
        Termination.NORMAL.value, None)


def test_a_plaintext_bot_is_refused_by_a_tls_arena_and_told_why(ca: ScratchCa,
                                                                tmp_path: Path) -> None:
    server = ca.issue("server", server=True)
    tls = arena.ServerTls.from_files(str(server.cert), str(server.key))
    log = tmp_path / "bot.log"
    assert play_once(tls, [], log) == ("refused", 1)
    assert "UNAVAILABLE" in log.read_text() and "give --tls-ca" in log.read_text()


def test_with_a_client_ca_only_a_bot_with_a_certificate_gets_in(ca: ScratchCa,
                                                                tmp_path: Path) -> None:
    server = ca.issue("server", server=True)
    client = ca.issue("bot", server=False)
    tls = arena.ServerTls.from_files(str(server.cert), str(server.key), str(ca.pem.cert))
    assert play_once(tls, [f"--tls-ca={ca.pem.cert}"], tmp_path / "a.log") == ("refused", 1)
    assert play_once(tls, [f"--tls-ca={ca.pem.cert}", f"--tls-cert={client.cert}",
                           f"--tls-key={client.key}"], tmp_path / "b.log") == (
        Termination.NORMAL.value, None)


def test_mutual_tls_ends_in_grpc_behind_the_connection_front(ca: ScratchCa,
                                                             tmp_path: Path) -> None:
    """With a cap per host the arena accepts connections itself and passes their bytes on:
    TLS still ends in gRPC, which still asks for and checks the bot's certificate."""
    server = ca.issue("server", server=True)
    client = ca.issue("bot", server=False)
    tls = arena.ServerTls.from_files(str(server.cert), str(server.key), str(ca.pem.cert))
    capped = arena.ClientLimits(max_connections_per_host=2)
    assert play_once(tls, [f"--tls-ca={ca.pem.cert}"], tmp_path / "a.log",
                     limits=capped) == ("refused", 1)
    assert play_once(tls, [f"--tls-ca={ca.pem.cert}", f"--tls-cert={client.cert}",
                           f"--tls-key={client.key}"], tmp_path / "b.log", limits=capped) == (
        Termination.NORMAL.value, None)


def test_serve_refuses_half_a_tls_setup_by_name(tmp_path: Path) -> None:
    done = subprocess.run([PYTHON, "-m", "scheduler.cli", "serve", "--tls-cert", "x.pem",
                           "--db", str(tmp_path / "x.sqlite")], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 2 and "needs both --tls-cert and --tls-key" in done.stderr
