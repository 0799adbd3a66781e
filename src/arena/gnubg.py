# The arena's bridge to GNU Backgammon: `holotable arena` runs it inside gnubg
# (`gnubg -t -q -r -p FILE`) for its `gnubg` player, one gnubg per thread.
#
# Requests come on standard input, one a line:
#
#     hint POSITION-ID HIGH-DIE LOW-DIE
#
# and each gets one line on standard output:
#
#     ok GNUBG-POSITION-ID<TAB>PLAY<TAB>PLAY...
#
# the position as gnubg read it back, then every legal play in gnubg's notation, best first
# by gnubg's own 0-ply evaluation for a 1-point match (no play listed: the roll cannot be
# used), or `error WHY`. gnubg prints a board after most commands: standard output is
# pointed elsewhere once the script starts, and the answers go to a copy of it.

import os
import sys

import gnubg

SETUP = [
    "set player 0 human",
    "set player 1 human",
    "set automatic roll off",
    "set automatic game off",
    "set automatic bearoff off",
    "set confirm new off",
    "set evaluation chequerplay evaluation plies 0",
    "set evaluation chequerplay evaluation noise 0",
    "set evaluation chequerplay evaluation deterministic on",
    "set evaluation cubedecision evaluation plies 0",
]


def hint(position_id, high, low):
    """gnubg's reading of the position and its plays, best first."""
    gnubg.command("new match 1")
    gnubg.command("set turn 1")
    gnubg.command("set board %s" % position_id)
    gnubg.command("set dice %d %d" % (high, low))
    seen = gnubg.positionid(gnubg.board())
    dice = tuple(gnubg.posinfo()["dice"])
    if sorted(dice) != sorted((high, low)):
        raise ValueError("gnubg holds the dice %r, not %d-%d" % (dice, high, low))
    try:
        found = gnubg.hint(100000)
    except Exception:
        # gnubg has no hint where the roll cannot be used.
        found = None
    plays = []
    if found:
        if found.get("hinttype") != "chequer":
            raise ValueError("gnubg gave a %r hint" % found.get("hinttype"))
        for entry in found["hint"]:
            if entry["context"]["plies"] != 0:
                raise ValueError("gnubg evaluated at %r ply" % entry["context"]["plies"])
            plays.append(entry["move"])
    return seen, plays


def main():
    answers = os.fdopen(os.dup(1), "w", buffering=1)
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    for command in SETUP:
        gnubg.command(command)
    answers.write("ready\n")
    for line in sys.stdin:
        words = line.split()
        try:
            if len(words) != 4 or words[0] != "hint":
                raise ValueError("not a request: %r" % line.strip())
            seen, plays = hint(words[1], int(words[2]), int(words[3]))
            answers.write("ok " + "\t".join([seen] + plays) + "\n")
        except Exception as e:
            answers.write("error " + " ".join(str(e).split()) + "\n")


main()
