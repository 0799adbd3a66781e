## The games' names and rules summaries (`game-<id>`, `rules-<id>`).

game-dejarik = Dejarik
game-backgammon = Backgammon
rules-dejarik = **Dejarik** — a circular board: the centre C, an inner ring i1–i12 (the combat zone) and an outer ring o1–o12 (home). Each player has four pieces; White starts on o5–o8, Black on o11, o12, o1, o2. A turn is one move: from the outer ring to C (Dejarik), from C to any outer cell, straight out (o5-i5), diagonally out one or two spokes, or back home (i5-o5). No diagonal on a player's first move. A diagonal exit that lands beside an enemy kills it; landing in front of a friendly piece makes it jump two more cells (augmentation). Win with four in a row on the inner ring (3 points), two kills (2 points), or three in a row after losing a piece (1 point). Moves are written from-to: `o5-i5`, `o5-C`, `o5-i10`.
rules-backgammon = **Backgammon** (alias jacquet) — exactly as GNU Backgammon plays it. Each player has 15 checkers and moves them from its 24-point towards its home board (points 1–6), then bears them off; the first to bear off all 15 wins. Each die moves one checker; doubles are played four times; use both dice if you can, else the higher one. A single enemy checker (a blot) you land on goes to the bar and must re-enter first; two or more enemy checkers block a point. A win is 1 point, a gammon 2 (the loser bore off nothing), a backgammon 3 (and still has a checker on the bar or in the winner's home), times the cube. Matches: `/play game:backgammon to:5`. Before rolling you may **Double**; your opponent **Takes** (the cube doubles and is theirs) or **Drops** (loses the cube's value). No doubling in the Crawford game (right after someone reaches match point minus one). Plays are written as gnubg writes them: `24/18 13/9`, `bar/22* 13/11`, `8/5(2) 6/3(2)`, `6/off`; type part of one in /move to find it. Points are numbered from the side of the player to move.

## Backgammon's actions in words (BG-5).

bg-rolls = { $who } rolls { $high }-{ $low }.
bg-doubles = { $who } doubles to { $cube }.
bg-takes = { $who } takes.
bg-drops = { $who } drops.
bg-resigns = { $who } offers to resign { $kind ->
        [single] a single game
        [gammon] a gammon
       *[backgammon] a backgammon
    }.
bg-accepts = { $who } accepts the resignation.
bg-rejects = { $who } rejects the resignation.

## Why a game ended.

game-agreed = ended by agreement
game-ended = ended
dj-aligns-four = { $who } aligns four pieces
dj-lost-two = { $who } has lost two pieces
dj-aligns-three = { $who } aligns three pieces
dj-blocked = all pieces are blocked: null game
dj-repetition = draw by threefold repetition
dj-cap = move cap of { $cap } moves reached: null game
dj-forfeits = { $who } forfeits
bg-money-over = money game over
bg-match-over = match to { $length } over
bg-resigned-match = { $who } resigned the match
bg-opening = Opening roll: { $first } { $high }, { $second } { $low }: { $first } starts with { $high }-{ $low }.
bg-game-won = { $who } wins the game: { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $kind ->
        [dropped] {" "}(double dropped)
        [resigned] {" "}(resignation accepted)
        [gammon] {" "}(gammon)
        [backgammon] {" "}(backgammon)
       *[single] {""}
    }.
bg-match-score = Match to { $length }: { $white }–{ $black }.
bg-crawford-next = Next is the Crawford game: no doubling.

## The rules' refusals, in the players' words.

rules-game-over = The game is over.
dj-no-piece = There is no piece on { $cell }.
dj-not-yours = The piece on { $cell } is { $owner ->
        [white] White's
       *[black] Black's
    }: it is not yours to move.
