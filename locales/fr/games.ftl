## Le nom et le résumé des règles de chaque jeu (`game-<id>`, `rules-<id>`).

game-dejarik = Dejarik
game-backgammon = Backgammon
rules-dejarik = **Dejarik** — un plateau circulaire : le centre C, un anneau intérieur i1–i12 (la zone de combat) et un anneau extérieur o1–o12 (la maison). Chaque joueur a quatre pièces ; les Blancs partent de o5–o8, les Noirs de o11, o12, o1, o2. Un tour est un coup : de l'anneau extérieur vers C (case Dejarik), de C vers n'importe quelle case extérieure, tout droit vers l'intérieur (o5-i5), en diagonale d'un ou deux rayons, ou retour à la maison (i5-o5). Pas de diagonale au premier coup d'un joueur. Une sortie en diagonale qui arrive à côté d'une pièce ennemie la tue ; arriver devant une pièce amie la fait sauter deux cases plus loin (augmentation). On gagne avec quatre pièces alignées sur l'anneau intérieur (3 points), deux pièces tuées (2 points), ou trois alignées après avoir perdu une pièce (1 point). Un coup s'écrit départ-arrivée : `o5-i5`, `o5-C`, `o5-i10`.
rules-backgammon = **Backgammon** (ou jacquet) — exactement comme GNU Backgammon le joue. Chaque joueur a 15 dames et les avance de sa case 24 vers son jan intérieur (cases 1 à 6), puis les sort ; le premier à sortir ses 15 dames gagne. Chaque dé avance une dame ; un double se joue quatre fois ; utilisez les deux dés si vous le pouvez, sinon le plus fort. Une dame ennemie seule (une dame découverte) sur laquelle vous arrivez part sur la barre et doit rentrer d'abord ; deux dames ennemies ou plus bloquent une case. Une victoire vaut 1 point, un gammon 2 (le perdant n'a sorti aucune dame), un backgammon 3 (et il a encore une dame sur la barre ou dans le jan du gagnant), fois le videau. Matchs : `/play game:backgammon to:5`. Avant de lancer, vous pouvez **doubler** (Double) ; votre adversaire **accepte** (Take : le videau double et passe chez lui) ou **refuse** (Drop : il perd la valeur du videau). Pas de double pendant la partie Crawford (juste après qu'un joueur arrive à un point du match). Les coups s'écrivent comme gnubg les écrit : `24/18 13/9`, `bar/22* 13/11`, `8/5(2) 6/3(2)`, `6/off` ; tapez-en une partie dans /move pour le trouver. Les cases sont numérotées du côté du joueur qui joue.

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
