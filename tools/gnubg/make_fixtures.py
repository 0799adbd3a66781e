# make_fixtures.py -- generate backgammon reference fixtures from GNU Backgammon.
#
# Run from the repository root, inside gnubg (checked with gnubg 1.07.001):
#
#     gnubg -t -q -r -p tools/gnubg/make_fixtures.py > /dev/null
#
# (gnubg prints a board after most commands; progress and the summary go to stderr.
#  Set FIXTURE_DIR to write somewhere other than tests/fixtures/backgammon.)
# Runtime is about a minute on one core; only 0-ply evaluations are used (no rollouts).
# Deterministic: all positions, dice and match states come from random.Random(SEED);
# gnubg's own RNG is seeded too, although no gnubg-rolled dice reach the output.
#
# Writes
#   tests/fixtures/backgammon/plays.jsonl  one position + dice per line, with every legal play
#   tests/fixtures/backgammon/ids.jsonl    Position ID / Match ID cases with gnubg's decoding
#
# Conventions (verified against gnubg 1.07 by this script's assertions, not from memory):
# * board = gnubg's anBoard as returned by gnubg.board(): board[0] = the player NOT on roll,
#   board[1] = the player on roll (the Match ID's "dice owner"/fMove), each from its own
#   side: index 0..23 = that player's points 1..24, index 24 = its bar.  Borne-off checkers
#   are implicit (15 - sum).  A player's point p is the opponent's point 25 - p, i.e. the
#   opponent's array index 24 - p.  `set turn T` followed by `set board <PositionID>` gives
#   the same gnubg.board() for T = 0 and T = 1: the Position ID and the board are always
#   relative to the player on roll, the player index only lives in the Match ID.
# * plays[].board is the position right after the play, still from the mover's side
#   (board[1] = the player who just moved; NOT swapped).  It is taken from gnubg itself:
#   the play is executed with gnubg's `move` command and gnubg.board() read back (after a
#   move gnubg.board() is (mover, opponent), which this script swaps back).  It is also
#   cross-checked against (a) applying gnubg.parsemove(notation) by hand and (b) an
#   independent Python legal-play generator (max dice rule, higher-die rule, dedup by
#   resulting position); the script aborts on any disagreement.
# * dice in plays.jsonl are set with `set dice HIGH LOW`, so gnubg holds them high-first
#   and they equal the Match ID's dice.  gnubg keeps `set dice 2 5` as (2, 5) internally,
#   but the Match ID always encodes the higher die first (see ids.jsonl, dice_held).
# * position_id / match_id are gnubg.positionid() / gnubg.matchid() for the live state.
# * for non-doubles the hint list is also taken with the dice held low-first; the set of
#   move strings must be identical (it always was), i.e. notation does not depend on it.
# * plays are listed in gnubg's hint order (0-ply cubeful equity, best first); the order is
#   not part of the rules.  An empty list means no legal play (gnubg's `move` then passes).

import json
import os
import random
import sys

import gnubg

SEED = 20240611
C = gnubg.command
OUT_DIR = os.environ.get("FIXTURE_DIR", os.path.join(os.getcwd(), "tests", "fixtures", "backgammon"))

GAMESTATES = {0: "none", 1: "playing", 2: "over", 3: "resigned", 4: "dropped"}
START = ((0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0),) * 2
ALL_ROLLS = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]  # 21, high first


def log(msg):
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()


# --------------------------------------------------------------------------------------
# independent rules model (only used to cross-check gnubg and to pick crafted positions)

def norm(b):
    return (tuple(b[0]), tuple(b[1]))


def swap(b):
    return (tuple(b[1]), tuple(b[0]))


def valid(b):
    opp, me = b
    if len(opp) != 25 or len(me) != 25 or min(opp) < 0 or min(me) < 0:
        return False
    if sum(opp) > 15 or sum(me) > 15 or sum(opp) == 0 or sum(me) == 0:
        return False
    for p in range(1, 25):
        if me[p - 1] and opp[24 - p]:
            return False
    return True


def single_moves(b, d):
    """All positions reachable by moving one checker of the player on roll (b[1]) d pips."""
    opp, me = b
    out = []
    sources = [25] if me[24] else [p for p in range(1, 25) if me[p - 1]]
    all_home = me[24] == 0 and sum(me[6:24]) == 0
    for p in sources:
        t = p - d
        nme = list(me)
        nopp = list(opp)
        nme[p - 1] -= 1
        if t >= 1:
            oi = 24 - t
            if opp[oi] >= 2:
                continue
            nme[t - 1] += 1
            if opp[oi] == 1:
                nopp[oi] = 0
                nopp[24] += 1
        else:
            if not all_home:
                continue
            if t < 0 and any(me[q - 1] for q in range(p + 1, 7)):
                continue
        out.append((tuple(nopp), tuple(nme)))
    return out