dj-first-diagonal = { $move } is a diagonal exit, not allowed on a player's first move (DJ-3.8).
dj-cannot-move = { $move } is not legal: the piece on { $cell } cannot move.
dj-can-play = { $move } is not legal; the piece on { $cell } can play { $moves }.
dj-no-pass = You cannot pass: pass is legal only with no legal move (DJ-5.6).
dj-too-long = The move is too long.
dj-bad-cell = '{ $cell }' is not a cell (cells are C, i1…i12 and o1…o12).
dj-not-a-move = '{ $text }' is not a move: write it as <from>-<to>, e.g. o5-i5, or pass.
bg-no-move = No move given: write one such as 24/18 13/11.
bg-bad-repeat = '{ $text }': a repeat is written (2), (3) or (4).
bg-bad-point = '{ $text }' names a point that does not exist (1–24, bar or off).
bg-bad-path = '{ $text }': a move goes from a point to another, e.g. 24/18.
bg-backwards = '{ $text }': checkers move from higher points to lower ones.
bg-no-checkers = '{ $text }' moves checkers that are not there.
bg-not-legal = '{ $text }' is not a legal play with these dice.
bg-ambiguous = '{ $text }' is ambiguous: write one of { $options }.
bg-bad-die = '{ $text }' is not a die (1–6).
bg-bad-resign = Resign single, gammon or backgammon, not '{ $text }'.
bg-no-dice = No dice are rolled: there is no play to make yet.
bg-must-pass = No checker can move with these dice: the only action is to pass.
bg-opening-under-way = The opening roll starts a game; this game is under way.
bg-opening-dice = The opening roll is two different dice, 1–6 each.
bg-no-roll-now = The dice are not to be rolled now.
bg-dice-range = Dice show 1 to 6.
bg-nothing-to-decide = There is nothing to decide before this roll.
bg-resign-by-actor = A resignation is offered by the player to act.
bg-answer-first = Answer the pending offer first.
bg-resign-kind = Resign single, gammon or backgammon.
bg-no-resignation = No resignation has been offered.
bg-no-double = No double has been offered.
bg-roll-first = Roll the dice before moving.
bg-not-legal-play = That play is not legal with these dice.
bg-pass-only = A pass is only for a roll that no checker can use.
bg-cube-one-point = A 1-point match has no cube.
bg-cube-crawford = No doubling in the Crawford game.
bg-cube-max = The cube is at 64, its highest value.
bg-cube-before-roll = A double is offered before rolling.
bg-cube-offered = A double is already offered.
bg-cube-theirs = Your opponent owns the cube.
bg-cube-not-now = You cannot double now.
option-whole = { $option } must be a whole number from { $min } to { $max }.
option-flag = { $option } is yes or no, not “{ $value }”.
option-text = { $option } must be text.
option-setup = setup is not a position in the game's notation: { $error }
dj-option-side = { $option } must be w, b, white, black, 0 or 1.

## Zatak (ZK).

zk-five = { $who } has taken five dice
zk-no-move = the other player has no legal move
zk-repetition = draw by threefold repetition
zk-cap = { $cap } moves without a capture: draw
zk-setup-faces = A set-up shows the faces 1 to 6 once each (ZK-2.3).
zk-setup-first = The set-up comes first: write setup and six faces, e.g. setup 123456.
zk-setup-over = The set-up is over.
zk-illegal = { $move } is not a legal move.
zk-bad-action = That is not a Zatak action.
zk-bad-setup = '{ $text }': a set-up is setup and six faces, e.g. setup 123456.
zk-not-legal = '{ $text }' is not a legal move here.
zk-forfeits = { $who } forfeits
zk-random-free = random and free cannot both be on (ZK-7).
zk-obstacles = The { $count } obstacles are drawn before the set-up, outside both zones (ZK-7.2).
zk-free-long = With free, a set-up names its cells: setup c1=2,c2=4,d1=1,… (ZK-7.1).
zk-not-free = A set-up on cells of your choice needs the option free (ZK-7.1).
zk-free-shared = Two dice never share a cell (ZK-2.1).
zk-free-occupied = A free set-up uses empty cells that are not obstacles (ZK-7.1).
zk-free-corner = One die stands on your corner (ZK-7.1).
zk-free-connected = The six dice form one connected group (ZK-7.1).
game-zatak = Zatak
rules-zatak = **Zatak** — a hexagon of 37 cells (files a–g); each player has six dice, White at the bottom corner d1, Red at the top corner d7. First each sets up its dice on its corner triangle showing 1 to 6 once each (`setup 123456`: the faces on d1 c1 e1 b1 d2 f1). Then, in turn, a player moves one die exactly as many steps as its face, in a straight line, never onto its own dice or off the board. Landing on an enemy die on the way captures it, and after each capture the die may turn to any direction (back included) for its remaining steps. Take five enemy dice to win; a player with no move loses. Moves list the start, every capture with x, and the end: `d4-f4`, `d4-xd5-c5`. Options: `adjust` (turn a die one face instead of moving), `takeface`, `free`, `random`, `obstacles:2`, `nocapture:N`.
zk-sets-up = { $who } sets up the dice (cell: face): { $setup }.
zk-adjusts = { $who } turns the die on { $cell } from { $from } to { $to }.
zk-obstacles-drawn = Obstacles drawn on { $cells }.
game-kingdoms = Halloween Kingdoms
rules-kingdoms = **Halloween Kingdoms** — a 9×9 board (files a–i, ranks 1–9) cut into nine 3×3 kingdoms, K1 at the top left to K9 at the bottom right. Orange (who starts) and Purple each have 12 pieces in reserve: 3 Ghosts `G`, 2 Witches `W`, 2 Black Cats `C`, 2 Bats `B`, 1 Pumpkin `P`, 2 Assassins `A`. Orange places a first piece anywhere, Purple one next to it; after that a turn is one action: place a piece next to one of yours in the same kingdom (`G@e5`) or move one (`e5-e6`). Ghost: to any empty cell. Witch: like a chess queen, flying over pieces. Cat: a knight's jump. Bat: slides along a line to the last empty cell. Pumpkin: one step. Assassin: three orthogonal steps over empty cells, each next to another piece (`e5-f5-f6-g6`, written `e5-g6`). After every action all the pieces, of both colours, form one chain. A piece alone in a kingdom with an enemy Assassin (and none of its own) is threatened: its owner must answer, by leaving or by bringing a piece in; a Ghost gets one turn of grace. Hold all nine kingdoms to win. `pass` only when nothing is legal; two passes in a row, a threefold repetition or 300 actions make a draw. Option: `cap:N`.
kg-nine = { $who } holds all nine kingdoms
kg-two-passes = both players passed: draw
kg-repetition = draw by threefold repetition
kg-cap = { $cap } actions played: draw
kg-forfeits = { $who } forfeits
kg-places = { $who } places { $piece ->
        [G] a Ghost
        [W] a Witch
        [C] a Black Cat
        [B] a Bat
        [P] the Pumpkin
       *[A] an Assassin
    } on { $cell }.
