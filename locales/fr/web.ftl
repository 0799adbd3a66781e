## Les pages en direct des tables, dans un navigateur.

button-watch = Suivre en direct
watch-waiting = En attente de joueurs : { $seated } sur { $seats } assis.
watch-cancelled = Cette table a été annulée.
watch-finished = La partie est terminée.
watch-stake = Chaque joueur mise { $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    } ; le gagnant emporte les deux mises.
watch-per-point = Chaque point vaut { $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    }.
watch-left = { $who } a quitté la table.
web-title = { $game } · table { $table } · Holotable
web-not-found-title = Table introuvable
web-not-found = Ce lien n'ouvre aucune table. Redemandez le lien avec /plateau dans le salon de la table.
web-board-alt = Le plateau
web-no-board = Le plateau apparaît quand la partie commence.
web-replay = Parcourir la partie
web-step = étape { $step } sur { $steps }
web-follow = Revenir au direct
web-moves = Coups
web-watchers = { $count ->
        [one] { $count } spectateur
       *[other] { $count } spectateurs
    }
web-clock = Temps restant pour jouer :
web-clock-over = temps écoulé
web-side = place { $seat }, { $side }
web-droid = droïde
web-bets = Paris d’à-côté : { $pool } crédits dans la cagnotte, pour ceux qui ont misé sur le gagnant.
web-backed = soutenu par { $amount } crédits
web-points = { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
web-verify = Jeu équitable
web-commitment = Engagement de la graine (SHA-256) :
web-seed = Graine :
web-seed-hidden = La graine est révélée à la fin de la table ; /vérifier vérifie alors chaque tirage.
web-footer = Holotable · cette page suit la table d'elle-même, inutile de la recharger.
web-lobby-title = Les tables de la cantina
web-lobby-live = En jeu
web-lobby-none = Aucune table n'est ouverte pour l'instant.
web-lobby-recent = Derniers résultats
web-lobby-leaders = Les membres les plus riches
web-lobby-footer = Holotable · cette page se relit toutes les 20 secondes ; la page de chaque table suit sa partie en direct.
admin-lobby-on = La page d'accueil du serveur montre les tables de ce salon : { $url } (retirez-les avec /admin régler setting:web_lobby value:0 ici).
admin-lobby-off = La page d'accueil du serveur est fermée ; son lien n'ouvre plus rien.
admin-lobby-unavailable = Ce bot ne sert aucune page web (il n'a pas de [web] public_url) : il n'y a pas de page d'accueil à ouvrir.
admin-lobby-value = web_lobby prend 1 (ouverte) ou 0 (fermée), pas { $value }.
admin-lobby-channel-off = Les tables de ce salon ne sont plus sur la page d'accueil ; les autres salons qui y sont ouverts y restent.

## La page d'une place.
web-play-title = Votre place
web-play-spent = Ce lien ne joue plus : la table est terminée ou cette place n'est plus la vôtre. La page suit toujours la table.
web-play-no-chat = Le bot n'est pas encore relié à sa messagerie : rien n'a été joué. Réessayez dans un instant.
web-play-waiting = C'est à { $who } d'agir. Vos coups s'affichent ici dès que c'est votre tour.
web-play-touch = Touchez une pièce sur le plateau pour voir où elle peut aller, puis sa destination ; ou choisissez ci-dessous.

## L'Activité Discord.
activity-connecting = Connexion à Discord…
activity-no-table = Il n'y a rien à ouvrir dans ce salon. Fermez l'Activité et rouvrez-la.
activity-start-intro = Aucune table ne joue dans ce salon. Lancez-en une : contre le droïde, ou ouverte à tout le salon (le salon reçoit son message, avec un bouton pour s'asseoir).
activity-start-droid = Affronter le droïde
activity-start-open = Ouvrir une table
activity-waiting = Votre place s'ouvre ici dès que la table commence.
activity-expired = La session de cette Activité est terminée. Fermez l'Activité et rouvrez-la.
activity-refused = Discord n'a pas confirmé qui vous êtes, ni que vous avez ouvert l'Activité dans ce salon. Fermez l'Activité et rouvrez-la.
activity-failed = Cette page fonctionne dans Discord : ouvrez-la depuis les Activités d'un salon.