def legal_results(b, dice):
    """(set of resulting positions, dice used, single die playable flags)."""
    d1, d2 = dice
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    best = (0, 0)
    results = set()
    for order in orders:
        level = {b}
        for k, d in enumerate(order):
            nxt = set()
            for x in level:
                nxt.update(single_moves(x, d))
            if not nxt:
                break
            level = nxt
            key = (k + 1, sum(order[: k + 1]))
            if key > best:
                best = key
                results = set(level)
            elif key == best:
                results |= level
    return results, best[0]


def apply_tuples(b, tuples):
    """Apply gnubg.parsemove() output ((from, to), ...) with 25 = bar, 0 = off."""
    opp, me = list(b[0]), list(b[1])
    for f, t in tuples:
        assert me[f - 1] > 0, (b, tuples)
        me[f - 1] -= 1
        if t > 0:
            oi = 24 - t
            assert opp[oi] <= 1, (b, tuples)
            if opp[oi] == 1:
                opp[oi] = 0
                opp[24] += 1
            me[t - 1] += 1
    return (tuple(opp), tuple(me))


B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def decode_matchid(s):
    """Independent decoder (bit layout of gnubg's matchid.c), used only as a cross-check."""
    v = [B64.index(c) for c in s]
    key = []
    for i in range(3):
        a, b_, c, d = v[4 * i: 4 * i + 4]
        key += [(a << 2 | b_ >> 4) & 255, (b_ << 4 | c >> 2) & 255, (c << 6 | d) & 255]
    n = int.from_bytes(bytes(key), "little")

    def g(pos, nb):
        return (n >> pos) & ((1 << nb) - 1)

    own = g(4, 2)
    return dict(cube=1 << g(0, 4), cube_owner=-1 if own == 3 else own, on_roll=g(6, 1),
                crawford=bool(g(7, 1)), game_state=g(8, 3), turn=g(11, 1),
                double_offered=bool(g(12, 1)), resigned=g(13, 2), dice=[g(15, 3), g(18, 3)],
                match_length=g(21, 15), score=[g(36, 15), g(51, 15)], jacoby=not g(66, 1))


# --------------------------------------------------------------------------------------
# gnubg session helpers

def init_gnubg():
    for cmd in ["set player 0 human", "set player 1 human", "set automatic roll off",
                "set automatic game off", "set automatic bearoff off", "set confirm new off",
                "set rng mersenne", "set seed %d" % SEED,
                "set evaluation chequerplay evaluation plies 0",
                "set evaluation cubedecision evaluation plies 0",
                "set evaluation chequerplay evaluation noise 0",
                "set evaluation chequerplay evaluation deterministic on",
                "set display off", "set jacoby on"]:
        C(cmd)


def random_cfg(rng):
    cubes = [1, 1, 1, 2, 2, 4, 4, 8, 16, 32, 64]
    cfg = dict(turn=rng.randint(0, 1), crawford=False, jacoby=True, score=(0, 0))
    if rng.random() < 0.3:
        cfg["length"] = 0
        cfg["jacoby"] = rng.random() < 0.6
    else:
        cfg["length"] = rng.choice([1, 3, 3, 5, 5, 7, 7, 9, 11, 13, 15, 17, 21, 25])
    n = cfg["length"]
    cube = rng.choice(cubes)
    if n == 1:
        cube = 1
    elif n > 1:
        r = rng.random()
        if r < 0.25:  # somebody at match point: Crawford or post-Crawford
            lead = rng.randint(0, 1)
            sc = [0, 0]
            sc[lead] = n - 1
            sc[1 - lead] = rng.randint(0, n - 1) if rng.random() < 0.8 else n - 1
            cfg["score"] = tuple(sc)
            if sc[1 - lead] < n - 1 and rng.random() < 0.5:
                cfg["crawford"] = True
                cube = 1
        else:
            cfg["score"] = (rng.randint(0, n - 2), rng.randint(0, n - 2))
    cfg["cube"] = cube
    cfg["owner"] = -1 if cube == 1 else rng.choice([-1, 0, 1])
    return cfg


