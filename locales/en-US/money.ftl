## The economy: balances, daily credits, gifts, the slot machine, leaderboards.

credits = { $amount ->
        [one] 1 credit
       *[other] { $amount } credits
    }
balance = { $who }: { $credits ->
        [one] 1 credit
       *[other] { $credits } credits
    }, { $tokens ->
        [one] 1 slot token
       *[other] { $tokens } slot tokens
    }. Next spin's seed commitment: `{ $commitment }`.
daily-already = You already claimed today's credits; the next claim opens in { $hours }h { $minutes }m (00:00 UTC).
daily-claimed = { $who } claims { $amount ->
        [one] 1 credit
       *[other] { $amount } credits
    } (balance { $balance }).
give-droid = The droid does not need credits.
give-given = { $who } gives { $amount ->
        [one] 1 credit
       *[other] { $amount } credits
    } to { $to } ({ $who } now has { $balance }).
slot-credit = Credit
slot-droid = Droid
slot-blaster = Blaster
slot-holocron = Holocron
slot-kyber = Kyber
slots-with-token = a slot token (worth a { $bet }-credit bet)
slots-with-credits = { $bet ->
        [one] 1 credit
       *[other] { $bet } credits
    }
slots-result = { $payout ->
        [0] wins nothing
        [one] wins 1 credit (×{ $multiplier })
       *[other] wins { $payout } credits (×{ $multiplier })
    }
slots-image = { $who } { $result }
slots-spin = { $who } spins with { $how }: [ { $reels } ] — { $result }. Balance { $balance }, { $tokens ->
        [one] 1 token
       *[other] { $tokens } tokens
    }.
slots-fairness = Seed `{ $seed }` (stops { $stops }); next commitment `{ $commitment }`.
leaderboard-credits = credits
leaderboard-wins = wins
leaderboard-rating = { $game } rating
leaderboard-unknown = Unknown board '{ $board }': credits, wins, or a game id.
leaderboard-title = **Leaderboard — { $title }**
leaderboard-nobody = Nobody yet.
leaderboard-you = You: #{ $rank } — { $value }
stats-total = **{ $who }**: { $games ->
        [one] 1 game
       *[other] { $games } games
    }, { $wins ->
        [one] 1 win
       *[other] { $wins } wins
    }, { $points ->
        [one] 1 point
       *[other] { $points } points
    }, net { $net } credits.
stats-game = { $game }: { $games ->
        [one] 1 game
       *[other] { $games } games
    }, { $wins ->
        [one] 1 win
       *[other] { $wins } wins
    }, { $draws ->
        [one] 1 draw
       *[other] { $draws } draws
    }, { $points ->
        [one] 1 point
       *[other] { $points } points
    }
stats-rating = , rating { $rating }
admin-granted = { $amount ->
        [one] 1 credit
       *[other] { $amount } credits
    } granted to { $who } (balance { $balance }).
admin-economy = Economy: starting balance { $start }, daily { $daily }, minimum wager { $min }, token bet { $token }, move clock { $clock } s.
ledger-amount = The amount must be a whole number from 1 to { $max }, not { $amount }.
ledger-funds = { $who } has { $balance ->
        [one] 1 credit
       *[other] { $balance } credits
    }, { $needed } are needed.
ledger-self = You cannot give credits to yourself.
ledger-unknown-member = { $who } has no account here yet.
ledger-no-token = { $who } has no slot token.
ledger-channel-busy = Another table is already active in this channel.
