## Ouvrir une table : /play, les places, les défis.

list-and = { $first } et { $last }
play-unknown-game = Jeu inconnu « { $game } ». Jeux : { $games }.
play-channel-busy = La table n° { $table } est déjà ouverte dans ce salon ; terminez-la (ou /abandonner) d'abord.
play-self = Vous ne pouvez pas vous défier vous-même.
play-open = { $who } ouvre une table de { $game }{ $terms } (table n° { $table }) : tout le monde peut s'asseoir ({ $seats }).
play-open-seated = Assis pour l'instant ({ $taken }/{ $seats }) : { $players }.
play-challenge = { $who } défie { $opponent } au { $game }{ $terms } (table n° { $table }). { $opponent }, acceptez-vous ?
play-per-point-positive = per_point doit être un nombre positif de crédits.
play-wager-or-per-point = Choisissez une mise ou un enjeu par point (per_point), pas les deux.
play-per-point-two = L'enjeu par point se joue à deux : ouvrez la table avec seats:2.
play-wager-minimum = La mise minimale est de { $min } crédits.
play-wager-funds = Vous avez { $balance ->
        [one] { $balance } crédit
       *[other] { $balance } crédits
    } ; la mise est de { $stake }.
play-unknown-option = { $game } n'a pas d'option « { $option } » ({ $count ->
        [0] il n'en a aucune
       *[other] options : { $options }
    }).
play-to-range = to va de 1 à 99 points.
play-needs-more = { $game } demande plus de joueurs : ouvrez une table sans adversaire.
play-challenge-two = Un défi se joue à deux : ouvrez une table sans adversaire pour jouer à plus.
play-seats-range = { $game } se joue à { $players }, pas à { $seats }.
play-level-range = level va de 1 à 5, pas { $level }.
play-first-needs-opponent = first:them et first:random demandent un adversaire.
play-first-bad = first vaut me, them ou random, pas « { $value } »
players-exactly = { $count ->
        [one] { $count } joueur
       *[other] { $count } joueurs
    }
players-range = { $min } à { $max } joueurs
terms-wager = pour { $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    } chacun
terms-per-point = à { $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    } le point
terms-target = le premier à { $target } points
play-per-point-funds = { $who } a { $balance ->
        [one] { $balance } crédit
       *[other] { $balance } crédits
    }, moins qu'un point de cette série ({ $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    }).
terms-match = un match en { $target } points
button-accept = Accepter
button-decline = Refuser
button-join = S'asseoir
button-seat-droid = Asseoir le droïde
button-start = Commencer
table-already-started = La table n° { $table } a déjà commencé.
begin-players = Table n° { $table } : { $game } — { $players }.
begin-escrow = { $stake ->
        [one] { $stake } crédit
       *[other] { $stake } crédits
    } { $seats ->
        [2] chacun
       *[other] par place
    } en dépôt ; le gagnant remporte { $pot } et un jeton de machine à sous.
begin-series = Une série en { $target } points.
begin-per-point = Après chaque partie, le perdant paie { $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    } par point.
begin-fairness = Équité : le SHA-256 de la graine de cette table est `{ $commitment }` (révélée à la fin ; vérifiez avec /vérifier).
answer-not-yours = Seul { $invited } peut répondre à ce défi.
answer-already = Ce défi a déjà reçu une réponse (la table n° { $table } est { $status }).
status-open = ouverte
status-playing = en cours
status-finished = terminée
status-cancelled = annulée
answer-declined = { $who } refuse le défi.
seat-droid-not-seated = Seul un joueur de cette table peut y asseoir le droïde.
seat-already = Vous avez déjà une place à cette table.
seat-full = Cette table est complète.
seat-joined = { $who } s'assoit à la table n° { $table } ({ $taken }/{ $seats } places : { $players }).
seat-droid-taken = { $who } prend place à la table n° { $table } ({ $taken }/{ $seats } places : { $players }).
start-not-creator = Seul le créateur de la table peut la commencer.
start-challenge = Ce défi attend une réponse.
start-too-few = { $game } demande au moins { $min } joueurs.
rematch-not-player = Seuls les joueurs peuvent demander une revanche.

## Les tours et les plateaux.