def setup(cfg, board, dice, turn=None, check=True):
    """Put gnubg in the given match state / position via gnubg's own commands."""
    turn = cfg["turn"] if turn is None else turn
    if cfg["length"] == 0:
        C("set jacoby %s" % ("on" if cfg["jacoby"] else "off"))
        C("new session")
    else:
        C("new match %d" % cfg["length"])
        if cfg["score"] != (0, 0):
            C("set score %d %d" % cfg["score"])
        if cfg["crawford"]:
            C("set crawford on")
        elif cfg["length"] - 1 in cfg["score"]:
            C("set crawford off")
    if cfg["cube"] > 1:
        C("set cube value %d" % cfg["cube"])
        C("set cube owner %d" % cfg["owner"] if cfg["owner"] >= 0 else "set cube centre")
    C("set turn %d" % turn)
    C("set board %s" % gnubg.positionid(board))
    if dice:
        C("set dice %d %d" % tuple(dice))
    if check:
        ci = gnubg.cubeinfo()
        pi = gnubg.posinfo()
        assert norm(gnubg.board()) == norm(board), (gnubg.board(), board)
        want = dict(cube=cfg["cube"], cubeowner=cfg["owner"], move=turn, matchto=cfg["length"],
                    crawford=int(cfg["crawford"]))
        got = {k: ci[k] for k in want}
        assert got == want, (got, want)
        if cfg["length"]:
            assert tuple(ci["score"]) == tuple(cfg["score"]), (ci, cfg)
        else:
            assert ci["jacoby"] == int(cfg["jacoby"]), (ci, cfg)
        assert pi["turn"] == turn and pi["gamestate"] == 1
        assert tuple(pi["dice"]) == (tuple(dice) if dice else (0, 0)), (pi, dice)


def gnubg_play_results(board, dice, moves):
    """Execute each move string with gnubg's `move` command; return resulting boards
    (mover's side, board[1] = mover)."""
    out = []
    C("set jacoby on")
    C("new session")
    pid = gnubg.positionid(board)
    for mv in moves:
        C("set turn 1")
        C("set board %s" % pid)
        C("set dice %d %d" % tuple(dice))
        assert norm(gnubg.board()) == norm(board)
        C("move %s" % mv)
        pi = gnubg.posinfo()
        assert pi["turn"] == 0 and tuple(pi["dice"]) == (0, 0), ("move rejected?", mv, pi)
        out.append(swap(gnubg.board()))
        if pi["gamestate"] != 1:
            C("new session")
    return out


def hint_moves():
    h = gnubg.hint(100000)
    assert h["hinttype"] == "chequer", h
    for e in h["hint"]:
        assert e["context"]["plies"] == 0, e["context"]
    return [e["move"] for e in h["hint"]]


STATS = {"records": 0, "plays": 0, "dice": {}, "sources": {}, "checked_reverse": 0}


def make_record(board, dice, cfg, source):
    """Return the fixture dict (or raise on any disagreement)."""
    board = norm(board)
    assert valid(board), board
    dice = [max(dice), min(dice)]
    setup(cfg, board, dice)
    pid = gnubg.positionid()
    mid = gnubg.matchid()
    moves = hint_moves()
    # every cross-check
    assert len(set(moves)) == len(moves), moves
    results = gnubg_play_results(board, dice, moves)
    for mv, res in zip(moves, results):
        manual = apply_tuples(board, gnubg.parsemove(mv))
        assert manual == res, ("parsemove/apply mismatch", board, dice, mv, manual, res)
    assert len(set(results)) == len(results), ("duplicate results", board, dice, moves)
    mine, used = legal_results(board, tuple(dice))
    assert set(results) == mine, ("legal set mismatch", board, dice, moves,
                                  [m for m in mine if m not in set(results)])
    if dice[0] != dice[1]:
        # gnubg's list (moves and notation) does not depend on the order the dice are held in
        C("set jacoby on")
        C("new session")
        C("set turn 1")
        C("set board %s" % pid)
        C("set dice %d %d" % (dice[1], dice[0]))
        assert set(hint_moves()) == set(moves), ("dice order changes the list", board, dice)
        STATS["checked_reverse"] += 1
    STATS["records"] += 1
    return {"board": [list(board[0]), list(board[1])], "dice": dice, "position_id": pid,
            "match_id": mid, "source": source,
            "plays": [{"board": [list(r[0]), list(r[1])], "move": m} for m, r in zip(moves, results)]}


# --------------------------------------------------------------------------------------
# position generators (mover = b[1]); all return valid boards

def place(rng, arr, n, points):
    for _ in range(n):
        arr[rng.choice(points) - 1] += 1