kg-moves = { $who } moves { $piece ->
        [G] a Ghost
        [W] a Witch
        [C] a Black Cat
        [B] a Bat
        [P] the Pumpkin
       *[A] an Assassin
    } from { $from } to { $to }.
kg-passes = { $who } has no legal action and passes.
kg-threat = { $who }'s { $piece ->
        [G] Ghost
        [W] Witch
        [C] Black Cat
        [B] Bat
        [P] Pumpkin
       *[A] Assassin
    } on { $cell } stands alone in K{ $kingdom } beside an enemy Assassin: { $who } must answer the threat.
kg-no-pass = You may pass only when no other action is legal (KG-7.2).
kg-none-left = No { $piece ->
        [G] Ghost
        [W] Witch
        [C] Black Cat
        [B] Bat
        [P] Pumpkin
       *[A] Assassin
    } is left in your reserve (KG-2.3).
kg-occupied = { $action }: that cell is not empty (KG-2.4).
kg-place-where = { $action }: a piece is placed next to one of yours in the same kingdom (KG-3.4).
kg-no-piece = { $action }: there is no piece on the starting cell.
kg-not-yours = { $action }: that piece is not yours.
kg-cannot-reach = { $action }: { $piece ->
        [G] a Ghost
        [W] a Witch
        [C] a Black Cat
        [B] a Bat
        [P] the Pumpkin
       *[A] an Assassin
    } does not move that way (KG-4).
kg-chain = { $action } would break the chain of pieces (KG-5).
kg-answer = { $action } leaves the Assassin's threat in { $kingdoms } unanswered (KG-6.6).
kg-bad-action = '{ $text }': write G@e5 to place a piece, e5-e6 to move one, or pass.
kg-bad-path = '{ $text }' is not a path of your Assassin: three orthogonal steps over empty cells, never back, each next to another piece (KG-4.6).
kg-bad-position = Not a Halloween Kingdoms position: { $error }
kg-place-first = { $action }: your first piece goes next to Orange's piece, in any kingdom (KG-3.2).
game-dzone = D-Zone
rules-dzone = **D-Zone** — 2 to 4 players (Red, Green, Blue, Yellow in seat order) on a 6×6 zone: the black die names the column, the white die the row, so each roll names a target cell (`34`). Each player has 6 marbles in reserve; steel marbles (one per player) are rolled onto the zone first, or stay from the channel's last game. Lowest sum plays first. On your roll: an empty target lets you deposit a marble there (`deposit 34`), move one of yours there along a shortest staircase path, taking every opponent marble on the way (`move 22-42-44`), or pass; an opponent's marble on the target is captured first; steel on the target is rolled elsewhere; your own marble ends the turn. Pass when you could have played and the next player may claim that marble (`claim 22`, or `waive`). A player without marbles is out; the last one in wins, or, after three idle rounds, 400 turns or an agreed end, the most captures. Options: `marbles:N`, `steel:N`, `strict`, `fresh`.
dz-last = { $who } is the last player in
dz-most-captures = { $who } has the most captures
dz-tie = a tie on captures
dz-roll-first = The dice are rolled first.
dz-not-rolling = A roll is not a player's action here.
dz-strict-pass = With strict you pass only when nothing can be played (DZ-5.4). Legal: { $legal }.
dz-illegal = { $action } is not legal here. Legal: { $legal }.
dz-rolls = { $who } rolls { $black } (black) and { $white } (white).
dz-rolls-steel = { $who } rolls { $black } and { $white }: steel on { $cell }.
dz-rolls-steel-again = { $who } rolls { $black } and { $white }: steel there already, again.
dz-rolls-first = { $who } rolls { $black } and { $white } for the first turn: { $sum }.
dz-rolls-relocate = { $who } rolls { $black } and { $white }: the steel goes to { $cell }.
dz-rolls-relocate-own = { $who } rolls { $black } and { $white }: the steel goes to { $cell }, and { $who }'s marble there goes back to the reserve.
dz-rolls-relocate-takes = { $who } rolls { $black } and { $white }: the steel goes to { $cell }, and { $who } takes { $owner }'s marble there.
dz-rolls-lifts = { $who } rolls { $black } (black) and { $white } (white): the steel on { $cell } is lifted and rolled again.
dz-rolls-own = { $who } rolls { $black } (black) and { $white } (white): { $who }'s own marble is on { $cell }, the turn ends.
dz-rolls-takes = { $who } rolls { $black } (black) and { $white } (white) and takes { $owner }'s marble on { $cell }.
dz-out = { $who } is out.
dz-deposits = { $who } deposits a marble on { $cell }.
dz-moves = { $who } moves a marble from { $from } to { $to }.
dz-moves-taking = { $who } moves a marble from { $from } to { $to }, taking { $taken ->
        [one] the marble on { $cells }
       *[other] { $taken } marbles ({ $cells })
    }.
