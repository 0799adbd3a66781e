## Text drawn on board images.

side-white = White
side-black = Black
board-wins = { $who } wins · { $reason } · { $score }
board-over = { $reason } · { $score }
board-last = Last: { $action }
board-series = Series to { $target }: { $score }
board-dj-to-move = { $who } to move ({ $side })
board-dj-augmentations = { $count ->
        [one] ({ $count } augmentation)
       *[other] ({ $count } augmentations)
    }
board-dj-kills = , kills { $cell }
board-bg-off = { $count } off
board-bg-pips = { $name }  ·  { $pips } pips
board-bg-money = BACKGAMMON · MONEY GAME
board-bg-match = MATCH TO { $length } · { $white }–{ $black }
board-bg-crawford = CRAWFORD
board-bg-wins = { $who } wins the { $what ->
        [match] match
       *[game] game
    } · { $score }
board-bg-opening = Opening roll
board-bg-next = Game over · score { $white }–{ $black } · next: the opening roll
board-bg-to-roll = { $who } to roll
board-bg-doubled = { $who } doubles to { $cube }: { $taker } to take or drop
board-bg-roll-or-double = { $who } to roll or double
board-bg-to-play = { $who } to play { $high }-{ $low }
board-bg-cube-centred = Cube { $value } (centred)
board-bg-cube-owned = Cube { $value } ({ $who }'s)
side-red = Red
board-zk-drawing = Drawing…
board-zk-set-up = { $who } to set up
side-orange = Orange
side-purple = Purple
board-kg-reserve = Reserve
board-kg-kingdoms = Kingdoms
board-kg-answer = { $who } to move: answer the Assassin in { $kingdoms }
side-green = Green
side-blue = Blue
side-yellow = Yellow
board-dz-target = target { $cell } for { $who }
board-dz-out = { $who } (out)
board-dz-reserve = Reserve
board-dz-captures = Captures
board-dz-place = { $who } to roll for the steel ({ $left } to place)
board-dz-first = { $who } to roll for the first turn
board-dz-claim = { $who } may claim the missed play
board-dz-choose = { $who } to deposit, move or pass
board-dz-roll = { $who } to roll
board-lost = lost