def gen_free(rng, me_pts, opp_pts, me_n=15, opp_n=15, me_bar=0, opp_bar=0, me_off=0, opp_off=0):
    """me_pts / opp_pts in mover coordinates (1..24); opp stored in its own coordinates."""
    me = [0] * 25
    opp = [0] * 25
    me[24] = me_bar
    opp[24] = opp_bar
    place(rng, me, me_n - me_bar - me_off, me_pts)
    taken = {p for p in range(1, 25) if me[p - 1]}
    free = [p for p in opp_pts if p not in taken]
    if not free:
        free = [p for p in range(1, 25) if p not in taken]
    for _ in range(opp_n - opp_bar - opp_off):
        q = rng.choice(free)
        opp[24 - q] += 1
    return (tuple(opp), tuple(me))


def gen_contact(rng):
    me_pts = rng.sample(range(1, 25), rng.randint(3, 9))
    opp_pts = rng.sample(range(1, 25), rng.randint(3, 9))
    return gen_free(rng, me_pts, opp_pts,
                    me_bar=rng.choice([0, 0, 0, 1, 2]), opp_bar=rng.choice([0, 0, 0, 1]),
                    me_off=rng.choice([0, 0, 0, 2, 5]), opp_off=rng.choice([0, 0, 0, 3]))


def gen_closed(rng, n_open, n_bar):
    """Mover has n_bar on the bar; opponent's home board (mover points 19..24) has
    6 - n_open points made; open points are empty, an opponent blot, or mover checkers."""
    me = [0] * 25
    opp = [0] * 25
    me[24] = n_bar
    home = list(range(19, 25))
    open_pts = rng.sample(home, n_open)
    closed = [p for p in home if p not in open_pts]
    for p in closed:
        opp[24 - p] = 2
    left_opp = 15 - 2 * len(closed)
    for p in closed:
        if left_opp > 0 and rng.random() < 0.25:
            opp[24 - p] += 1
            left_opp -= 1
    left_me = 15 - n_bar - rng.choice([0, 0, 0, 3])
    for p in open_pts:
        r = rng.random()
        if r < 0.3 and left_opp > 0:
            opp[24 - p] = 1
            left_opp -= 1
        elif r < 0.45 and left_me > 1:
            me[p - 1] = 1
            left_me -= 1
    others = rng.sample(range(1, 19), rng.randint(2, 6))
    for _ in range(left_me):
        me[rng.choice(others) - 1] += 1
    taken = {p for p in range(1, 25) if me[p - 1]}
    free = [p for p in range(1, 19) if p not in taken]
    opp_spots = rng.sample(free, min(len(free), rng.randint(1, 4)))
    left_opp -= rng.choice([0, 0, 2])
    for _ in range(max(left_opp, 0)):
        q = rng.choice(opp_spots)
        opp[24 - q] += 1
    return (tuple(opp), tuple(me))


def gen_bearoff(rng, highest):
    """Mover all home, highest occupied point = highest; opponent somewhere."""
    me = [0] * 25
    n = rng.randint(1, 15)
    me[highest - 1] = 1
    for _ in range(n - 1):
        me[rng.randint(1, highest) - 1] += 1
    r = rng.random()
    if r < 0.5:  # pure race
        opp_pts = list(range(7, 25)) if rng.random() < 0.5 else list(range(19, 25))
        opp_bar = 0
    else:  # contact: opponent checkers in mover's home / on the bar
        opp_pts = list(range(1, 25))
        opp_bar = rng.choice([0, 1])
    mb = (tuple([0] * 25), tuple(me))
    opp = [0] * 25
    opp[24] = opp_bar
    free = [p for p in opp_pts if not me[p - 1]] or [p for p in range(7, 25)]
    spots = rng.sample(free, min(len(free), rng.randint(1, 5)))
    for _ in range(rng.randint(1, 15) - opp_bar):
        q = rng.choice(spots)
        opp[24 - q] += 1
    return (tuple(opp), mb[1])


def gen_race(rng):
    """No contact: every mover checker has passed every opponent checker; the mover is not
    yet all home."""
    b = rng.randint(8, 20)
    me = [0] * 25
    opp = [0] * 25
    me_pts = rng.sample(range(1, b + 1), rng.randint(2, min(8, b)))
    if max(me_pts) < 7:
        me_pts.append(rng.randint(7, b))
    for _ in range(rng.randint(3, 15)):
        me[rng.choice(me_pts) - 1] += 1
    me[max(me_pts) - 1] += 1 if sum(me) < 15 else 0
    opp_pts = rng.sample(range(b + 1, 25), rng.randint(1, min(6, 24 - b)))
    for _ in range(rng.randint(1, 15)):
        q = rng.choice(opp_pts)
        opp[24 - q] += 1
    return (tuple(opp), tuple(me))