error-chance-empty = Un tirage n'a aucun résultat possible.
log-unreadable = L'entrée { $seq } du journal de cette table est illisible pour cette version du bot : « { $entry } ».
turn-chance = 🎲 { $outcome }.
turn-forced-pass = { $who } ne peut pas jouer et passe.
turn-forced = { $who } joue { $action }, le seul coup possible.
turn-plays = { $who } joue { $action }.
turn-not-playing = Vous ne jouez pas à cette table.
turn-not-waiting = La partie n'attend pas de coup.
turn-not-yours = C'est à { $who } de jouer, pas à vous.
turn-not-started = La table n° { $table } n'a pas encore commencé.
turn-stale-menu = Ce menu est périmé : le plateau a changé.
turn-to-move = À { $who } de jouer.
turn-rolling = Lancer des dés…
board-again = Table n° { $table }. { $turn }
action-already-played = Table n° { $table } : cette action est déjà enregistrée. { $turn }
action-already-ended = Table n° { $table } : cette action est déjà enregistrée, et la partie est terminée.
board-not-drawn = (Le plateau n'a pas pu être dessiné : { $error }.)
table-none = Il n'y a pas de table dans ce salon. Ouvrez-en une avec /jouer.
command-not-in-game = { $game } n'a pas de /{ $command }.
menu-choose = Choisissez un coup
menu-first = { $who }, choisissez un coup.
menu-step = { $who } : { $trail } — continuez.
menu-back = ↩ Retour
menu-count = { $count ->
        [one] { $count } coup
       *[other] { $count } coups
    }
menu-range = { $first } … { $last }
menu-use = Choisissez un coup dans le menu.
menu-foreign = Ce menu n'est pas celui de Holotable.
menu-stale = Ce menu est périmé.
button-foreign = Ce bouton n'est pas celui de Holotable.
button-other-server = Ce bouton appartient à un autre serveur.
button-stale = Ce bouton est périmé.
button-unknown = Bouton inconnu « { $verb } ».
draw-stale = Cette proposition de nulle est périmée.

## Les pendules.

clock-expired = Le défi de la table n° { $table } a expiré.
clock-timeout = { $who } a dépassé son temps.
clock-warning = { $who }, il vous reste un quart de votre temps à la table n° { $table } : il s'écoule { $when }.
play-clock-bad = La pendule d’une table, ce sont des minutes et des secondes d’incrément, `clock:5+3` (de 1 à { $minutes } minutes, de 0 à { $seconds } secondes), pas { $clock }.
turn-clocks = ({ $clocks } : le temps de { $who } s’écoule { $when }.)
turn-clocks-still = ({ $clocks })

## La fin d'une partie et d'une table.

error-not-over = La partie n'est pas terminée.
series-game-won = Partie { $game } : { $who } gagne — { $reason } ({ $score }).
series-game-drawn = Partie { $game } : nulle — { $reason } ({ $score }).
series-score = Série : { $score }.
series-next = Partie { $game } :
series-rest = La pause des Wookiees : toutes les pièces étaient bloquées, la série reprend à 00:00 UTC.
series-resting = La série est en pause jusqu’à 00:00 UTC (la pause des Wookiees) : reprise dans { $hours } h { $minutes } min.
turn-resting = Reprise à 00:00 UTC, dans { $hours } h { $minutes } min ; { $who } jouera le premier coup.
per-point-paid = { $loser } paie { $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    } à { $winner }.
per-point-exhausted = { $loser } ne peut plus payer : la série s'arrête.
per-point-full-value = La partie en cours compte comme perdue à sa pleine valeur ({ $points ->
        [one] { $points } point
       *[other] { $points } points
    }).
settle-series-won = **{ $who } remporte la série** ({ $score }).
settle-won = **{ $who } gagne** — { $reason } ({ $score }).
settle-series-drawn = **La série est nulle** ({ $score }).
settle-drawn = **Nulle** — { $reason } ({ $score }).
settle-paid = { $who } reçoit { $amount ->
        [one] { $amount } crédit
       *[other] { $amount } crédits
    }.
settle-token = { $who } gagne un jeton de machine à sous.
settle-seed = Graine révélée : `{ $seed }` — vérifiez chaque lancer avec /vérifier.
button-rematch = Revanche
leave-goes-on = { $who } quitte la table ; la partie continue.
resign-not-creator = La table n'a pas commencé : son créateur peut la retirer avec /abandonner.
resign-withdraws = { $who } retire son défi (table n° { $table }).
resign-closes = { $who } ferme la table n° { $table } avant qu'elle ne commence.
table-moved-on = La table n° { $table } a avancé entre-temps : une autre commande l'a atteinte d'abord. Regardez /plateau et réessayez.
table-ended-meanwhile = La table n° { $table } s'est terminée entre-temps : une autre commande l'a atteinte d'abord.
resign-already-left = Vous avez déjà quitté cette partie.
resign-resigns = { $who } abandonne.
draw-not-started = La table n'a pas commencé.
draw-droid = Le droïde joue chaque partie jusqu'au bout.
draw-closed = Cette proposition de nulle n'est plus ouverte.
draw-already = Vous avez déjà accepté la nulle ; les autres joueurs doivent l'accepter.
draw-offers = { $who } propose la nulle ; on attend { $waiting }.
draw-agrees = { $who } accepte la nulle ; on attend { $waiting }.
button-accept-draw = Accepter la nulle
draw-agreed-all = Tous les joueurs s'accordent pour finir la partie.
draw-agreed = Les joueurs s'accordent sur la nulle.
admin-needed = /admin demande la permission Gérer le serveur.
admin-ended = La table n° { $table } a été close par un administrateur ; toutes les mises ont été remboursées.

## Revenir sur une table.

verify-no-table = Aucune table n'a été jouée dans ce salon.
verify-unknown-table = Il n'y a pas de table { $table } ici.
verify-playing = La table n° { $table } est en cours : sa graine sera révélée à la fin. Engagement : `{ $commitment }`.
verify-ok = Table n° { $table } vérifiée : SHA-256(`{ $seed }`) = `{ $commitment }`, l'engagement montré au début ; { $chance ->
        [one] { $chance } tirage
       *[other] { $chance } tirages
    } et { $droid ->
        [one] { $droid } coup du droïde
       *[other] { $droid } coups du droïde
    } recalculés depuis la graine, tous conformes.
