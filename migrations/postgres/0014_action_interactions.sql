-- The interaction that carried an action (a member's /move, button or menu choice): the
-- idempotency key of table actions, as operations have theirs for money. The same
-- interaction delivered again finds its action here and is answered with the board instead
-- of being stored twice or refused as out of turn. Chance, the droid and the clock carry
-- none.
ALTER TABLE actions ADD COLUMN interaction TEXT;
CREATE UNIQUE INDEX actions_interaction ON actions (interaction) WHERE interaction IS NOT NULL;