def gen_blocked(rng):
    """Opponent prime in front of a few mover checkers; produces partial plays."""
    me = [0] * 25
    opp = [0] * 25
    plen = rng.randint(3, 6)
    start = rng.randint(1, 24 - plen + 1)  # prime occupies mover points start..start+plen-1
    prime = list(range(start, start + plen))
    used_opp = 0
    for p in prime:
        opp[24 - p] = 2
        used_opp += 2
    behind = [p for p in range(start + plen, 25)]
    n_back = rng.randint(1, 3)
    if behind and rng.random() < 0.7:
        for _ in range(n_back):
            me[rng.choice(behind) - 1] += 1
    else:
        me[24] = n_back
    n_me = 15 - n_back - rng.randint(0, 14 - n_back)
    front = [p for p in range(1, start) if not opp[24 - p]]
    if rng.random() < 0.5:
        front = [p for p in front if p <= 6] or front
    if front:
        spots = rng.sample(front, min(len(front), rng.randint(1, 4)))
        for _ in range(n_me):
            me[rng.choice(spots) - 1] += 1
    left = 15 - used_opp - rng.randint(0, max(0, 15 - used_opp))
    free = [p for p in range(1, 25) if not me[p - 1] and not opp[24 - p]]
    for _ in range(left):
        q = rng.choice(free)
        opp[24 - q] += 1
    if rng.random() < 0.2:
        opp[24] += 1
    return (tuple(opp), tuple(me))


# --------------------------------------------------------------------------------------