verify-failed = La table n° { $table } a ÉCHOUÉ à la vérification : l'engagement { $matches ->
        [yes] correspond
       *[no] NE correspond PAS
    } ; { $problems }
replay-of = Rediffusion de la table n° { $table } ({ $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }).
replay-stride = Une image toutes les { $every } actions, la dernière comprise.
replay-series-game = Elle montre la partie { $game } de la série, la dernière jouée.

## La console.

console-welcome = Console Holotable — vous êtes { $user }. Tapez une commande comme sur Discord, par exemple `/jouer game:dejarik opponent:droid`, puis `/coup action:o5-i5` ou `[Bouton]` ; `/aide` liste toutes les commandes, `#salon` change de salon, `bob: /solde` agit en tant que bob. Ctrl-D pour quitter.
draw-none = { $game } n'a pas de nulle : jouez, ou abandonnez avec /abandonner.

## Lire une commande.

parse-needs = /{ $command } demande l'option { $option }
parse-number = { $option } doit être un nombre entier, pas « { $value } »
parse-no-option = /{ $command } n'a pas d'option { $option }
parse-not-option = « { $word } » n'est pas une option (écrivez nom:valeur ou un nom)
parse-twice = l'option { $option } est donnée deux fois
parse-unknown = commande inconnue /{ $command } (commandes : { $commands })
parse-seats = seats va de 2 à 4, pas { $seats }
console-wait = !wait demande une durée comme 30s, 10m, 2h ou 1d
console-expected = attendu : `/commande …`, `utilisateur: /commande …`, `utilisateur: [Bouton]`, `utilisateur: {"{"}choix{"}"}` ou `#salon`
console-user-word = un nom d'utilisateur est un seul mot
console-quote-open = une valeur entre guillemets n'est pas fermée
console-empty = commande vide
console-slash = une commande commence par /
console-not-option = « { $word } » n'est pas une option (écrivez nom:valeur)
console-option-twice = l'option { $option } est donnée deux fois
console-suggestions = { $count ->
        [one] { $count } suggestion
       *[other] { $count } suggestions
    } pour /coup action:{ $typed }
console-no-autocomplete = /{ $command } n'a pas d'autocomplétion
console-no-button = aucun message ici n'a de bouton [{ $label }]
console-no-menu = aucun message ici n'a de menu
turn-to-roll = À { $who } de lancer les dés.
turn-no-roll = Il n'y a rien à lancer maintenant.
turn-roll-first = Lancez d'abord les dés (le bouton Lancer, ou /coup roll).
button-roll = Lancer
thread-table-in = La table est dans { $thread }.
thread-open-table = table ouverte
thread-tournament-in = Le tournoi et ses tables sont dans { $thread }.
option-bot = { $who } est un bot : les bots ne jouent pas, n'ont ni ne reçoivent de crédits (le droïde de la maison joue avec `opponent:` moi).
parse-action = action de /{ $command } inconnue « { $action } » ({ $actions })
moment-seconds = dans { $seconds ->
        [one] { $seconds } seconde
       *[other] { $seconds } secondes
    }
moment-minutes = dans { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }
moment-hours = dans { $hours } heures
moment-minutes-ago = il y a { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }
moment-hours-ago = il y a { $hours } heures
moment-days-ago = il y a { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    }

## /tables : les tables ouvertes du membre
tables-none = { $who }, vous n'êtes assis à aucune table ouverte sur ce serveur : lancez-en une avec /jouer.
tables-title = Les tables ouvertes de { $who } sur ce serveur :
tables-line = • Table n° { $table }, { $game }{ $with }, dans { $place } : { $state }
tables-with = {" "}avec { $players }
tables-waiting = en attente de joueurs ({ $taken } places prises sur { $seats }).
tables-your-turn = à vous de jouer.
tables-watch = {" "}À suivre : { $url }

