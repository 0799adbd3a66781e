## The live pages of the tables, in a browser.

button-watch = Watch live
watch-waiting = Waiting for players: { $seated } of { $seats } seated.
watch-cancelled = This table was cancelled.
watch-finished = The game is over.
watch-stake = Each player stakes { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    }; the winner takes both.
watch-per-point = Each point is worth { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    }.
watch-left = { $who } left the table.
web-title = { $game } · table { $table } · Holotable
web-not-found-title = No such table
web-not-found = This link opens no table. Ask for the link again with /board in the table's channel.
web-board-alt = The board
web-no-board = The board appears when the game starts.
web-replay = Step through the game
web-step = step { $step } of { $steps }
web-follow = Back to live
web-moves = Moves
web-watchers = { $count ->
        [one] { $count } watching
       *[other] { $count } watching
    }
web-clock = Time left to act:
web-clock-over = time is up
web-droid = droid
web-points = { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
web-verify = Fair play
web-commitment = Seed commitment (SHA-256):
web-seed = Seed:
web-seed-hidden = The seed is revealed when the table ends; /verify then checks every roll.
web-footer = Holotable · this page follows the table by itself, no need to reload.