def main():
    rng = random.Random(SEED)
    init_gnubg()
    os.makedirs(OUT_DIR, exist_ok=True)
    records = []
    seen = {}

    def add(board, dice, cfg, source, reuse=False):
        """Record a position; a repeated position+roll returns None (or the earlier record
        if reuse is set, so that a game can continue from it)."""
        board = norm(board)
        key = (board, tuple(sorted(dice)))
        if key in seen:
            return seen[key] if reuse else None
        rec = make_record(board, dice, cfg, source)
        seen[key] = rec
        records.append(rec)
        STATS["plays"] += len(rec["plays"])
        k = "%d%d" % tuple(rec["dice"])
        STATS["dice"][k] = STATS["dice"].get(k, 0) + 1
        STATS["sources"][source] = STATS["sources"].get(source, 0) + 1
        if len(records) % 250 == 0:
            log("... %d records" % len(records))
        return rec

    # -- sanity checks against hand counts ---------------------------------------------
    rec = make_record(START, (3, 1), random_cfg(rng), "selftest")
    assert len(rec["plays"]) == 16, rec  # 16 distinct opening 3-1 plays
    assert rec["position_id"] == "4HPwATDgc/ABMA"
    rec = make_record(START, (6, 6), random_cfg(rng), "selftest")
    assert len(rec["plays"]) == 11, [p["move"] for p in rec["plays"]]
    # 2 checkers on 1 and 2 pt, roll 2-1: "2/off 1/off" and "2/off" (= 2/1, 1/off)
    b = ((0,) * 5 + (3,) + (0,) * 19, (1, 1) + (0,) * 23)
    rec = make_record(b, (2, 1), random_cfg(rng), "selftest")
    assert sorted(p["move"] for p in rec["plays"]) == ["2/off", "2/off 1/off"], rec

    # -- games: gnubg 0-ply best plays, random legal plays, and a mix -------------------
    def play_game(policy, max_records):
        cfg = random_cfg(rng)
        board = START
        turn = cfg["turn"]
        first = True
        n = 0
        while n < max_records:
            if first:
                d = rng.sample(range(1, 7), 2)
                first = False
            else:
                d = [rng.randint(1, 6), rng.randint(1, 6)]
            c = dict(cfg)
            c["turn"] = turn
            rec = add(board, d, c, "game-" + policy, reuse=True)
            n += 1
            plays = rec["plays"]
            if plays:
                if policy == "best" or (policy == "mixed" and rng.random() < 0.5):
                    chosen = plays[0]
                else:
                    chosen = rng.choice(plays)
                res = norm(chosen["board"])
            else:
                res = board
            if sum(res[1]) == 0:
                return
            board = swap(res)
            turn = 1 - turn

    for i in range(16):
        play_game("best", 80)
    log("best games done: %d" % len(records))
    for i in range(7):
        play_game("random", 110)
    log("random games done: %d" % len(records))
    for i in range(8):
        play_game("mixed", 80)
    log("mixed games done: %d" % len(records))

    # -- crafted: bar against closed / nearly closed boards -----------------------------
    k = 0
    for n_open in range(7):
        for n_bar in (1, 2, 3):
            for rep in range(8):
                b = gen_closed(rng, n_open, n_bar)
                if not valid(b):
                    continue
                add(b, ALL_ROLLS[k % 21], random_cfg(rng), "bar-closed-%dopen-%dbar" % (n_open, n_bar))
                k += 1

    # -- crafted: non-contact races (not yet all home) --------------------------------
    for k in range(168):
        b = gen_race(rng)
        if valid(b):
            add(b, ALL_ROLLS[k % 21], random_cfg(rng), "race")

    # -- crafted: bear-off with dice higher than the highest point ----------------------
    k = 0
    for highest in range(1, 7):
        for rep in range(30):
            b = gen_bearoff(rng, highest)
            if not valid(b):
                continue
            if rep % 3 == 2:
                d = ALL_ROLLS[k % 21]
            else:
                hi = [r for r in ALL_ROLLS if r[0] > highest] or ALL_ROLLS
                d = hi[k % len(hi)]
            add(b, d, random_cfg(rng), "bearoff-high%d" % highest)
            k += 1

    # -- crafted by classification with the independent model ---------------------------
    quotas = {"no-move": 90, "one-die-only": 70, "higher-die-rule": 90,
              "double-partial-1": 40, "double-partial-2": 40, "double-partial-3": 40,
              "intermediate-hit": 90, "contact": 150}
    have = {q: 0 for q in quotas}
    tries = 0
    while any(have[q] < quotas[q] for q in quotas) and tries < 400000:
        tries += 1
        r = rng.random()
        b = gen_blocked(rng) if r < 0.6 else (gen_contact(rng) if r < 0.9 else gen_closed(rng, rng.randint(0, 2), rng.randint(1, 3)))
        if not valid(b):
            continue
        d = list(rng.choice(ALL_ROLLS))
        res, used = legal_results(b, tuple(d))
        cat = None
        if used == 0:
            cat = "no-move"
        elif d[0] != d[1] and used == 1:
            hi_ok = bool(single_moves(b, max(d)))
            lo_ok = bool(single_moves(b, min(d)))
            cat = "higher-die-rule" if (hi_ok and lo_ok) else "one-die-only"
        elif d[0] == d[1] and used < 4:
            cat = "double-partial-%d" % used
        else:
            # could one checker hit on its first stop and then move on with the other die?
            opp, me = b
            inter = False
            for p in ([25] if me[24] == 1 else [] if me[24] else [p for p in range(1, 25) if me[p - 1]]):
                for a, c2 in ((d[0], d[1]), (d[1], d[0])):
                    t = p - a
                    t2 = t - c2
                    if 1 <= t <= 24 and opp[24 - t] == 1 and 1 <= t2 <= 24 and opp[24 - t2] < 2:
                        inter = True
            cat = "intermediate-hit" if inter else "contact"
        if have[cat] >= quotas[cat]:
            continue
        rec = add(b, d, random_cfg(rng), cat)
        if rec is None:
            continue
        if cat == "intermediate-hit" and not any("*/" in p["move"] for p in rec["plays"]):
            STATS["sources"][cat] -= 1
            STATS["sources"]["contact"] = STATS["sources"].get("contact", 0) + 1
            rec["source"] = "contact"
            continue
        have[cat] += 1
    log("crafted done: %d records, %s, tries %d" % (len(records), have, tries))

    with open(os.path.join(OUT_DIR, "plays.jsonl"), "w") as f:
        for rec in records:
            f.write(json.dumps(rec, separators=(",", ":")) + "\n")

    ids = make_ids(rng, records)
    with open(os.path.join(OUT_DIR, "ids.jsonl"), "w") as f:
        for rec in ids:
            f.write(json.dumps(rec, separators=(",", ":")) + "\n")

    missing = [r for r in ALL_ROLLS if "%d%d" % r not in STATS["dice"]]
    assert not missing, missing
    log("plays.jsonl: %d records, %d plays, %d with no play, reverse-dice checks %d"
        % (len(records), STATS["plays"], sum(1 for r in records if not r["plays"]), STATS["checked_reverse"]))
    log("dice: %s" % json.dumps(STATS["dice"], sort_keys=True))
    log("sources: %s" % json.dumps(STATS["sources"], sort_keys=True))
    log("ids.jsonl: %d records" % len(ids))


