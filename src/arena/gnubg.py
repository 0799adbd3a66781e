# The arena's bridge to GNU Backgammon: `holotable arena` runs it inside gnubg
# (`gnubg -t -q -r -p FILE`) for its `gnubg` player, one gnubg per thread.
#
# Requests come on standard input, one a line:
#
#     hint POSITION-ID HIGH-DIE LOW-DIE [MATCH-ID]
#     rank POSITION-ID HIGH-DIE LOW-DIE PLIES
#     cube POSITION-ID MATCH-ID
#
# and each gets one line on standard output. A hint's answer is
#
#     ok GNUBG-POSITION-ID<TAB>PLAY<TAB>PLAY...
#
# the position as gnubg read it back, then every legal play in gnubg's notation, best first
# by gnubg's own 0-ply evaluation (no play listed: the roll cannot be used), in a 1-point
# match or in the match the Match ID describes (its score and cube). A rank request asks
# the same of a 1-point match at PLIES ply and answers `ok GNUBG-POSITION-ID<TAB>PLAY=EQUITY...`:
# each play with gnubg's equity for it (the better plays at PLIES, the rest where gnubg's
# move filter left them), to judge another player's plays. A cube request is asked
# from the side of the player on roll before the dice, no double offered; its answer,
#
#     ok double|no-double take|drop
#
# is gnubg's 0-ply cubeful verdict: whether that player should double, and whether the
# other should take if it did. Anything wrong is `error WHY`. gnubg prints a board after
# most commands: standard output is pointed elsewhere once the script starts, and the
# answers go to a copy of it.

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


ZERO_PLY = {"cubeful": 1, "plies": 0, "deterministic": 1, "noise": 0.0}


def hint(position_id, high, low, match_id=None):
    """gnubg's reading of the position and its plays, best first."""
    gnubg.command("new match 1")
    if match_id is None:
        gnubg.command("set turn 1")
    else:
        gnubg.command("set matchid %s" % match_id)
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


def rank(position_id, high, low, plies):
    """gnubg's plays at `plies` ply with their equities, best first."""
    if not 0 <= plies <= 3:
        raise ValueError("plies %d out of 0-3" % plies)
    gnubg.command("set evaluation chequerplay evaluation plies %d" % plies)
    try:
        gnubg.command("new match 1")
        gnubg.command("set turn 1")
        gnubg.command("set board %s" % position_id)
        gnubg.command("set dice %d %d" % (high, low))
        seen = gnubg.positionid(gnubg.board())
        found = gnubg.hint(100000)
    finally:
        gnubg.command("set evaluation chequerplay evaluation plies 0")
    if found.get("hinttype") != "chequer":
        raise ValueError("gnubg gave a %r hint" % found.get("hinttype"))
    return seen, ["%s=%.6f" % (e["move"], e["equity"]) for e in found["hint"]]


def cube(position_id, match_id):
    """gnubg's verdict on doubling now, and on taking that double."""
    gnubg.command("new match 1")
    gnubg.command("set matchid %s" % match_id)
    gnubg.command("set board %s" % position_id)
    info = gnubg.posinfo()
    if tuple(info["dice"]) != (0, 0) or info["doubled"]:
        raise ValueError("not a cube decision: %r" % info)
    seen = gnubg.positionid(gnubg.board())
    if seen != position_id:
        raise ValueError("gnubg read the position as %s" % seen)
    verdict = gnubg.cfevaluate(gnubg.board(), gnubg.cubeinfo(), ZERO_PLY)
    # gnubg's own recommendation, e.g. "Double, take", "Too good to double, pass",
    # "No redouble, beaver", "Optional double, take" (doubling and not worth the same),
    # "Never double, take (dead cube)".
    action, _, response = verdict[5].lower().partition(",")
    response = (response.split() or [""])[0]
    doubles = action.strip().startswith(("double", "redouble", "optional"))
    takes = response in ("take", "beaver")
    if not takes and response != "pass":
        raise ValueError("gnubg's verdict %r" % verdict[5])
    return ("double" if doubles else "no-double", "take" if takes else "drop")


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
            if words[:1] == ["hint"] and len(words) in (4, 5):
                match_id = words[4] if len(words) == 5 else None
                seen, plays = hint(words[1], int(words[2]), int(words[3]), match_id)
                answers.write("ok " + "\t".join([seen] + plays) + "\n")
            elif words[:1] == ["rank"] and len(words) == 5:
                seen, plays = rank(words[1], int(words[2]), int(words[3]), int(words[4]))
                answers.write("ok " + "\t".join([seen] + plays) + "\n")
            elif words[:1] == ["cube"] and len(words) == 3:
                answers.write("ok %s %s\n" % cube(words[1], words[2]))
            else:
                raise ValueError("not a request: %r" % line.strip())
        except Exception as e:
            answers.write("error " + " ".join(str(e).split()) + "\n")


main()
