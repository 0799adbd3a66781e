tour-format-knockout = Élimination directe
tour-format-swiss = Système suisse
tour-kind = { $format ->
        [knockout] une élimination directe de { $game }
       *[swiss] un système suisse de { $game } en { $rounds } rondes
    }{ $seats ->
        [2] {""}
       *[other] , tables de { $seats }
    }
tour-created = { $who } ouvre le tournoi n° { $id } : { $what }. { $entry ->
        [0] Sans droit d'entrée.
       *[other] Entrée { $entry } crédits, versés à la cagnotte payée en prix (60/30/10 %).
    } Il commence dans { $minutes } min : inscrivez-vous avec `/tournoi rejoindre`.
tour-joined = { $who } rejoint le tournoi n° { $id } ({ $count } joueurs sur { $max } ; cagnotte { $pot } crédits ; solde { $balance }).
tour-round = Tournoi n° { $id }, ronde { $round } : { $boards }.
tour-board = table { $board } (n° { $table }) : { $players }
tour-bye = Exempt (une victoire) : { $who }.
tour-ended = Le tournoi n° { $id } est terminé : **{ $winner }** gagne. Prix : { $prizes }.
tour-prize = { $place }. { $who } { $amount }
tour-cancelled = Le tournoi n° { $id } est annulé : chaque entrée est rendue ({ $pot } crédits).
tour-cancelled-by = { $who } annule le tournoi.
tour-too-few = Le tournoi n° { $id } avait moins de deux joueurs à son heure : il est annulé et chaque entrée est rendue ({ $pot } crédits).
tour-show-head = **Tournoi n° { $id }** : { $what }, { $status ->
        [open] inscriptions ouvertes
        [playing] ronde { $round }
        [ended] terminé
       *[cancelled] annulé
    } ; entrée { $entry }, cagnotte { $pot } crédits.
tour-show-players = { $count ->
        [0] Personne n'est encore inscrit.
        [one] Un joueur : { $players }.
       *[other] { $count } joueurs : { $players }.
    }
tour-show-line = { $place }. { $who }, { $points } pts{ $out ->
        [0] {""}
       *[other] {" "}(éliminé à la ronde { $out })
    }
tour-show-table = Ronde { $round }, table { $board } : n° { $table }, { $players } ({ $status ->
        [open] en attente
        [playing] en cours
        [finished] terminée
       *[cancelled] close
    })
tour-unknown = Il n'y a pas de tournoi n° { $id } sur ce serveur.
tour-none = Aucun tournoi n'a été ouvert dans ce salon : `/tournoi créer` en ouvre un.
tour-joined-already = Vous êtes déjà inscrit au tournoi n° { $id }.
tour-full = Le tournoi n° { $id } est complet ({ $max } joueurs).
tour-closed = Le tournoi n° { $id } a commencé : les inscriptions sont closes.
tour-over = Le tournoi n° { $id } est déjà terminé.
tour-cancel-who = Seul le créateur du tournoi ou un administrateur peut l'annuler.
tour-bad-format = « { $format } » n'est pas un format : knockout ou swiss.
tour-bad-seats = { $game } se joue de { $min } à { $max } joueurs par table.
tour-bad-rounds = Un système suisse se joue en 1 à 10 rondes.
tour-bad-start = `starts` se compte en minutes à partir de maintenant, de 1 à 10080 (une semaine).
tour-bad-players = Un tournoi accueille de 2 à { $max } joueurs.
tour-card-title = Tournoi n° { $id }
tour-card-points = points
tour-card-out = éliminé à la ronde { $round }
tour-bad-clock = `clock` se compte en minutes par coup, de 1 à 10080 (une semaine) ; omis, c'est la pendule du serveur.
tour-ended-free = Le tournoi n° { $id } est terminé : **{ $winner }** gagne.
tour-entry-too-large = Avec { $players } joueurs, le droit d’entrée est de { $max } crédits au plus, pour que le pot puisse toujours être payé.