# --------------------------------------------------------------------------------------
# ids.jsonl

def id_record(note, dice_held=None):
    """Record gnubg's live state: IDs, board and the fields gnubg decodes from them."""
    pid = gnubg.positionid()
    mid = gnubg.matchid()
    pi = gnubg.posinfo()
    dec = decode_matchid(mid)
    rec = {"position_id": pid, "match_id": mid, "board": [list(x) for x in gnubg.board()]}
    try:
        ci = gnubg.cubeinfo()
    except Exception:
        ci = None
    fields_from = "gnubg.cubeinfo()+gnubg.posinfo()"
    if ci is None:
        # gnubg refuses to build a cubeinfo once the match is over (score >= length)
        fields_from = "gnubg.posinfo(); cube/score/length via gnubg.match() and the bit layout"
        m = gnubg.match(0, 0, 0, 0)
        assert m["match-info"]["match-length"] == dec["match_length"]
        ci = {"cube": dec["cube"], "cubeowner": dec["cube_owner"], "move": dec["on_roll"],
              "matchto": dec["match_length"], "score": tuple(dec["score"]),
              "crawford": int(dec["crawford"]), "jacoby": int(dec["jacoby"])}
    score = list(ci["score"])
    if ci["matchto"] == 0 and tuple(dec["score"]) != tuple(score):
        # gnubg's cubeinfo zeroes the score for money sessions; the Match ID keeps it
        rec["money_score_note"] = "gnubg.cubeinfo() reports score (0,0) in money play; the Match ID carries the session score"
        score = dec["score"]
    dice = list(pi["dice"])
    dice_id = sorted(dice, reverse=True)
    rec.update({
        "on_roll": ci["move"],
        "turn": pi["turn"],
        "dice": dice_id,
        "dice_held": dice,
        "cube": ci["cube"],
        "cube_owner": ci["cubeowner"],
        "crawford": bool(ci["crawford"]),
        "jacoby": bool(ci["jacoby"]),
        "match_length": ci["matchto"],
        "score": score,
        "double_offered": bool(pi["doubled"]),
        "resigned": pi["resigned"],
        "game_state": pi["gamestate"],
        "game_state_name": GAMESTATES[pi["gamestate"]],
        "note": note,
        "fields_from": fields_from,
    })
    # cross-check gnubg's fields against the independent bit decoder
    for k in ["on_roll", "turn", "dice", "cube", "cube_owner", "crawford", "jacoby",
              "match_length", "score", "double_offered", "resigned", "game_state"]:
        assert dec[k] == rec[k], (k, dec[k], rec[k], mid, note)
    if dice_held is not None:
        assert dice == list(dice_held)
    return rec


def reimport_check(rec):
    """Import the IDs into a fresh gnubg session (`set matchid`, `set board`) and see
    whether gnubg reproduces them."""
    C("set jacoby on")
    C("new session")
    C("set matchid %s" % rec["match_id"])
    rec["gnubg_reimport_matchid_identical"] = gnubg.matchid() == rec["match_id"]
    C("set board %s" % rec["position_id"])
    same = gnubg.positionid() == rec["position_id"]
    rec["gnubg_reimport_positionid_identical"] = same
    if same:
        assert norm(gnubg.board()) == norm(rec["board"])
    return rec


