## L'économie : soldes, crédits du jour, dons, machine à sous, classements.

credits = { $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    }
balance = { $who } : { $credits ->
        [one] { $credits } crédit
       *[other] { $credits } crédits
    }, { $tokens ->
        [one] { $tokens } jeton de machine à sous
       *[other] { $tokens } jetons de machine à sous
    }. Engagement de la graine du prochain tirage : `{ $commitment }`.
daily-already = Vous avez déjà reçu les crédits du jour ; la prochaine réclamation ouvre dans { $hours } h { $minutes } (00:00 UTC).
daily-claimed = { $who } reçoit { $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    } (solde { $balance }).
daily-streak = Cela fait { $days } jours d’affilée.
daily-tomorrow = Revenez demain pour { $amount } crédits.
fair-account = { $command } demande un compte Discord d’au moins { $days } jours ; le vôtre a { $age } jours.
fair-member = { $command } s’ouvre { $hours } heures après l’arrivée sur ce serveur : encore { $left } heures.
give-droid = Le droïde n'a pas besoin de crédits.
give-given = { $who } donne { $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    } à { $to } ({ $who } a maintenant { $balance }).
bet-placed = { $who } parie { $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    } sur { $player } (place { $seat }) à la table n° { $table }. La cagnotte contient { $pool } crédits ({ $on_seat } sur { $player }) ; il reste { $balance } à { $who }.
bet-off = Les paris d’à-côté sont désactivés sur ce serveur.
bet-closed = Les paris sur la table n° { $table } sont clos : ils ne sont pris qu’avant son premier coup.
bet-own = Vous jouez à la table n° { $table } : un joueur ne peut pas parier sur sa propre table.
bet-twice = Vous pariez déjà sur la place { $seat } de la table n° { $table } : un pari par table.
bet-no-seat = La table n° { $table } a { $taken ->
        [one] un joueur
       *[other] { $taken } joueurs
    } : pariez sur l’une des places 1 à { $taken }.
bet-backer = Vous pariez sur un joueur de la table n° { $table } : vous ne pouvez donc pas vous y asseoir.
bets-refunded = Les paris sur la table n° { $table } ({ $pool } crédits) sont rendus à leurs parieurs.
bets-paid = La cagnotte des paris de la table n° { $table } ({ $pool } crédits) va à ceux qui avaient misé sur le gagnant : { $shares }.
bets-share = { $who } { $amount }
slot-credit = Crédit
slot-droid = Droïde
slot-blaster = Blaster
slot-holocron = Holocron
slot-kyber = Kyber
slots-with-token = un jeton (une mise de { $bet } crédits)
slots-with-credits = { $bet ->
        [one] { $bet } crédit
       *[other] { $bet } crédits
    }
slots-result = { $payout ->
        [0] ne gagne rien
        [one] gagne { $payout } crédit (×{ $multiplier })
       *[other] gagne { $payout } crédits (×{ $multiplier })
    }
slots-image = { $who } { $result }
slots-spin = { $who } joue avec { $how } : [ { $reels } ] — { $result }. Solde { $balance }, { $tokens ->
        [one] { $tokens } jeton
       *[other] { $tokens } jetons
    }.
slots-fairness = Graine `{ $seed }` (arrêts { $stops }) ; prochain engagement `{ $commitment }`.
leaderboard-credits = crédits
leaderboard-wins = victoires
leaderboard-rating = classement { $game }
leaderboard-unknown = Classement inconnu « { $board } » : credits, wins, ou l'identifiant d'un jeu.
leaderboard-title = **Classement — { $title }**
leaderboard-title-page = **Classement — { $title }** (page { $page } sur { $pages })
leaderboard-page-range = Il n’y a pas de page { $page } : les pages se comptent à partir de 1.
leaderboard-no-page = Il n’y a pas de page { $page } : ce classement { $pages ->
        [0] n’a encore personne
        [one] tient en une page
       *[other] a { $pages } pages
    }.
leaderboard-net = gains nets
leaderboard-season = { $title }, saison { $number } ({ $span })
season-span = du { $from } au { $to }
season-span-playing = depuis le { $from }, jusqu’au { $to }
season-unknown = La saison { $number } n’a pas été jouée : c’est la saison { $current }.
season-ended = **La saison { $number } est terminée** ({ $span }). Le plus de victoires :
season-line = { $rank }. { $who } — { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    } ({ $net } crédits)
season-carry = La saison { $next } commence : chaque cote est conservée, à mi-chemin de 1500. `/classement season:{ $next }` la suit.
leaderboard-nobody = Personne pour l'instant.
leaderboard-you = Vous : n° { $rank } — { $value }
stats-total = **{ $who }** : { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }, { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }, bilan { $net } crédits.
stats-game = { $game } : { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }, { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $draws ->
        [one] { $draws } nulle
       *[other] { $draws } nulles
    }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
