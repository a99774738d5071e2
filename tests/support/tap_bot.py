"""``python tests/support/tap_bot.py COMMAND...``: run a JSON-lines bot, logging every line
both ways, in order, to the file ``$TAP_LOG`` (``> `` what the bot writes, ``< `` what it
reads), then ``  (end of input)`` and ``  (exit status N)``. Used to check the transcript in
docs/bots.md against a real session."""

import os
import subprocess
import sys
import threading

log = open(os.environ["TAP_LOG"], "w")  # noqa: SIM115 - open for the process's life
lock = threading.Lock()
bot = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
assert bot.stdin is not None and bot.stdout is not None


def write(line: str) -> None:
    with lock:
        log.write(line)
        log.flush()


def arena_to_bot() -> None:
    assert bot.stdin is not None
    for line in sys.stdin.buffer:
        write("< " + line.decode())
        try:
            bot.stdin.write(line)
            bot.stdin.flush()
        except BrokenPipeError:  # the bot has gone: the rest is still logged
            pass
    write("  (end of input)\n")
    try:
        bot.stdin.close()
    except BrokenPipeError:
        pass


reader = threading.Thread(target=arena_to_bot)
reader.start()
for line in bot.stdout:
    write("> " + line.decode())
    sys.stdout.buffer.write(line)
    sys.stdout.flush()
reader.join()  # the arena ends the input with the session
write(f"  (exit status {bot.wait()})\n")
sys.exit(bot.returncode)