replay-record = Le relevé de la table n° { $table } : { $entries ->
        [one] { $entries } entrée
       *[other] { $entries } entrées
    } dans la notation du jeu, en fichier texte.
replay-format-unknown = « { $format } » n'est pas un format de rediffusion : gif (l'animation) ou text (le relevé).
replay-format-gif = Animation (GIF)
replay-format-text = Relevé (texte)

## /notify : prévenir par message privé
notify-on = { $who }, je vous enverrai un message privé chaque fois qu'une table de ce serveur vous attend. `/notifier désactiver` les arrête.
notify-off = { $who }, plus de messages privés sur vos tables de ce serveur.
notify-turn = { $who }, la table n° { $table } vous attend dans { $place }.

## /admin channel : où les tables du serveur peuvent s'ouvrir
channel-tables-on = { $who }, les tables peuvent désormais s'ouvrir dans { $channel }. Les tables de ce serveur se jouent dans { $channels } (et leurs fils).
channel-tables-off = { $who }, { $channel } n'accueille plus de nouvelles tables. Les tables de ce serveur se jouent dans { $channels } (et leurs fils).
channel-tables-everywhere = { $who }, { $channel } est retiré de la liste, désormais vide : les tables peuvent s'ouvrir dans tous les salons.
channel-no-tables = { $who }, on ne joue pas dans ce salon : les tables de ce serveur se jouent dans { $channels }.
channel-unknown = « { $channel } » n'est pas un salon : choisissez-en un dans la liste de Discord.
parse-switch = { $option } vaut on ou off, pas « { $value } ».
switch-on = Activé
switch-off = Désactivé
play-wager-too-large = À une table de { $seats } places, la mise est de { $max } crédits au plus, pour que le pot puisse toujours être payé.
play-per-point-too-large = per_point vaut au plus { $max } crédits.
play-per-point-droid = Les séries au point se jouent entre membres : contre le droïde, jouez avec une mise.
settle-no-token-short = { $who } ne gagne pas de jeton : la partie s’est terminée avant que chacun des autres joueurs ait joué { $actions } coups.
settle-no-token-pair = { $who } ne gagne pas de jeton : { $limit } par jour au plus viennent de tables avec le même adversaire.

## Le lien d'une place pour jouer sur le plateau.
button-play-board = Jouer sur le plateau
button-play-open = Ouvrir ma place
seat-link-made = Votre lien pour jouer votre place à la table n° { $table } sur le plateau. Gardez-le pour vous : il agit en votre nom. En redemander un crée un nouveau lien, et l'ancien ne marche plus.
seat-link-no-pages = Ce bot ne sert aucune page web : il n'y a pas de plateau où jouer.
seat-link-not-playing = La table n° { $table } n'est pas en jeu : il n'y a pas de place à jouer sur le plateau.
seat-link-not-seated = Vous n'avez pas de place à la table n° { $table } : la page en direct permet de la regarder.

## Outside every server the bot is in (a direct message, a user install).
no-server = Cela fonctionne dans un serveur où Holotable est ajouté. Ici — en messages privés, ou partout où vous avez installé l’application pour vous — /règles, /aide, /stats et /revoir de vos propres tables fonctionnent.

## Reprise d’un coup d’un commun accord.
button-takeback = Reprendre le coup
button-takeback-yes = Accepter la reprise
button-takeback-no = Refuser
takeback-asks = { $who } demande à reprendre son coup ({ $action }). { $waiting } : acceptez ou refusez.
takeback-agrees = { $who } accepte la reprise.
takeback-refused = { $who } refuse la reprise : le coup est maintenu.
takeback-done = { $who } reprend son coup ({ $action }), avec l’accord de { $by }.
takeback-droid = { $who } reprend son coup ({ $action }) et la réponse du droïde : le droïde est d’accord.
takeback-nothing = Il n’y a pas encore de coup à reprendre.
takeback-chance = Le hasard a parlé depuis ce coup (un lancer, une cible) : il ne peut plus être repris.
takeback-not-last = Seul le dernier coup peut être repris, par le joueur qui l’a joué, avant que quiconque ait rejoué.
takeback-droid-wager = Le droïde ne laisse pas reprendre de coup à une table jouée pour des crédits.
takeback-refused-already = Cette reprise a été refusée : le coup est maintenu.
takeback-stale = Cette reprise est close : la table a avancé, ou personne ne l’a demandée.
takeback-own = Vous avez demandé cette reprise : aux autres de répondre.