stats-rating = , classement { $rating }
admin-granted = { $amount ->
        [one] { $amount } crédit accordé
       *[other] { $amount } crédits accordés
    } à { $who } (solde { $balance }).
admin-economy = Économie : solde de départ { $start }, crédits du jour { $daily }, mise minimale { $min }, mise du jeton { $token }, pendule { $clock } s, série quotidienne +{ $step } par jour jusqu’à { $max }, /quotidien et /donner pour les comptes de { $account_days } jours et les membres de { $member_hours } heures. Paris d’à-côté { $side_bets ->
        [0] désactivés
       *[other] activés
    }. Saisons de { $season_days } jours. Mises { $wagers ->
        [0] désactivées
       *[other] activées{ $max_wager ->
            [0] {""}
           *[other] {" "}jusqu’à { $max_wager } crédits
        }
    }, machine à sous { $slots ->
        [0] arrêtée
       *[other] en marche
    }, boutique { $shop ->
        [0] fermée
       *[other] ouverte
    }, /quotidien { $daily_on ->
        [0] désactivé
       *[other] activé
    }.
ledger-amount = Le montant doit être un nombre entier de 1 à { $max }, pas { $amount }.
ledger-funds = { $who } a { $balance ->
        [one] { $balance } crédit
       *[other] { $balance } crédits
    }, il en faut { $needed }.
ledger-self = Vous ne pouvez pas vous donner des crédits à vous-même.
ledger-unknown-member = { $who } n'a pas encore de compte ici.
ledger-no-token = { $who } n'a pas de jeton de machine à sous.
ledger-channel-busy = Une autre table est déjà ouverte dans ce salon.
cooldown-wait = { $who }, pas si vite : vous pourrez refaire /{ $command } dans { $seconds ->
        [one] { $seconds } seconde
       *[other] { $seconds } secondes
    }.
slots-cooldown = La machine tourne encore : réessayez dans { $seconds ->
        [one] { $seconds } seconde
       *[other] { $seconds } secondes
    }.
ledger-too-large = C’est trop de crédits : { $max } au plus ici, pour que ce qui s’additionne puisse toujours être payé.
bet-pool-full = Les paris sur la table n° { $table } peuvent encore recevoir { $room } crédits au plus.
house-no-wagers = La maison de ce serveur n’accepte pas de mise contre le droïde : jouez-le sans mise.
house-limit = { $who } peut gagner au plus { $limit } crédits par jour contre la maison (les victoires contre le droïde, et { $token } pour chaque jeton de machine à sous gagné ainsi) : une mise de { $stake } pourrait dépasser cette limite. Le plus que { $who } peut encore miser contre le droïde aujourd’hui : { $left }.
droid-account = Le compte du droïde ne joue qu’en tant que droïde : il ne peut pas utiliser de commandes.

## Ce que les admins d'un serveur désactivent (ticket 55).
controls-wagers-off = Les mises sont désactivées sur ce serveur : jouez sans mise ni montant par point.
controls-wager-max = Sur ce serveur, une mise est d’au plus { $max } crédits, pas { $amount }.
controls-slots-off = La machine à sous est arrêtée sur ce serveur.
controls-shop-off = La boutique est fermée sur ce serveur.
controls-daily-off = /quotidien ne verse rien sur ce serveur : ses admins l’ont désactivé.

## /admin reprendre et /admin journal.
admin-take-reason = Dites pourquoi, en { $max } caractères au plus : /admin take user amount reason.
admin-taken = { $amount ->
        [one] { $amount } crédit repris
       *[other] { $amount } crédits repris
    } à { $who } pour la maison (solde { $balance }) : { $reason }
admin-log-empty = Aucun admin n’a encore rien fait ici.
admin-log-page = Le journal n’a pas de page { $page }.
admin-log-title = Ce qu’ont fait les admins de ce serveur, du plus récent au plus ancien (page { $page } sur { $pages }) :
admin-log-line = { $when } — { $what }
admin-log-grant = { $admin } a accordé { $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    } à { $who }
admin-log-take = { $admin } a repris { $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    } à { $who } : { $reason }
admin-log-set = { $admin } a réglé { $setting } à { $value }
admin-log-end = { $admin } a clos la table { $table ->
        [0] {"de ce salon"}
       *[other] n° { $table }
    }
admin-log-price = { $admin } a fixé le prix de { $item } à { $price } crédits
admin-log-channel = { $admin } a { $on ->
        [0] fermé
       *[other] ouvert
    } { $channel } aux tables

