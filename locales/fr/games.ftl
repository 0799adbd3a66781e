## Le nom et le résumé des règles de chaque jeu (`game-<id>`, `rules-<id>`).

game-dejarik = Dejarik
game-backgammon = Backgammon
rules-dejarik = **Dejarik** — un plateau circulaire : le centre C, un anneau intérieur i1–i12 (la zone de combat) et un anneau extérieur o1–o12 (la maison). Chaque joueur a quatre pièces ; les Blancs partent de o5–o8, les Noirs de o11, o12, o1, o2. Un tour est un coup : de l'anneau extérieur vers C (case Dejarik), de C vers n'importe quelle case extérieure, tout droit vers l'intérieur (o5-i5), en diagonale d'un ou deux rayons, ou retour à la maison (i5-o5). Pas de diagonale au premier coup d'un joueur. Une sortie en diagonale qui arrive à côté d'une pièce ennemie la tue ; arriver devant une pièce amie la fait sauter deux cases plus loin (augmentation). On gagne avec quatre pièces alignées sur l'anneau intérieur (3 points), deux pièces tuées (2 points), ou trois alignées après avoir perdu une pièce (1 point). Un coup s'écrit départ-arrivée : `o5-i5`, `o5-C`, `o5-i10`.
rules-backgammon = **Backgammon** (ou jacquet) — exactement comme GNU Backgammon le joue. Chaque joueur a 15 dames et les avance de sa case 24 vers son jan intérieur (cases 1 à 6), puis les sort ; le premier à sortir ses 15 dames gagne. Chaque dé avance une dame ; un double se joue quatre fois ; utilisez les deux dés si vous le pouvez, sinon le plus fort. Une dame ennemie seule (une dame découverte) sur laquelle vous arrivez part sur la barre et doit rentrer d'abord ; deux dames ennemies ou plus bloquent une case. Une victoire vaut 1 point, un gammon 2 (le perdant n'a sorti aucune dame), un backgammon 3 (et il a encore une dame sur la barre ou dans le jan du gagnant), fois le videau. Matchs : `/jouer game:backgammon to:5`. Avant de lancer, vous pouvez **doubler** (Double) ; votre adversaire **accepte** (Take : le videau double et passe chez lui) ou **refuse** (Drop : il perd la valeur du videau). Pas de double pendant la partie Crawford (juste après qu'un joueur arrive à un point du match). Les coups s'écrivent comme gnubg les écrit : `24/18 13/9`, `bar/22* 13/11`, `8/5(2) 6/3(2)`, `6/off` ; tapez-en une partie dans /coup pour le trouver. Les cases sont numérotées du côté du joueur qui joue.

## Les actions du backgammon en mots (BG-5).

bg-rolls = { $who } lance { $high }-{ $low }.
bg-doubles = { $who } double à { $cube }.
bg-takes = { $who } accepte.
bg-drops = { $who } refuse.
bg-resigns = { $who } propose d'abandonner { $kind ->
        [single] une partie simple
        [gammon] un gammon
       *[backgammon] un backgammon
    }.
bg-accepts = { $who } accepte l'abandon.
bg-rejects = { $who } refuse l'abandon.

## Pourquoi une partie s'est terminée.

game-agreed = terminée d'un commun accord
game-ended = terminée
dj-aligns-four = { $who } aligne quatre pièces
dj-lost-two = { $who } a perdu deux pièces
dj-aligns-three = { $who } aligne trois pièces
dj-blocked = toutes les pièces sont bloquées : partie nulle
dj-repetition = nulle par triple répétition
dj-cap = limite de { $cap } coups atteinte : partie nulle
dj-forfeits = { $who } déclare forfait
bg-money-over = partie d'argent terminée
bg-match-over = match en { $length } terminé
bg-resigned-match = { $who } a abandonné le match
bg-opening = Lancer d'ouverture : { $first } { $high }, { $second } { $low } : { $first } commence avec { $high }-{ $low }.
bg-game-won = { $who } gagne la partie : { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $kind ->
        [dropped] {" "}(double refusé)
        [resigned] {" "}(abandon accepté)
        [gammon] {" "}(gammon)
        [backgammon] {" "}(backgammon)
       *[single] {""}
    }.
bg-match-score = Match en { $length } : { $white }–{ $black }.
bg-crawford-next = La prochaine partie est la partie Crawford : pas de double.

## Les refus des règles, dans les mots des joueurs.

rules-game-over = La partie est terminée.
dj-no-piece = Il n'y a pas de pièce sur { $cell }.
dj-not-yours = La pièce sur { $cell } est aux { $owner ->
        [white] Blancs
       *[black] Noirs
    } : ce n'est pas à vous de la jouer.
