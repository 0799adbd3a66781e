## Le texte dessiné sur les images de plateau.

side-white = Blancs
side-black = Noirs
board-wins = { $who } gagne · { $reason } · { $score }
board-over = { $reason } · { $score }
board-last = Dernier coup : { $action }
board-series = Série en { $target } : { $score }
board-dj-to-move = À { $who } de jouer ({ $side })
board-dj-augmentations = { $count ->
        [one] ({ $count } augmentation)
       *[other] ({ $count } augmentations)
    }
board-dj-kills = , tue { $cell }
board-bg-off = { $count } sorties
board-bg-pips = { $name }  ·  { $pips } points
board-bg-money = BACKGAMMON · PARTIE D'ARGENT
board-bg-match = MATCH EN { $length } · { $white }–{ $black }
board-bg-crawford = CRAWFORD
board-bg-wins = { $who } gagne { $what ->
        [match] le match
       *[game] la partie
    } · { $score }
board-bg-opening = Lancer d'ouverture
board-bg-next = Partie terminée · score { $white }–{ $black } · ensuite : le lancer d'ouverture
board-bg-to-roll = À { $who } de lancer
board-bg-doubled = { $who } double à { $cube } : { $taker } accepte ou refuse
board-bg-roll-or-double = À { $who } de lancer ou de doubler
board-bg-to-play = À { $who } de jouer { $high }-{ $low }
board-bg-cube-centred = Videau { $value } (au centre)
board-bg-cube-owned = Videau { $value } (à { $who })
side-red = Rouges
board-zk-drawing = Tirage…
board-zk-set-up = À { $who } de placer ses dés
side-orange = Orange
side-purple = Violet
board-kg-reserve = Réserve
board-kg-kingdoms = Royaumes
board-kg-answer = À { $who } : répondez à l'Assassin dans { $kingdoms }
side-green = Verts
side-blue = Bleus
side-yellow = Jaunes
board-dz-target = cible { $cell } pour { $who }
board-dz-out = { $who } (éliminé)
board-dz-reserve = Réserve
board-dz-captures = Prises
board-dz-place = À { $who } de lancer pour l'acier ({ $left } à poser)
board-dz-first = À { $who } de lancer pour le premier tour
board-dz-claim = { $who } peut réclamer le coup manqué
board-dz-choose = À { $who } de déposer, déplacer ou passer
board-dz-roll = À { $who } de lancer
board-lost = perdues
