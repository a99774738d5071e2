"""A JSON-lines random bot with one deliberate flaw, for ``arena bot validate``'s tests:
``python tests/support/broken_bot.py MODE``.

MODE: ``none`` (no flaw), ``illegal`` (answers id 999 at its third decision), ``mute`` (never
says Hello), ``slow`` (sleeps 5 s before its third answer), ``linger`` (ignores SessionEnded
and the end of its input: never exits), ``exit3`` (exits 3 when its session ends),
``one-match`` (exits 0 after its first match), ``crash`` (exits 1 at its third decision),
``raises`` (an uncaught KeyError from ``parse`` at its third decision: Python prints the
traceback and exits 1), ``unknown-game`` (declares a game that does not exist),
``race-only`` (declares race).
"""

import json
import random
import sys
import time

mode = sys.argv[1]


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def parse(request: dict) -> object:
    return request["no such field"]


if mode == "mute":
    sys.stdin.read()  # says nothing, and waits to be killed
    time.sleep(3600)
games = {"unknown-game": ["sector41", "chess"], "race-only": ["race"]}.get(mode, [])
send({"hello": {"botName": "broken", "protocolVersion": 1, "games": games}})
decisions = 0
for line in sys.stdin:
    message = json.loads(line)
    if "decisionRequest" in message:
        request = message["decisionRequest"]
        decisions += 1
        action = random.choice(request["legal"])["id"]
        if decisions == 3 and mode == "illegal":
            action = 999
        if decisions == 3 and mode == "slow":
            time.sleep(5)
        if decisions == 3 and mode == "crash":
            sys.exit(1)
        if decisions == 3 and mode == "raises":
            parse(request)
        send({"move": {"matchId": request["matchId"], "decisionId": request["decisionId"],
                       "actionId": action}})
    elif "matchEnded" in message and mode == "one-match":
        sys.exit(0)
    elif "sessionEnded" in message:
        break
if mode == "linger":
    while True:
        time.sleep(3600)
sys.exit(3 if mode == "exit3" else 0)