dj-first-diagonal = { $move } est une sortie en diagonale, interdite au premier coup d'un joueur (DJ-3.8).
dj-cannot-move = { $move } n'est pas légal : la pièce sur { $cell } ne peut pas bouger.
dj-can-play = { $move } n'est pas légal ; la pièce sur { $cell } peut jouer { $moves }.
dj-no-pass = Vous ne pouvez pas passer : passer n'est permis que sans coup légal (DJ-5.6).
dj-too-long = Le coup est trop long.
dj-bad-cell = « { $cell } » n'est pas une case (les cases sont C, i1…i12 et o1…o12).
dj-not-a-move = « { $text } » n'est pas un coup : écrivez-le <départ>-<arrivée>, par exemple o5-i5, ou pass.
bg-no-move = Aucun coup donné : écrivez-en un comme 24/18 13/11.
bg-bad-repeat = « { $text } » : une répétition s'écrit (2), (3) ou (4).
bg-bad-point = « { $text } » nomme une case qui n'existe pas (1–24, bar ou off).
bg-bad-path = « { $text } » : un mouvement va d'une case à une autre, par exemple 24/18.
bg-backwards = « { $text } » : les dames vont des cases hautes vers les basses.
bg-no-checkers = « { $text } » déplace des dames qui ne sont pas là.
bg-not-legal = « { $text } » n'est pas un coup légal avec ces dés.
bg-ambiguous = « { $text } » est ambigu : écrivez l'un de { $options }.
bg-bad-die = « { $text } » n'est pas un dé (1–6).
bg-bad-resign = Abandon single, gammon ou backgammon, pas « { $text } ».
bg-no-dice = Les dés ne sont pas lancés : il n'y a pas encore de coup à jouer.
bg-must-pass = Aucune dame ne peut bouger avec ces dés : la seule action est de passer.
bg-opening-under-way = Le lancer d'ouverture commence une partie ; celle-ci est en cours.
bg-opening-dice = Le lancer d'ouverture est fait de deux dés différents, de 1 à 6.
bg-no-roll-now = Ce n'est pas le moment de lancer les dés.
bg-dice-range = Les dés vont de 1 à 6.
bg-nothing-to-decide = Il n'y a rien à décider avant ce lancer.
bg-resign-by-actor = Un abandon est proposé par le joueur qui a la main.
bg-answer-first = Répondez d'abord à la proposition en attente.
bg-resign-kind = Abandon single, gammon ou backgammon.
bg-no-resignation = Aucun abandon n'a été proposé.
bg-no-double = Aucun double n'a été proposé.
bg-roll-first = Lancez les dés avant de jouer.
bg-not-legal-play = Ce coup n'est pas légal avec ces dés.
bg-pass-only = Passer n'est possible que si aucune dame ne peut utiliser le lancer.
bg-cube-one-point = Un match en 1 point n'a pas de videau.
bg-cube-crawford = Pas de double pendant la partie Crawford.
bg-cube-max = Le videau est à 64, sa plus haute valeur.
bg-cube-before-roll = On double avant de lancer.
bg-cube-offered = Un double est déjà proposé.
bg-cube-theirs = Votre adversaire possède le videau.
bg-cube-not-now = Vous ne pouvez pas doubler maintenant.
option-whole = { $option } doit être un nombre entier de { $min } à { $max }.
option-flag = { $option } vaut oui ou non (yes ou no), pas « { $value } ».
option-text = { $option } doit être un texte.
option-setup = setup n'est pas une position dans la notation du jeu : { $error }
dj-option-side = { $option } vaut w, b, white, black, 0 ou 1.

## Zatak (ZK).

