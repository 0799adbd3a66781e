tour-format-knockout = Knockout
tour-format-swiss = Swiss
tour-kind = { $format ->
        [knockout] a knockout of { $game }
       *[swiss] a Swiss of { $game } over { $rounds } rounds
    }{ $seats ->
        [2] {""}
       *[other] , tables of { $seats }
    }
tour-created = { $who } opens tournament #{ $id }: { $what }. { $entry ->
        [0] No entry fee.
       *[other] Entry { $entry } credits, into the pot paid as prizes (60/30/10 %).
    } It starts in { $minutes } min: join with `/tournament join`.
tour-joined = { $who } joins tournament #{ $id } ({ $count } of { $max } players; pot { $pot } credits; balance { $balance }).
tour-round = Tournament #{ $id }, round { $round }: { $boards }.
tour-board = board { $board } (table #{ $table }): { $players }
tour-bye = Bye (a win): { $who }.
tour-ended = Tournament #{ $id } is over: **{ $winner }** wins. Prizes: { $prizes }.
tour-prize = { $place }. { $who } { $amount }
tour-cancelled = Tournament #{ $id } is cancelled: every entry goes back ({ $pot } credits).
tour-cancelled-by = { $who } cancels the tournament.
tour-too-few = Tournament #{ $id } had fewer than two players when it was due to start: it is cancelled and every entry goes back ({ $pot } credits).
tour-show-head = **Tournament #{ $id }**: { $what }, { $status ->
        [open] taking entries
        [playing] round { $round }
        [ended] over
       *[cancelled] cancelled
    }; entry { $entry }, pot { $pot } credits.
tour-show-players = { $count ->
        [0] Nobody has joined yet.
        [one] One player: { $players }.
       *[other] { $count } players: { $players }.
    }
tour-show-line = { $place }. { $who }, { $points } pts{ $out ->
        [0] {""}
       *[other] {" "}(out in round { $out })
    }
tour-show-table = Round { $round }, board { $board }: table #{ $table }, { $players } ({ $status ->
        [open] waiting
        [playing] playing
        [finished] finished
       *[cancelled] ended
    })
tour-unknown = There is no tournament #{ $id } in this server.
tour-none = No tournament was opened in this channel: `/tournament create` opens one.
tour-joined-already = You are already in tournament #{ $id }.
tour-full = Tournament #{ $id } is full ({ $max } players).
tour-closed = Tournament #{ $id } has started: entries are closed.
tour-over = Tournament #{ $id } is already over.
tour-cancel-who = Only the tournament's creator or an admin can cancel it.
tour-bad-format = “{ $format }” is not a format: knockout or swiss.
tour-bad-seats = { $game } is played by { $min } to { $max } players a table.
tour-bad-rounds = A Swiss tournament plays 1 to 10 rounds.
tour-bad-start = `starts` is in minutes from now, 1 to 10080 (a week).
tour-bad-players = A tournament takes 2 to { $max } players.
tour-card-title = Tournament #{ $id }
tour-card-points = points
tour-card-out = out in round { $round }
tour-bad-clock = `clock` is minutes a move, 1 to 10080 (a week); leave it out for the server's clock.
tour-ended-free = Tournament #{ $id } is over: **{ $winner }** wins.
tour-entry-too-large = With { $players } players, the entry fee may be at most { $max } credits, so that the pot can always be paid.
