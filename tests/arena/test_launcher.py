"""Command lines of launched bots."""

from __future__ import annotations

import pytest

from arena._launcher import Limits, bot_argv, parse_bot


def test_connection_arguments_survive_a_token_that_looks_like_a_flag() -> None:
    argv = bot_argv("mybot --fast", "me", "127.0.0.1:5", "-tricky", Limits(100, 7))
    assert argv[argv.index("--") + 1:] == [
        "mybot", "--fast", "--address=127.0.0.1:5", "--token=-tricky", "--name=me"]
    assert "--memory-mb=100" in argv and "--cpu-seconds=7" in argv


def test_placeholders_are_filled_instead_of_appending() -> None:
    argv = bot_argv("run.sh {address} {token}", "me", "h:1", "tok", Limits())
    assert argv[argv.index("--") + 1:] == ["run.sh", "h:1", "tok"]


@pytest.mark.parametrize("spec, message", [
    ("nocommand", "accepted: NAME=COMMAND"),
    ("=cmd", "accepted: NAME=COMMAND"),
    ("bad name=cmd", "bad bot name 'bad name'"),
    # the rule a Hello's bot_name and `arena bot add` follow too: not every Unicode letter
    ("café=cmd", "bad bot name 'café'; accepted: 1 to 64 of A-Z a-z 0-9"),
])
def test_bad_bot_specs_say_what_is_accepted(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_bot(spec)
