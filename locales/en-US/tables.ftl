## Opening a table: /play, seats, challenges.

list-and = { $first } and { $last }
play-unknown-game = Unknown game '{ $game }'. Games: { $games }.
play-channel-busy = Table #{ $table } is already active in this channel; finish it (or /resign) first.
play-self = You cannot challenge yourself.
play-open = { $who } opens a { $game } table{ $terms } (table #{ $table }): anyone may join ({ $seats }).
play-open-seated = Seated so far ({ $taken }/{ $seats }): { $players }.
play-challenge = { $who } challenges { $opponent } to { $game }{ $terms } (table #{ $table }). { $opponent }, do you accept?
play-per-point-positive = per_point must be a positive number of credits.
play-wager-or-per-point = Choose a wager or per_point stakes, not both.
play-per-point-two = per_point stakes are for two players: open the table with seats:2.
play-wager-minimum = The wager must be at least { $min } credits.
play-wager-funds = You have { $balance ->
        [one] { $balance } credit
       *[other] { $balance } credits
    }; the wager is { $stake }.
play-unknown-option = { $game } has no option '{ $option }' ({ $count ->
        [0] it has none
       *[other] options: { $options }
    }).
play-to-range = to must be from 1 to 99 points.
play-needs-more = { $game } needs more players: open a table without an opponent.
play-challenge-two = A challenge is for two players: open a table without an opponent for more.
play-seats-range = { $game } is played by { $players }, not { $seats }.
play-level-range = level must be from 1 to 5, not { $level }.
play-first-needs-opponent = first:them and first:random need an opponent.
play-first-bad = first must be me, them or random, not '{ $value }'
players-exactly = { $count ->
        [one] { $count } player
       *[other] { $count } players
    }
players-range = { $min } to { $max } players
terms-wager = for { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    } each
terms-per-point = for { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    } a point
terms-target = first to { $target } points
play-per-point-funds = { $who } has { $balance ->
        [one] { $balance } credit
       *[other] { $balance } credits
    }, less than one point of this series ({ $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    }).
terms-match = a match to { $target } points
button-accept = Accept
button-decline = Decline
button-join = Join
button-seat-droid = Seat the droid
button-start = Start
table-already-started = Table #{ $table } has already started.
begin-players = Table #{ $table }: { $game } — { $players }.
begin-escrow = { $stake ->
        [one] { $stake } credit
       *[other] { $stake } credits
    } { $seats ->
        [2] each
       *[other] from every seat
    } in escrow; the winner takes { $pot } and a slot token.
begin-series = A series to { $target } points.
begin-per-point = After each game the loser pays { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    } a point.
begin-fairness = Fairness: SHA-256 of this table's seed is `{ $commitment }` (revealed at the end; check with /verify).
answer-not-yours = Only { $invited } can answer this challenge.
answer-already = This challenge was already answered (table #{ $table } is { $status }).
status-open = open
status-playing = playing
status-finished = finished
status-cancelled = cancelled
answer-declined = { $who } declines the challenge.
seat-droid-not-seated = Only a player at this table can seat the droid.
seat-already = You already have a seat at this table.
seat-full = This table is full.
seat-joined = { $who } joins table #{ $table } ({ $taken }/{ $seats } seats: { $players }).
seat-droid-taken = { $who } takes a seat at table #{ $table } ({ $taken }/{ $seats } seats: { $players }).
start-not-creator = Only the table's creator can start it.
start-challenge = This challenge waits for an answer.
start-too-few = { $game } needs at least { $min } players.
rematch-not-player = Only the players can ask for a rematch.

## Turns and boards.

error-chance-empty = A chance event has no outcome.
log-unreadable = Entry { $seq } of this table's log cannot be read by this version of the bot: “{ $entry }”.
turn-chance = 🎲 { $outcome }.
turn-forced-pass = { $who } cannot move and passes.
turn-forced = { $who } plays { $action }, the only legal action.
turn-plays = { $who } plays { $action }.
turn-not-playing = You are not playing at this table.
turn-not-waiting = The game is not waiting for a move.
turn-not-yours = It is { $who }'s turn, not yours.
turn-not-started = Table #{ $table } has not started yet.
turn-stale-menu = That menu is out of date: the board has changed.
turn-to-move = { $who } to move.
turn-rolling = Rolling…
board-again = Table #{ $table }. { $turn }
action-already-played = Table #{ $table }: that action is already recorded. { $turn }
action-already-ended = Table #{ $table }: that action is already recorded, and the game is over.
board-not-drawn = (The board image could not be drawn: { $error }.)
table-none = There is no table in this channel. Start one with /play.
command-not-in-game = { $game } has no /{ $command }.
menu-choose = Choose a move
menu-first = { $who }, choose a move.
menu-step = { $who }: { $trail } — choose on.
menu-back = ↩ Back
menu-count = { $count ->
        [one] { $count } move
       *[other] { $count } moves
    }
menu-range = { $first } … { $last }
menu-use = Choose a move from the menu.
menu-foreign = That menu is not Holotable's.
menu-stale = That menu is out of date.
button-foreign = That button is not Holotable's.
button-other-server = That button belongs to another server.
button-stale = That button is out of date.
button-unknown = Unknown button '{ $verb }'.
draw-stale = That draw offer is out of date.

## Clocks.

clock-expired = The challenge of table #{ $table } expired.
clock-timeout = { $who } ran out of time.
clock-warning = { $who }, a quarter of your time is left at table #{ $table }: it runs out { $when }.
play-clock-bad = A table's clock is minutes and seconds of increment, `clock:5+3` (1 to { $minutes } minutes, 0 to { $seconds } seconds), not { $clock }.
turn-clocks = ({ $clocks }: { $who }'s time runs out { $when }.)
turn-clocks-still = ({ $clocks })

## The end of a game and of a table.

error-not-over = The game is not over.
series-game-won = Game { $game }: { $who } wins — { $reason } ({ $score }).
series-game-drawn = Game { $game }: draw — { $reason } ({ $score }).
series-score = Series: { $score }.
series-next = Game { $game }:
series-rest = The Wookiee pause: every piece was blocked, so the series rests until 00:00 UTC.
series-resting = The series rests until 00:00 UTC (the Wookiee pause): play resumes in { $hours }h { $minutes }m.
turn-resting = Play resumes at 00:00 UTC, in { $hours }h { $minutes }m; then { $who } moves first.
per-point-paid = { $loser } pays { $winner } { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    }.
per-point-exhausted = { $loser } cannot pay any more: the series ends.
per-point-full-value = The game in progress counts as lost at its full value ({ $points ->
        [one] { $points } point
       *[other] { $points } points
    }).
settle-series-won = **{ $who } wins the series** ({ $score }).
settle-won = **{ $who } wins** — { $reason } ({ $score }).
settle-series-drawn = **The series is drawn** ({ $score }).
settle-drawn = **Draw** — { $reason } ({ $score }).
settle-paid = { $who } receives { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    }.
settle-token = { $who } wins a slot token.
settle-seed = Seed revealed: `{ $seed }` — check every roll with /verify.
button-rematch = Rematch
leave-goes-on = { $who } left; the game goes on.
resign-not-creator = The table has not started: its creator may withdraw it with /resign.
resign-withdraws = { $who } withdraws the challenge (table #{ $table }).
resign-closes = { $who } closes table #{ $table } before it starts.
table-moved-on = Table #{ $table } moved on in the meantime: another command reached it first. Look at /board and try again.
table-ended-meanwhile = Table #{ $table } has ended in the meantime: another command reached it first.
resign-already-left = You have already left this game.
resign-resigns = { $who } resigns.
draw-not-started = The table has not started.
draw-droid = The droid plays every game to its end.
draw-closed = That draw offer is no longer open.
draw-already = You already agreed to a draw; the other players must accept it.
draw-offers = { $who } offers a draw; waiting for { $waiting }.
draw-agrees = { $who } agrees to a draw; waiting for { $waiting }.
button-accept-draw = Accept draw
draw-agreed-all = Every player agrees to end the game.
draw-agreed = The players agree to a draw.
admin-needed = /admin needs the Manage Server permission.
admin-ended = Table #{ $table } was ended by an admin; every stake was refunded.

## Looking back.

verify-no-table = No table has been played in this channel.
verify-unknown-table = There is no table { $table } here.
verify-playing = Table #{ $table } is still playing: its seed is revealed when it ends. Commitment: `{ $commitment }`.
verify-ok = Table #{ $table } verified: SHA-256(`{ $seed }`) = `{ $commitment }`, the commitment shown at the start; { $chance ->
        [one] { $chance } chance event
       *[other] { $chance } chance events
    } and { $droid ->
        [one] { $droid } droid move
       *[other] { $droid } droid moves
    } recomputed from the seed, all as played.
verify-failed = Table #{ $table } FAILED verification: commitment { $matches ->
        [yes] matches
       *[no] does NOT match
    }; { $problems }
replay-of = Replay of table #{ $table } ({ $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }).
replay-stride = One picture every { $every } actions, the last one included.
replay-series-game = It shows game { $game } of the series, the last one played.

## The console.

console-welcome = Holotable console — you are { $user }. Type a command as on Discord, e.g. `/play game:dejarik opponent:droid`, then `/move action:o5-i5` or `[Button]`; `/help` lists every command, `#channel` changes channel, `bob: /balance` acts as bob. Ctrl-D quits.
draw-none = { $game } has no draws: play on, or concede with /resign.

## Reading a command.

parse-needs = /{ $command } needs the option { $option }
parse-number = { $option } must be a whole number, not '{ $value }'
parse-no-option = /{ $command } has no option { $option }
parse-not-option = '{ $word }' is not an option (write name:value or a name)
parse-twice = the option { $option } is given twice
parse-unknown = unknown command /{ $command } (commands: { $commands })
parse-seats = seats must be from 2 to 4, not { $seats }
console-wait = !wait needs a duration such as 30s, 10m, 2h or 1d
console-expected = expected `/command …`, `user: /command …`, `user: [Button]`, `user: {"{"}choice{"}"}` or `#channel`
console-user-word = a user name is one word
console-quote-open = a quoted value is not closed
console-empty = empty command
console-slash = a command starts with /
console-not-option = '{ $word }' is not an option (write name:value)
console-option-twice = the option { $option } is given twice
console-suggestions = { $count ->
        [one] { $count } suggestion
       *[other] { $count } suggestions
    } for /move action:{ $typed }
console-no-autocomplete = /{ $command } has no autocomplete
console-no-button = no message here has a [{ $label }] button
console-no-menu = no message here has a menu
turn-to-roll = { $who } to roll.
turn-no-roll = There is nothing to roll now.
turn-roll-first = Roll the dice first (the Roll button, or /move roll).
button-roll = Roll
thread-table-in = The table is in { $thread }.
thread-open-table = open table
thread-tournament-in = The tournament and its tables are in { $thread }.
option-bot = { $who } is a bot: bots cannot play, hold credits or receive them (the house droid plays as `opponent:` me).
parse-action = unknown /{ $command } action '{ $action }' ({ $actions })
moment-seconds = in { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }
moment-minutes = in { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }
moment-hours = in { $hours } hours
moment-minutes-ago = { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } ago
moment-hours-ago = { $hours } hours ago
moment-days-ago = { $days ->
        [one] { $days } day
       *[other] { $days } days
    } ago

## /tables: the member's own open tables
tables-none = { $who }, you sit at no open table in this server: start one with /play.
tables-title = { $who }'s open tables in this server:
tables-line = • Table #{ $table }, { $game }{ $with }, in { $place }: { $state }
tables-with = {" "}with { $players }
tables-waiting = waiting for players ({ $taken } of { $seats } seats taken).
tables-your-turn = your turn.
tables-watch = {" "}Watch: { $url }

replay-record = The record of table #{ $table }: { $entries ->
        [one] { $entries } entry
       *[other] { $entries } entries
    } in the game's notation, as a text file.
replay-format-unknown = "{ $format }" is not a replay format: gif (the animation) or text (the record).
replay-format-gif = Animation (GIF)
replay-format-text = Record (text)

## /notify: turn notifications by direct message
notify-on = { $who }, I will send you a direct message whenever a table of this server waits for you. `/notify off` stops them.
notify-off = { $who }, no more direct messages about your tables in this server.
notify-turn = { $who }, table #{ $table } is waiting for you in { $place }.

## /admin channel: where a server's tables may be opened
channel-tables-on = { $who }, tables may now be opened in { $channel }. This server's tables are kept to { $channels } (and their threads).
channel-tables-off = { $who }, { $channel } takes no new tables. This server's tables are kept to { $channels } (and their threads).
channel-tables-everywhere = { $who }, { $channel } is off the list, which is now empty: tables may be opened in every channel.
channel-no-tables = { $who }, tables are not played in this channel: this server keeps them to { $channels }.
channel-unknown = "{ $channel }" is not a channel: choose one from Discord's list.
parse-switch = { $option } is on or off, not "{ $value }".
switch-on = On
switch-off = Off
play-wager-too-large = A wager at a table of { $seats } seats may be at most { $max } credits, so that its pot can always be paid.
play-per-point-too-large = per_point may be at most { $max } credits.
play-per-point-droid = Per-point series are played between members: against the droid, play for a wager.
settle-no-token-short = { $who } earns no slot token: the game ended before every other player had made { $actions } moves.
settle-no-token-pair = { $who } earns no slot token: at most { $limit } a day come from tables with the same opponent.

## A seat's own link to play on the board.
button-play-board = Play on the board
button-play-open = Open my seat
seat-link-made = Your own link to play your seat at table #{ $table } on the board. Keep it to yourself: it acts as you. Asking again makes a new link and the old one stops working.
seat-link-no-pages = This bot serves no web pages, so there is no board to play on.
seat-link-not-playing = Table #{ $table } is not being played, so there is no seat to play on the board.
seat-link-not-seated = You have no seat at table #{ $table }: the live page is for watching it.

## Outside every server the bot is in (a direct message, a user install).
no-server = This works in a server where Holotable is added. Here — in direct messages, or wherever you installed the app for yourself — /rules, /help, /stats and /replay of your own tables work.

## Takeback by agreement.
button-takeback = Take back
button-takeback-yes = Accept takeback
button-takeback-no = Refuse
takeback-asks = { $who } asks to take back their move ({ $action }). { $waiting }: accept or refuse.
takeback-agrees = { $who } agrees to the takeback.
takeback-refused = { $who } refuses the takeback: the move stands.
takeback-done = { $who } takes back their move ({ $action }), as { $by } agreed.
takeback-droid = { $who } takes back their move ({ $action }) and the droid's answer: the droid agrees.
takeback-nothing = There is no move to take back yet.
takeback-chance = Chance has spoken since that move (a roll, a target): it cannot be taken back.
takeback-not-last = Only the last move can be taken back, by the player who made it, before anyone else has moved.
takeback-droid-wager = The droid does not take back moves at a table played for credits.
takeback-refused-already = That takeback was refused: the move stands.
takeback-stale = That takeback is over: the table has moved on, or nobody asked for it.
takeback-own = You asked for this takeback: the others answer it.
