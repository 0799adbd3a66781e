# What the Discord front end says about Discord itself.
discord-answer-lost = Discord did not take my answer to { $who }, so here it is.
error-internal = Something went wrong on my side; nothing was changed. Please try again.
discord-option-invalid = One of the options is not valid here: { $option }.
discord-command-outdated = This command has just changed; Discord will show its new form in a moment. Please try again.
discord-command-not-allowed = This command cannot be used here.
discord-failed = Discord failed while I answered; whatever was done is recorded, and /board shows the table.