zk-five = { $who } a pris cinq dés
zk-no-move = l'autre joueur n'a aucun coup légal
zk-repetition = nulle par triple répétition
zk-cap = { $cap } coups sans prise : nulle
zk-setup-faces = Une mise en place montre les faces 1 à 6 une fois chacune (ZK-2.3).
zk-setup-first = La mise en place vient d'abord : écrivez setup et six faces, par exemple setup 123456.
zk-setup-over = La mise en place est terminée.
zk-illegal = { $move } n'est pas un coup légal.
zk-bad-action = Ce n'est pas une action de Zatak.
zk-bad-setup = « { $text } » : une mise en place s'écrit setup et six faces, par exemple setup 123456.
zk-not-legal = « { $text } » n'est pas un coup légal ici.
zk-forfeits = { $who } déclare forfait
zk-random-free = random et free ne peuvent pas être activés ensemble (ZK-7).
zk-obstacles = Les { $count } obstacles sont tirés avant la mise en place, hors des deux zones (ZK-7.2).
zk-free-long = Avec free, une mise en place nomme ses cases : setup c1=2,c2=4,d1=1,… (ZK-7.1).
zk-not-free = Une mise en place sur les cases de votre choix demande l'option free (ZK-7.1).
zk-free-shared = Deux dés ne partagent jamais une case (ZK-2.1).
zk-free-occupied = Une mise en place libre utilise des cases vides qui ne sont pas des obstacles (ZK-7.1).
zk-free-corner = Un dé se tient sur votre coin (ZK-7.1).
zk-free-connected = Les six dés forment un seul groupe connexe (ZK-7.1).
game-zatak = Zatak
rules-zatak = **Zatak** — un hexagone de 37 cases (colonnes a–g) ; chaque joueur a six dés, les Blancs au coin du bas d1, les Rouges au coin du haut d7. D'abord chacun place ses dés sur son triangle de coin en montrant 1 à 6 une fois chacun (`setup 123456` : les faces sur d1 c1 e1 b1 d2 f1). Puis, à tour de rôle, un joueur avance un dé d'exactement autant de pas que sa face, en ligne droite, jamais sur ses propres dés ni hors du plateau. Arriver sur un dé ennemi en chemin le capture, et après chaque prise le dé peut tourner dans n'importe quelle direction (retour compris) pour ses pas restants. Prenez cinq dés ennemis pour gagner ; un joueur sans coup perd. Un coup liste le départ, chaque prise avec x, et l'arrivée : `d4-f4`, `d4-xd5-c5`. Options : `adjust` (tourner un dé d'une face au lieu de bouger), `takeface`, `free`, `random`, `obstacles:2`, `nocapture:N`.
zk-sets-up = { $who } place ses dés (case : face) : { $setup }.
zk-adjusts = { $who } tourne le dé en { $cell } de { $from } à { $to }.
zk-obstacles-drawn = Obstacles tirés sur { $cells }.
game-kingdoms = Royaumes d'Halloween
rules-kingdoms = **Royaumes d'Halloween** — un plateau de 9×9 (colonnes a–i, rangées 1–9) découpé en neuf royaumes de 3×3, de K1 en haut à gauche à K9 en bas à droite. Orange (qui commence) et Violet ont chacun 12 pièces en réserve : 3 Fantômes `G`, 2 Sorcières `W`, 2 Chats noirs `C`, 2 Chauves-souris `B`, 1 Citrouille `P`, 2 Assassins `A`. Orange pose une première pièce n'importe où, Violet une à côté ; ensuite un tour est une action : poser une pièce à côté d'une des siennes dans le même royaume (`G@e5`) ou en déplacer une (`e5-e6`). Fantôme : vers n'importe quelle case vide. Sorcière : comme une dame aux échecs, en survolant les pièces. Chat : un saut de cavalier. Chauve-souris : glisse en ligne jusqu'à la dernière case vide. Citrouille : un pas. Assassin : trois pas orthogonaux sur des cases vides, chacune voisine d'une autre pièce (`e5-f5-f6-g6`, noté `e5-g6`). Après chaque action, toutes les pièces, des deux couleurs, forment une seule chaîne. Une pièce seule dans un royaume avec un Assassin ennemi (et aucun des siens) est menacée : son propriétaire doit répondre, en partant ou en faisant entrer une pièce ; un Fantôme a un tour de grâce. Occupez les neuf royaumes pour gagner. `pass` seulement quand rien n'est légal ; deux passes de suite, une triple répétition ou 300 actions font une nulle. Option : `cap:N`.
kg-nine = { $who } occupe les neuf royaumes
kg-two-passes = les deux joueurs ont passé : nulle
kg-repetition = nulle par triple répétition
kg-cap = { $cap } actions jouées : nulle
kg-forfeits = { $who } déclare forfait
kg-places = { $who } pose { $piece ->
        [G] un Fantôme
        [W] une Sorcière
        [C] un Chat noir
        [B] une Chauve-souris
        [P] la Citrouille
       *[A] un Assassin
    } en { $cell }.
kg-moves = { $who } déplace { $piece ->
        [G] un Fantôme
        [W] une Sorcière
        [C] un Chat noir
        [B] une Chauve-souris
        [P] la Citrouille
       *[A] un Assassin
    } de { $from } en { $to }.
kg-passes = { $who } n'a aucune action légale et passe.
kg-threat = { $piece ->
        [G] Le Fantôme de { $who } en { $cell } est seul
        [W] La Sorcière de { $who } en { $cell } est seule
        [C] Le Chat noir de { $who } en { $cell } est seul
        [B] La Chauve-souris de { $who } en { $cell } est seule
        [P] La Citrouille de { $who } en { $cell } est seule
       *[A] L'Assassin de { $who } en { $cell } est seul
    } dans K{ $kingdom } à côté d'un Assassin ennemi : { $who } doit répondre à la menace.
kg-no-pass = On ne passe que lorsqu'aucune autre action n'est légale (KG-7.2).
kg-none-left = Il ne reste { $piece ->
        [G] aucun Fantôme
        [W] aucune Sorcière
        [C] aucun Chat noir
        [B] aucune Chauve-souris
        [P] aucune Citrouille
       *[A] aucun Assassin
    } dans votre réserve (KG-2.3).
kg-occupied = { $action } : cette case n'est pas vide (KG-2.4).
kg-place-where = { $action } : une pièce se pose à côté d'une des vôtres, dans le même royaume (KG-3.4).
kg-no-piece = { $action } : il n'y a pas de pièce sur la case de départ.
kg-not-yours = { $action } : cette pièce n'est pas à vous.
kg-cannot-reach = { $action } : { $piece ->
        [G] un Fantôme
        [W] une Sorcière
        [C] un Chat noir
        [B] une Chauve-souris
        [P] la Citrouille
       *[A] un Assassin
    } ne se déplace pas ainsi (KG-4).
kg-chain = { $action } briserait la chaîne des pièces (KG-5).
kg-answer = { $action } laisse sans réponse la menace de l'Assassin dans { $kingdoms } (KG-6.6).
kg-bad-action = « { $text } » : écrivez G@e5 pour poser une pièce, e5-e6 pour en déplacer une, ou pass.
kg-bad-path = « { $text } » n'est pas un chemin de votre Assassin : trois pas orthogonaux sur des cases vides, sans revenir en arrière, chacune voisine d'une autre pièce (KG-4.6).
kg-bad-position = Ce n'est pas une position des Royaumes d'Halloween : { $error }
kg-place-first = { $action } : votre première pièce se pose à côté de la pièce d'Orange, dans n'importe quel royaume (KG-3.2).
game-dzone = D-Zone
rules-dzone = **D-Zone** — 2 à 4 joueurs (Rouge, Vert, Bleu, Jaune dans l'ordre des places) sur une zone de 6×6 : le dé noir donne la colonne, le dé blanc la rangée, chaque lancer nomme donc une case cible (`34`). Chaque joueur a 6 billes en réserve ; les billes d'acier (une par joueur) sont d'abord lancées sur la zone, ou restent de la dernière partie du salon. La plus petite somme commence. À votre lancer : sur une cible vide vous déposez une bille (`deposit 34`), déplacez une des vôtres par un plus court chemin en escalier en prenant toute bille adverse au passage (`move 22-42-44`), ou passez ; une bille adverse sur la cible est d'abord capturée ; l'acier sur la cible est relancé ailleurs ; votre propre bille termine le tour. Passez alors que vous pouviez jouer et le joueur suivant peut réclamer cette bille (`claim 22`, ou `waive`). Un joueur sans billes est éliminé ; le dernier en jeu gagne, ou, après trois tours de table sans jeu, 400 tours ou un accord, celui qui a le plus de prises. Options : `marbles:N`, `steel:N`, `strict`, `fresh`.
dz-last = { $who } est le dernier en jeu
dz-most-captures = { $who } a le plus de prises
dz-tie = égalité de prises
dz-roll-first = On lance d'abord les dés.
dz-not-rolling = Un lancer n'est pas une action de joueur ici.
dz-strict-pass = Avec strict, on ne passe que lorsque rien n'est jouable (DZ-5.4). Légal : { $legal }.
dz-illegal = { $action } n'est pas légal ici. Légal : { $legal }.
dz-rolls = { $who } lance { $black } (noir) et { $white } (blanc).
dz-rolls-steel = { $who } lance { $black } et { $white } : acier en { $cell }.
dz-rolls-steel-again = { $who } lance { $black } et { $white } : déjà de l'acier, on relance.
dz-rolls-first = { $who } lance { $black } et { $white } pour le premier tour : { $sum }.
dz-rolls-relocate = { $who } lance { $black } et { $white } : l'acier va en { $cell }.
dz-rolls-relocate-own = { $who } lance { $black } et { $white } : l'acier va en { $cell }, et la bille de { $who } qui s'y trouvait retourne dans sa réserve.
dz-rolls-relocate-takes = { $who } lance { $black } et { $white } : l'acier va en { $cell }, et { $who } prend la bille de { $owner } qui s'y trouvait.
dz-rolls-lifts = { $who } lance { $black } (noir) et { $white } (blanc) : l'acier en { $cell } est soulevé et relancé.
dz-rolls-own = { $who } lance { $black } (noir) et { $white } (blanc) : sa propre bille est en { $cell }, le tour s'arrête.
dz-rolls-takes = { $who } lance { $black } (noir) et { $white } (blanc) et prend la bille de { $owner } en { $cell }.
dz-out = { $who } est éliminé.
dz-deposits = { $who } dépose une bille en { $cell }.
dz-moves = { $who } déplace une bille de { $from } en { $to }.
dz-moves-taking = { $who } déplace une bille de { $from } en { $to } et prend { $taken ->
        [one] la bille en { $cells }
       *[other] { $taken } billes ({ $cells })
    }.
dz-passes = { $who } passe.
dz-claims = { $who } réclame la bille en { $cell }.
dz-claims-depot = { $who } réclame une bille de la réserve du joueur qui a passé.
dz-waives = { $who } laisse passer le coup manqué.
dz-bad-action = « { $text } » : écrivez deposit 44, move 22-44, pass, claim 22, claim depot ou waive.
dz-no-marble = { $cell } ne porte aucune de vos billes.
dz-no-path = Aucun chemin légal de { $from } à { $to } (DZ-4.3).
dz-ambiguous = Ce déplacement est ambigu ; précisez lequel : { $moves }.
dz-bad-path = « { $text } » n'est pas un chemin légal : chaque pas se rapproche de la cible, jamais sur l'acier ni sur vos propres billes (DZ-4.3).
dz-bad-position = Ce n'est pas une position de D-Zone : { $error }

## Boutons des décisions des jeux.

decision-roll = Lancer
decision-double = Doubler
decision-take = Prendre
decision-drop = Refuser
decision-accept = Accepter
decision-reject = Rejeter
decision-pass = Passer
decision-waive = Renoncer

## Menus de coups : chaque entrée nomme une étape vers une action, ou l'action même.

menu-action = { $action }
menu-pass = Passer
dj-menu-from = La pièce en { $cell }
dj-menu-move = { $from } vers { $to }{ $kills ->
        [yes] , en tuant
       *[no] {""}
    }
bg-menu-first = { $from ->
        [bar] De la barre
       *[other] De { $from }
    } { $to ->
        [off] à la sortie
       *[other] à { $to }
    }, puis…
bg-menu-play = Jouer { $play }
bg-menu-resign = Abandonner { $kind ->
        [single] une partie simple
        [gammon] un gammon
       *[backgammon] un backgammon
    }
zk-menu-from = Le { $face } en { $cell }
zk-menu-move = Vers { $to }{ $taken ->
        [0] {""}
       *[other] , en prenant { $cells }
    } ({ $from }–{ $to })
zk-menu-adjust = Le tourner de { $from } à { $to }
zk-menu-die = { $face } en { $cell }
zk-menu-cell = Dé suivant en { $cell }
zk-menu-setup = Disposer { $setup }
kg-menu-place = Poser { $piece ->
        [G] un Fantôme
        [W] une Sorcière
        [C] un Chat noir
        [B] une Chauve-souris
        [P] la Citrouille
       *[A] un Assassin
    }
kg-menu-kingdom = Dans le royaume K{ $kingdom }
kg-menu-placed = { $piece ->
        [G] Un Fantôme
        [W] Une Sorcière
        [C] Un Chat noir
        [B] Une Chauve-souris
        [P] La Citrouille
       *[A] Un Assassin
    } en { $cell }
kg-menu-from = Déplacer { $piece ->
        [G] le Fantôme
        [W] la Sorcière
        [C] le Chat noir
        [B] la Chauve-souris
        [P] la Citrouille
       *[A] l'Assassin
    } en { $cell }
kg-menu-moved = { $piece ->
        [G] Le Fantôme
        [W] La Sorcière
        [C] Le Chat noir
        [B] La Chauve-souris
        [P] La Citrouille
       *[A] L'Assassin
    } de { $from } à { $to }
dz-menu-from = La bille en { $cell }
dz-menu-move = { $from } vers { $to }{ $via ->
        [none] {""}
       *[other] {" "}par { $via }
    }{ $taken ->
        [0] {""}
        [one] , en prenant { $taken } bille
       *[other] , en prenant { $taken } billes
    }
dz-menu-deposit = Déposer une bille en { $cell }
dz-menu-claim = Réclamer la bille en { $cell }
dz-menu-claim-depot = Réclamer une bille de la réserve du joueur qui a passé
dz-menu-waive = Laisser passer le coup manqué
