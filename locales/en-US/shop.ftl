shop-title = **The droid's shop** (looks only: nothing here changes a rule or a chance)
shop-line = • **{ $item }** (`{ $id }`, { $kind }): { $about } — { $price } credits
shop-line-owned = {" "}✓ owned
shop-footer = Buy with `/buy item`, wear or take off with `/equip item`, see yours with `/inventory`.
shop-kind-set = piece set
shop-kind-theme = board theme
shop-unknown = The droid sells no “{ $item }”. Items: { $items }.
shop-owned = You already own { $item }.
shop-not-owned = You do not own { $item }: buy it with `/buy` first.
shop-bought = { $who } buys { $item } from the droid for { $price } credits (balance { $balance }).
shop-bought-worn = It is worn from now on.
shop-bought-kept = Wear it with `/equip item:{ $id }`.
shop-inventory-empty = You own nothing from the shop yet: see `/shop`.
shop-inventory-title = What { $who } owns:
shop-inventory-line = • { $item } (`{ $id }`){ $worn ->
        [yes] {" "}— worn
       *[no] {""}
    }
shop-worn = { $who } now wears { $item }.
shop-taken-off = { $who } takes off { $item }.
shop-priced = { $item } now costs { $price } credits in this server.
shop-carbonite = Carbonite
shop-carbonite-about = slate-blue pieces with pale marks
shop-kyber = Kyber
shop-kyber-about = glowing magenta pieces
shop-hutt-gold = Hutt gold
shop-hutt-gold-about = heavy gold pieces
shop-endor = Endor
shop-endor-about = forest-green pieces with pale edges
shop-tatooine = Tatooine
shop-tatooine-about = a board of warm desert sand
shop-hoth = Hoth
shop-hoth-about = a board of ice and snow
shop-mustafar = Mustafar
shop-mustafar-about = a board of lava and ash
