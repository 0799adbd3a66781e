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
web-side = seat { $seat }, { $side }
web-droid = droid
web-bets = Side bets: { $pool } credits in the pool, for those who backed the winner.
web-backed = backed with { $amount } credits
web-points = { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
web-verify = Fair play
web-commitment = Seed commitment (SHA-256):
web-seed = Seed:
web-seed-hidden = The seed is revealed when the table ends; /verify then checks every roll.
web-footer = Holotable · this page follows the table by itself, no need to reload.
web-lobby-title = The cantina's tables
web-lobby-live = Playing now
web-lobby-none = No table is open right now.
web-lobby-recent = Recent results
web-lobby-leaders = Richest members
web-lobby-footer = Holotable · this page reads itself again every 20 seconds; each table's page follows its game live.
admin-lobby-on = The server's lobby page shows this channel's tables: { $url } (take them off with /admin set setting:web_lobby value:0 here).
admin-lobby-off = The server's lobby page is off; its link opens nothing any more.
admin-lobby-unavailable = This bot serves no web pages (it has no [web] public_url), so there is no lobby page to turn on.
admin-lobby-value = web_lobby takes 1 (on) or 0 (off), not { $value }.
admin-lobby-channel-off = This channel's tables are off the lobby page; the other channels opened to it stay on.

## A seat's own page.
web-play-title = Your seat
web-play-spent = This link plays no more: the table has ended or the seat is no longer yours. The page still follows the table.
web-play-no-chat = The bot is not connected to its chat yet, so nothing was played. Try again in a moment.
web-play-waiting = { $who } is to act. Your moves come here as soon as it is your turn.
web-play-touch = Touch a piece on the board to see where it may go, then where it goes; or choose below.

## The Discord Activity.
activity-connecting = Connecting to Discord…
activity-no-table = There is nothing to open in this channel. Close the Activity and open it again.
activity-start-intro = No table plays in this channel. Start one: against the droid, or open to everyone here (the channel gets its message, with a button to join).
activity-start-droid = Play the droid
activity-start-open = Open a table
activity-waiting = Your seat opens here as soon as the table starts.
activity-expired = This Activity's session has ended. Close the Activity and open it again.
activity-refused = Discord did not confirm who you are, or that you opened the Activity in this channel. Close the Activity and open it again.
activity-failed = This page works inside Discord: open it from the Activities of a channel.
