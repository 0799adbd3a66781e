## The economy: balances, daily credits, gifts, the slot machine, leaderboards.

credits = { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    }
balance = { $who }: { $credits ->
        [one] { $credits } credit
       *[other] { $credits } credits
    }, { $tokens ->
        [one] { $tokens } slot token
       *[other] { $tokens } slot tokens
    }. Next spin's seed commitment: `{ $commitment }`.
daily-already = You already claimed today's credits; the next claim opens in { $hours }h { $minutes }m (00:00 UTC).
daily-claimed = { $who } claims { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    } (balance { $balance }).
daily-streak = That is { $days } days in a row.
daily-tomorrow = Come back tomorrow for { $amount } credits.
fair-account = { $command } needs a Discord account at least { $days } days old; yours is { $age } days old.
fair-member = { $command } opens { $hours } hours after joining this server: { $left } more hours.
give-droid = The droid does not need credits.
give-given = { $who } gives { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    } to { $to } ({ $who } now has { $balance }).
bet-placed = { $who } backs { $player } (seat { $seat }) at table #{ $table } with { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    }. The pool holds { $pool } credits ({ $on_seat } on { $player }); { $who } has { $balance } left.
bet-off = Side bets are turned off in this server.
bet-closed = Bets on table #{ $table } are closed: they are taken only before its first move.
bet-own = You play at table #{ $table }: players cannot bet on their own table.
bet-twice = You already back seat { $seat } at table #{ $table }: one bet per table.
bet-no-seat = Table #{ $table } has { $taken ->
        [one] one player
       *[other] { $taken } players
    }: back one of seats 1 to { $taken }.
bet-backer = You back a player at table #{ $table }, so you cannot take a seat at it.
bets-refunded = The side bets on table #{ $table } ({ $pool } credits) go back to their backers.
bets-paid = The side-bet pool of table #{ $table } ({ $pool } credits) goes to those who backed the winner: { $shares }.
bets-share = { $who } { $amount }
slot-credit = Credit
slot-droid = Droid
slot-blaster = Blaster
slot-holocron = Holocron
slot-kyber = Kyber
slots-with-token = a slot token (worth a { $bet }-credit bet)
slots-with-credits = { $bet ->
        [one] { $bet } credit
       *[other] { $bet } credits
    }
slots-result = { $payout ->
        [0] wins nothing
        [one] wins { $payout } credit (×{ $multiplier })
       *[other] wins { $payout } credits (×{ $multiplier })
    }
slots-image = { $who } { $result }
slots-spin = { $who } spins with { $how }: [ { $reels } ] — { $result }. Balance { $balance }, { $tokens ->
        [one] { $tokens } token
       *[other] { $tokens } tokens
    }.
slots-fairness = Seed `{ $seed }` (stops { $stops }); next commitment `{ $commitment }`.
leaderboard-credits = credits
leaderboard-wins = wins
leaderboard-rating = { $game } rating
leaderboard-unknown = Unknown board '{ $board }': credits, wins, or a game id.
leaderboard-title = **Leaderboard — { $title }**
leaderboard-title-page = **Leaderboard — { $title }** (page { $page } of { $pages })
leaderboard-page-range = There is no page { $page }: pages count from 1.
leaderboard-no-page = There is no page { $page }: this leaderboard has { $pages ->
        [0] nobody on it yet
        [one] one page
       *[other] { $pages } pages
    }.
leaderboard-net = net winnings
leaderboard-season = { $title }, season { $number } ({ $span })
season-span = { $from } to { $to }
season-span-playing = since { $from }, until { $to }
season-unknown = Season { $number } has not been played: this is season { $current }.
season-ended = **Season { $number } is over** ({ $span }). The most wins:
season-line = { $rank }. { $who } — { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    } ({ $net } credits)
season-carry = Season { $next } begins: every rating carries over, halfway back to 1500. `/leaderboard season:{ $next }` follows it.
leaderboard-nobody = Nobody yet.
leaderboard-you = You: #{ $rank } — { $value }
stats-total = **{ $who }**: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }, net { $net } credits.
stats-game = { $game }: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
stats-rating = , rating { $rating }
admin-granted = { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    } granted to { $who } (balance { $balance }).
admin-economy = Economy: starting balance { $start }, daily { $daily }, minimum wager { $min }, token bet { $token }, move clock { $clock } s, daily streak +{ $step } a day up to { $max }, /daily and /give from accounts { $account_days } days old and members of { $member_hours } hours. Side bets { $side_bets ->
        [0] off
       *[other] on
    }. Seasons of { $season_days } days. Wagers { $wagers ->
        [0] off
       *[other] on{ $max_wager ->
            [0] {""}
           *[other] {" "}up to { $max_wager } credits
        }
    }, slot machine { $slots ->
        [0] off
       *[other] on
    }, shop { $shop ->
        [0] off
       *[other] on
    }, /daily { $daily_on ->
        [0] off
       *[other] on
    }.
ledger-amount = The amount must be a whole number from 1 to { $max }, not { $amount }.
ledger-funds = { $who } has { $balance ->
        [one] { $balance } credit
       *[other] { $balance } credits
    }, { $needed } are needed.
ledger-self = You cannot give credits to yourself.
ledger-unknown-member = { $who } has no account here yet.
ledger-no-token = { $who } has no slot token.
ledger-channel-busy = Another table is already active in this channel.
cooldown-wait = { $who }, not so fast: you can use /{ $command } again in { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }.
slots-cooldown = The machine is still spinning: try again in { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }.
ledger-too-large = That is too many credits: at most { $max } here, so that what it adds up to can always be paid.
bet-pool-full = The side bets on table #{ $table } can take at most { $room } more credits.
house-no-wagers = The house of this server takes no wagers against the droid: play it without a wager.
house-limit = { $who } may win at most { $limit } credits a day from the house (wins against the droid, and { $token } for each slot token won there): a wager of { $stake } could pass that. The most { $who } can still wager against the droid today: { $left }.
droid-account = The droid's account plays only as the droid: it cannot use commands.

