shop-title = **La boutique du droïde** (l'allure seulement : rien ici ne change une règle ni le hasard)
shop-line = • **{ $item }** (`{ $id }`, { $kind }) : { $about } — { $price } crédits
shop-line-owned = {" "}✓ acquis
shop-footer = Achetez avec `/acheter item`, portez ou ôtez avec `/équiper item`, voyez les vôtres avec `/inventaire`.
shop-kind-set = jeu de pièces
shop-kind-theme = thème de plateau
shop-unknown = Le droïde ne vend pas « { $item } ». Articles : { $items }.
shop-owned = Vous possédez déjà { $item }.
shop-not-owned = Vous ne possédez pas { $item } : achetez-le d'abord avec `/acheter`.
shop-bought = { $who } achète { $item } au droïde pour { $price } crédits (solde { $balance }).
shop-bought-worn = Il est porté dès maintenant.
shop-bought-kept = Portez-le avec `/équiper item:{ $id }`.
shop-inventory-empty = Vous ne possédez encore rien de la boutique : voyez `/boutique`.
shop-inventory-title = Ce que possède { $who } :
shop-inventory-line = • { $item } (`{ $id }`){ $worn ->
        [yes] {" "}— porté
       *[no] {""}
    }
shop-worn = { $who } porte désormais { $item }.
shop-taken-off = { $who } ôte { $item }.
shop-priced = { $item } coûte désormais { $price } crédits sur ce serveur.
shop-carbonite = Carbonite
shop-carbonite-about = pièces bleu ardoise aux marques pâles
shop-kyber = Kyber
shop-kyber-about = pièces magenta lumineuses
shop-hutt-gold = Or hutt
shop-hutt-gold-about = lourdes pièces d'or
shop-endor = Endor
shop-endor-about = pièces vert forêt aux bords pâles
shop-tatooine = Tatooine
shop-tatooine-about = un plateau de sable chaud du désert
shop-hoth = Hoth
shop-hoth-about = un plateau de glace et de neige
shop-mustafar = Mustafar
shop-mustafar-about = un plateau de lave et de cendre