## /admin reset.
reset-what-economy = L’économie
reset-what-season = La saison
reset-what = /admin reset prend economy ou season, pas { $what }.
button-reset-economy = Réinitialiser l’économie
button-reset-season = Clore la saison
reset-economy-ask = Chaque membre de ce serveur revient à { $start } crédits, sans jeton de machine à sous : ce qu’il détient retourne à la maison. D’abord { $tables ->
        [one] { $tables } table en attente ou en cours est close
       *[other] { $tables } tables en attente ou en cours sont closes
    } et { $tournaments ->
        [one] { $tournaments } tournoi est annulé
       *[other] { $tournaments } tournois sont annulés
    }, chaque mise, pari d’à-côté et droit d’entrée remboursé. Appuyez sur **Réinitialiser l’économie** dans les { $seconds } secondes pour le faire ; sinon rien ne change.
reset-season-ask = Cela clôt la saison { $number } maintenant : ses résultats sont gardés et publiés, chaque classement revient à mi-chemin de 1500, et la saison { $next } commence. Appuyez sur **Clore la saison** dans les { $seconds } secondes pour le faire ; sinon rien ne change.
reset-expired = Cette confirmation a expiré (elle dure { $seconds } secondes) et rien n’a changé : redemandez avec /admin reset.
reset-economy-done = { $who } a réinitialisé l’économie de ce serveur : { $members ->
        [one] { $members } membre repart
       *[other] { $members } membres repartent
    } avec { $start } crédits ({ $returned } sont retournés à la maison). Tables closes : { $tables } ; tournois annulés : { $tournaments }.
reset-season-done = { $who } a clos la saison { $number } en avance.
reset-season-none = Un autre processus vient de clore cette saison : il n’y a plus rien à faire.
ledger-still-running = { $tables } tables et { $tournaments } tournois détiennent encore des crédits, l’économie n’a donc pas été réinitialisée : réessayez.
admin-log-reset-economy = { $admin } a réinitialisé l’économie ({ $members } membres)
admin-log-reset-season = { $admin } a clos la saison { $season } en avance

## /history : le journal d’un membre.
history-title = Les crédits de { $who }, du plus récent au plus ancien (page { $page } sur { $pages }) :
history-none = { $who } n’a pas encore de crédits ici : rien à montrer.
history-others = Seuls les admins peuvent lire l’historique d’un autre membre ; le vôtre, c’est /historique.
history-page = Cet historique n’a pas de page { $page }.
history-line = { $when } — { $what } : { $net }
history-tokens = {" "}({ $signed } { $count ->
        [one] jeton
       *[other] jetons
    } de machine à sous)
history-open = compte ouvert
history-daily = /quotidien
history-give-to = donné à { $who }
history-give-from = reçu de { $who }
history-grant = accordé par un admin
history-take = repris par un admin
history-spin = machine à sous
history-bet = pari d’à-côté sur la table n° { $table }
history-bet-settled = paris d’à-côté de la table n° { $table } réglés
history-stake = mise à la table n° { $table }
history-points = points à la table n° { $table }
history-won = gagné à la table n° { $table } contre { $others }
history-draw = nulle à la table n° { $table } avec { $others }
history-lost = perdu à la table n° { $table } contre { $others }
history-stake-back = mise rendue par la table n° { $table }
history-tournament-entry = entrée au tournoi n° { $id }
history-tournament-paid = tournoi n° { $id } réglé
history-buy = achat : { $item }
history-reset = économie réinitialisée par un admin
history-other = { $kind }

## /limits : les limites d’un membre.
limits-excluded = { $who } s’est exclu des mises, des paris d’à-côté et de la machine à sous jusqu’à { $until }.
limits-loss = { $who } s’est fixé une limite de pertes de { $limit } crédits par jour et a perdu { $lost } aujourd’hui : { $amount } de plus pourraient la dépasser. Elle repart { $until }.
limits-days = Une exclusion dure de 1 à 365 jours, pas { $days }.
limits-loss-range = Une limite de pertes quotidienne va de 1 à { $max } crédits (0 la retire), pas { $amount }.
limits-loss-holds = Votre limite de pertes quotidienne peut être relevée ou retirée à partir de { $until }, une semaine après l’avoir fixée ; elle peut être abaissée dès maintenant. Rien n’a changé.
limits-summary-excluded = Vous êtes exclu des mises, des paris d’à-côté et de la machine à sous jusqu’à { $until }. Personne ne peut lever l’exclusion plus tôt, pas même un admin.
limits-summary-free = Vous n’êtes pas exclu. `/limits days:7` vous tient à l’écart des mises, des paris d’à-côté et de la machine à sous pendant une semaine (de 1 à 365 jours) ; personne ne peut lever l’exclusion plus tôt, pas même vous.
limits-summary-loss = Votre limite de pertes quotidienne : { $limit } crédits (perdu aujourd’hui : { $lost }). Vous pouvez l’abaisser maintenant ; la relever ou la retirer à partir de { $from }.
limits-summary-no-loss = Pas de limite de pertes quotidienne (`/limits daily_loss:500` en fixe une).
