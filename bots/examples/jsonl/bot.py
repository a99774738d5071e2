"""A random bot in 30 lines with no protobuf and no SDK: the JSON-lines form of the protocol.

Launched by the arena (`--bot mine="python3 bots/examples/jsonl/bot.py"`), a bot reads one
JSON object per line on stdin and writes one per line on stdout: the arena.v1 messages in
protobuf's JSON mapping (field names in lowerCamelCase, 64-bit ids as strings). Any language
that can read a line and parse JSON can do the same.
"""

import json
import os
import random
import sys


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


send({"hello": {"botName": os.environ.get("ARENA_BOT_NAME", "jsonl"), "protocolVersion": 1}})
welcomed = False
for line in sys.stdin:
    message = json.loads(line)
    if "welcome" in message:
        welcomed = True
    elif "decisionRequest" in message:
        request = message["decisionRequest"]
        choice = random.choice(request["legal"])
        send({"move": {"matchId": request["matchId"], "decisionId": request["decisionId"],
                       "actionId": choice["id"]}})
    elif "error" in message:
        print(f"arena: {message['error']['message']}", file=sys.stderr)
        if not welcomed:
            sys.exit(3)  # refused
    elif "sessionEnded" in message:
        break