def make_ids(rng, records):
    out = []
    pool = [norm(r["board"]) for r in records if r["source"].startswith("game") or r["source"] == "contact"]

    def emit(note, dice_held=None):
        rec = id_record(note, dice_held)
        out.append(rec)
        return rec

    def pending():
        # re-import mutates gnubg's state, so do it after the live capture of a scenario
        for rec in out:
            if "gnubg_reimport_matchid_identical" not in rec:
                reimport_check(rec)

    # 1) plain states: not rolled, rolled (either dice order), right after a play / pass
    for i in range(110):
        cfg = random_cfg(rng)
        board = rng.choice(pool)
        setup(cfg, board, None)
        emit("dice not rolled")
        d = [rng.randint(1, 6), rng.randint(1, 6)]
        C("set dice %d %d" % tuple(d))
        emit("dice rolled; set with `set dice %d %d`" % tuple(d), d)
        moves = hint_moves()
        if moves:
            mv = rng.choice(moves)
            C("move %s" % mv)
            pi = gnubg.posinfo()
            assert pi["turn"] == 1 - cfg["turn"] and tuple(pi["dice"]) == (0, 0), pi
            emit("right after the play `%s` by player %d: gnubg flips the player on roll and clears the dice" % (mv, cfg["turn"]))
        else:
            C("move")
            emit("right after player %d passed (no legal play): player on roll flipped, dice cleared" % cfg["turn"])
        pending()

    # 2) doubling: offered, then taken or dropped
    n = 0
    tries = 0
    while n < 45 and tries < 2000:
        tries += 1
        cfg = random_cfg(rng)
        if cfg["length"] == 1 or cfg["crawford"] or cfg["cube"] >= 32:
            continue
        if cfg["owner"] == 1 - cfg["turn"]:
            cfg["owner"] = rng.choice([-1, cfg["turn"]]) if cfg["cube"] > 1 else -1
        if cfg["length"] and cfg["cube"] >= cfg["length"]:
            continue
        setup(cfg, rng.choice(pool), None)
        C("double")
        if not gnubg.posinfo()["doubled"]:
            continue
        emit("player %d doubled (cube offered, not yet answered)" % cfg["turn"])
        if rng.random() < 0.6:
            C("take")
            emit("double taken: cube turned, owned by the taker, doubler still to roll")
        else:
            C("drop")
            emit("double dropped: game over by drop, score updated")
        pending()
        n += 1

    # 3) resignation: offered, accepted or rejected
    for i in range(30):
        cfg = random_cfg(rng)
        setup(cfg, rng.choice(pool), None)
        kind = rng.choice(["normal", "gammon", "backgammon"])
        C("resign %s" % kind)
        if not gnubg.posinfo()["resigned"]:
            continue
        emit("player %d offered to resign (%s)" % (cfg["turn"], kind))
        if rng.random() < 0.5:
            C("accept")
            emit("resignation (%s) accepted: game over, score updated" % kind)
        else:
            C("reject")
            emit("resignation (%s) rejected" % kind)
        pending()

    # 4) a play that ends the game (gammons and backgammons included)
    for i in range(40):
        cfg = random_cfg(rng)
        me = [0] * 25
        for _ in range(rng.randint(1, 4)):
            me[rng.randint(0, 2)] += 1
        opp = [0] * 25
        r = rng.random()
        if r < 0.4:
            pts = list(range(4, 19))  # loser has not borne off; some in winner's home?
            n_opp = 15
            if rng.random() < 0.5:
                opp[24 - rng.randint(19, 24)] += 1  # a checker in the winner's home: backgammon
                n_opp -= 1
        else:
            pts = list(range(13, 25))
            n_opp = rng.randint(1, 14)
        for _ in range(n_opp):
            q = rng.choice([p for p in pts if not me[p - 1]])
            opp[24 - q] += 1
        b = (tuple(opp), tuple(me))
        if not valid(b):
            continue
        d = [6, 6] if sum(me) > 2 else [rng.randint(3, 6), rng.randint(3, 6)]
        setup(cfg, b, sorted(d, reverse=True))
        moves = hint_moves()
        res = gnubg_play_results(b, sorted(d, reverse=True), moves[:1])[0]
        if sum(res[1]) != 0:
            continue
        setup(cfg, b, sorted(d, reverse=True))
        C("move %s" % moves[0])
        pi = gnubg.posinfo()
        assert pi["turn"] == 1 - cfg["turn"] and tuple(pi["dice"]) == (0, 0) and pi["gamestate"] == 2, pi
        assert sum(gnubg.board()[0]) == 0
        emit("right after the game-ending play `%s` by player %d (game over; winner's board[0] is empty)" % (moves[0], cfg["turn"]))
        pending()

    # 5) money sessions with a running score, Jacoby on and off
    for i in range(20):
        cfg = random_cfg(rng)
        cfg["length"] = 0
        cfg["crawford"] = False
        cfg["score"] = (0, 0)
        cfg["jacoby"] = bool(i % 2)
        setup(cfg, rng.choice(pool), None)
        sc = (rng.randint(0, 40), rng.randint(0, 40))
        C("set score %d %d" % sc)
        if rng.random() < 0.5:
            C("set dice %d %d" % (rng.randint(1, 6), rng.randint(1, 6)))
        emit("money session with `set score %d %d` (jacoby %s)" % (sc + ("on" if cfg["jacoby"] else "off",)))
        pending()
    return out


try:
    main()
except Exception:
    import traceback
    traceback.print_exc(file=sys.stderr)
    raise
