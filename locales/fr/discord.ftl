# Ce que le front Discord dit de Discord lui-même.
discord-answer-lost = Discord n'a pas pris ma réponse à { $who } ; la voici.
error-internal = Quelque chose a échoué de mon côté ; rien n'a été modifié. Réessayez, s'il vous plaît.
discord-option-invalid = Une des options n'est pas valable ici : { $option }.
discord-command-outdated = Cette commande vient de changer ; Discord montrera sa nouvelle forme dans un instant. Réessayez, s'il vous plaît.
discord-command-not-allowed = Cette commande n'est pas utilisable ici.
discord-failed = Discord a échoué pendant ma réponse ; ce qui a été fait est enregistré, et /plateau montre la table.