dz-passes = { $who } passes.
dz-claims = { $who } claims the marble on { $cell }.
dz-claims-depot = { $who } claims a marble from the passer's reserve.
dz-waives = { $who } lets the missed play go.
dz-bad-action = '{ $text }': write deposit 44, move 22-44, pass, claim 22, claim depot or waive.
dz-no-marble = { $cell } holds no marble of yours.
dz-no-path = No legal path from { $from } to { $to } (DZ-4.3).
dz-ambiguous = That move is ambiguous; say which: { $moves }.
dz-bad-path = '{ $text }' is not a legal path: each step one closer to the target, never over steel or your own marbles (DZ-4.3).
dz-bad-position = Not a D-Zone position: { $error }

## Buttons of the games' decisions.

decision-roll = Roll
decision-double = Double
decision-take = Take
decision-drop = Drop
decision-accept = Accept
decision-reject = Reject
decision-pass = Pass
decision-waive = Waive

## Move menus: each entry names a step on the way to an action, or the action itself.

menu-action = { $action }
menu-pass = Pass
dj-menu-from = The piece on { $cell }
dj-menu-move = { $from } to { $to }{ $kills ->
        [yes] , killing
       *[no] {""}
    }
bg-menu-first = { $from ->
        [bar] From the bar
       *[other] From { $from }
    } { $to ->
        [off] off
       *[other] to { $to }
    }, then…
bg-menu-play = Play { $play }
bg-menu-resign = Resign { $kind ->
        [single] a single game
        [gammon] a gammon
       *[backgammon] a backgammon
    }
zk-menu-from = The { $face } on { $cell }
zk-menu-move = To { $to }{ $taken ->
        [0] {""}
       *[other] , taking { $cells }
    } ({ $from }–{ $to })
zk-menu-adjust = Turn it from { $from } to { $to }
zk-menu-die = { $face } on { $cell }
zk-menu-cell = Next die on { $cell }
zk-menu-setup = Set up { $setup }
kg-menu-place = Place { $piece ->
        [G] a Ghost
        [W] a Witch
        [C] a Black Cat
        [B] a Bat
        [P] the Pumpkin
       *[A] an Assassin
    }
kg-menu-kingdom = In kingdom K{ $kingdom }
kg-menu-placed = { $piece ->
        [G] A Ghost
        [W] A Witch
        [C] A Black Cat
        [B] A Bat
        [P] The Pumpkin
       *[A] An Assassin
    } on { $cell }
kg-menu-from = Move the { $piece ->
        [G] Ghost
        [W] Witch
        [C] Black Cat
        [B] Bat
        [P] Pumpkin
       *[A] Assassin
    } on { $cell }
kg-menu-moved = The { $piece ->
        [G] Ghost
        [W] Witch
        [C] Black Cat
        [B] Bat
        [P] Pumpkin
       *[A] Assassin
    } from { $from } to { $to }
dz-menu-from = The marble on { $cell }
dz-menu-move = { $from } to { $to }{ $via ->
        [none] {""}
       *[other] {" "}via { $via }
    }{ $taken ->
        [0] {""}
        [one] , taking { $taken } marble
       *[other] , taking { $taken } marbles
    }
dz-menu-deposit = Deposit a marble on { $cell }
dz-menu-claim = Claim the marble on { $cell }
dz-menu-claim-depot = Claim a marble from the passer's reserve
dz-menu-waive = Let the missed play go