## What a server's admins turn off (issue 55).
controls-wagers-off = Wagers are off on this server: play without a wager or a per-point amount.
controls-wager-max = The most one wager may be on this server is { $max } credits, not { $amount }.
controls-slots-off = The slot machine is off on this server.
controls-shop-off = The shop is closed on this server.
controls-daily-off = /daily pays nothing on this server: its admins turned it off.

## /admin take and /admin log.
admin-take-reason = Say why, in at most { $max } characters: /admin take user amount reason.
admin-taken = { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    } taken back from { $who } to the house (balance { $balance }): { $reason }
admin-log-empty = No admin has done anything here yet.
admin-log-page = There is no page { $page } of the log.
admin-log-title = What this server's admins did, newest first (page { $page } of { $pages }):
admin-log-line = { $when } — { $what }
admin-log-grant = { $admin } granted { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    } to { $who }
admin-log-take = { $admin } took { $amount ->
        [one] { $amount } credit
       *[other] { $amount } credits
    } back from { $who }: { $reason }
admin-log-set = { $admin } set { $setting } to { $value }
admin-log-end = { $admin } ended table { $table ->
        [0] {"(this channel's)"}
       *[other] #{ $table }
    }
admin-log-price = { $admin } priced { $item } at { $price } credits
admin-log-channel = { $admin } turned tables { $on ->
        [0] off
       *[other] on
    } in { $channel }

## /admin reset.
reset-what-economy = The economy
reset-what-season = The season
reset-what = /admin reset takes economy or season, not { $what }.
button-reset-economy = Reset the economy
button-reset-season = End the season
reset-economy-ask = This puts every member of this server back to { $start } credits and no slot tokens: what they hold goes back to the house. First { $tables ->
        [one] { $tables } table waiting or in play is ended
       *[other] { $tables } tables waiting or in play are ended
    } and { $tournaments ->
        [one] { $tournaments } tournament is cancelled
       *[other] { $tournaments } tournaments are cancelled
    }, every stake, side bet and entry refunded. Press **Reset the economy** within { $seconds } seconds to do it; otherwise nothing changes.
reset-season-ask = This ends season { $number } now: its standings are kept and posted, ratings drift halfway back to 1500, and season { $next } begins. Press **End the season** within { $seconds } seconds to do it; otherwise nothing changes.
reset-expired = That confirmation has expired (it lasts { $seconds } seconds), and nothing changed: ask again with /admin reset.
reset-economy-done = { $who } reset this server's economy: { $members ->
        [one] { $members } member starts
       *[other] { $members } members start
    } again with { $start } credits ({ $returned } went back to the house). Tables ended: { $tables }; tournaments cancelled: { $tournaments }.
reset-season-done = { $who } ended season { $number } early.
reset-season-none = Another process ended this season a moment ago: there is nothing more to do.
ledger-still-running = { $tables } tables and { $tournaments } tournaments still hold credits, so the economy was not reset: try again.
admin-log-reset-economy = { $admin } reset the economy ({ $members } members)
admin-log-reset-season = { $admin } ended season { $season } early

## /history: a member's own journal.
history-title = { $who }'s credits, newest first (page { $page } of { $pages }):
history-none = { $who } has no credits here yet: nothing to show.
history-others = Only admins may read another member's history; yours is /history.
history-page = There is no page { $page } of this history.
history-line = { $when } — { $what }: { $net }
history-tokens = {" "}({ $signed } slot { $count ->
        [one] token
       *[other] tokens
    })
history-open = account opened
history-daily = /daily
history-give-to = given to { $who }
history-give-from = received from { $who }
history-grant = granted by an admin
history-take = taken back by an admin
history-spin = spun the slot machine
history-bet = side bet on table #{ $table }
history-bet-settled = side bets of table #{ $table } settled
history-stake = stake at table #{ $table }
history-points = points at table #{ $table }
history-won = won at table #{ $table } against { $others }
history-draw = draw at table #{ $table } with { $others }
history-lost = lost at table #{ $table } to { $others }
history-stake-back = stake back from table #{ $table }
history-tournament-entry = entry to tournament #{ $id }
history-tournament-paid = tournament #{ $id } paid out
history-buy = bought { $item }
history-reset = the economy reset by an admin
history-other = { $kind }

## /limits: a member's own limits.
limits-excluded = { $who } excluded themself from wagers, side bets and the slot machine until { $until }.
limits-loss = { $who } set a daily loss limit of { $limit } credits and has lost { $lost } today: { $amount } more could pass it. It starts again { $until }.
limits-days = An exclusion lasts 1 to 365 days, not { $days }.
limits-loss-range = A daily loss limit is 1 to { $max } credits (0 removes it), not { $amount }.
limits-loss-holds = Your daily loss limit can be raised or removed from { $until }, a week after you last set it; it can be lowered now. Nothing changed.
limits-summary-excluded = You are excluded from wagers, side bets and the slot machine until { $until }. Nobody can lift it early, not even an admin.
limits-summary-free = You are not excluded. `/limits days:7` keeps you from wagers, side bets and the slot machine for a week (1 to 365 days); nobody can lift it early, not even you.
limits-summary-loss = Your daily loss limit: { $limit } credits (lost today: { $lost }). You can lower it now; raise or remove it from { $from }.
limits-summary-no-loss = No daily loss limit (`/limits daily_loss:500` sets one).
