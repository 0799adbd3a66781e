//! The server's members as the fake presents them, and the interactions they make (slash
//! commands, autocomplete, components).

use super::*;

impl FakeDiscord {
    pub(super) fn member(user: &str, name: &str, permissions: &str) -> Value {
        json!({"user": {"id": user, "username": name, "discriminator": "0000"},
               "roles": [], "deaf": false, "mute": false, "flags": 0,
               "joined_at": "2026-01-01T00:00:00+00:00", "permissions": permissions})
    }

    /// The member object of `user` in the guild, with their nickname when they have one.
    pub(super) fn member_of(&self, user: (&str, &str)) -> Value {
        let shared = self.shared.lock().unwrap();
        let permissions = shared.permissions.get(user.0).copied().unwrap_or(0);
        let mut member = Self::member(user.0, user.1, &permissions.to_string());
        if let Some(nick) = shared.nicks.get(user.0) {
            member["nick"] = json!(nick);
        }
        member
    }

    /// Gives `user` these permissions in the guild (Manage Server is 32).
    pub fn set_permissions(&self, user: &str, permissions: u64) {
        self.shared
            .lock()
            .unwrap()
            .permissions
            .insert(user.to_string(), permissions);
    }

    /// Makes `/gateway/bot` recommend `shards` shards.
    pub fn recommend_shards(&self, shards: u32) {
        self.shared.lock().unwrap().recommended = shards;
    }

    /// Gives `user` a nickname in the guild.
    pub fn set_nick(&self, user: &str, nick: &str) {
        self.shared
            .lock()
            .unwrap()
            .nicks
            .insert(user.to_string(), nick.to_string());
    }

    /// Makes `user`'s Discord client speak `locale` (`fr`, `en-US` …) from now on.
    pub fn set_locale(&self, user: &str, locale: &str) {
        self.shared
            .lock()
            .unwrap()
            .locales
            .insert(user.to_string(), locale.to_string());
    }

    pub(super) fn locale(&self, user: &str) -> String {
        let shared = self.shared.lock().unwrap();
        shared
            .locales
            .get(user)
            .cloned()
            .unwrap_or_else(|| "en-US".into())
    }

    /// The channel an interaction names, as Discord sends it: a thread the bot created is a
    /// public thread (type 11) with its channel as parent; any other is a text channel.
    pub(super) fn channel_object(&self, channel: &str) -> Value {
        let parent = self
            .shared
            .lock()
            .unwrap()
            .thread_parents
            .get(channel)
            .cloned();
        match parent {
            Some(parent) => json!({"id": channel, "type": 11, "parent_id": parent,
                                   "name": "table thread"}),
            None => json!({"id": channel, "type": 0, "name": "general"}),
        }
    }

    /// A slash command from `user`; `options` as Discord sends them; `resolved` users by id.
    pub fn slash(&self, id: u64, user: (&str, &str), name: &str, options: Value, resolved: Value) {
        self.slash_in(CHANNEL_ID, id, user, name, options, resolved)
    }

    /// A slash command used in `channel` (a thread, another channel).
    pub fn slash_in(
        &self,
        channel: &str,
        id: u64,
        user: (&str, &str),
        name: &str,
        options: Value,
        resolved: Value,
    ) {
        self.slash_at(GUILD_ID, channel, id, user, name, options, resolved)
    }

    /// A slash command used in `channel` of another guild.
    #[allow(clippy::too_many_arguments)]
    pub fn slash_at(
        &self,
        guild: &str,
        channel: &str,
        id: u64,
        user: (&str, &str),
        name: &str,
        options: Value,
        resolved: Value,
    ) {
        self.delivering(id, channel, None);
        let mut data = json!({"id": "6000", "name": name, "type": 1, "options": options});
        if !resolved.is_null() {
            data["resolved"] = resolved;
        }
        self.dispatch("INTERACTION_CREATE", json!({
            "id": id.to_string(), "application_id": APP_ID, "type": 2, "token": format!("tok{id}"),
            "version": 1, "channel_id": channel, "channel": self.channel_object(channel),
            "guild_id": guild,
            "member": self.member_of(user), "locale": self.locale(user.0), "entitlements": [],
            "attachment_size_limit": 10485760, "app_permissions": "0", "data": data
        }));
    }

    /// A slash command where the application is installed for `user` alone: in their
    /// direct messages with the bot (`guild` none), or in a server that did not add the bot
    /// (Discord's `authorizing_integration_owners` then names only the user's install).
    pub fn slash_installed_by_user(
        &self,
        guild: Option<&str>,
        id: u64,
        user: (&str, &str),
        name: &str,
        options: Value,
    ) {
        let channel = match guild {
            None => super::dm_channel(user.0),
            Some(_) => "3900".to_string(),
        };
        self.delivering(id, &channel, None);
        let mut interaction = json!({
            "id": id.to_string(), "application_id": APP_ID, "type": 2, "token": format!("tok{id}"),
            "version": 1, "channel_id": channel, "locale": self.locale(user.0),
            "entitlements": [], "attachment_size_limit": 10485760, "app_permissions": "0",
            "authorizing_integration_owners": {"1": user.0},
            "data": {"id": "6000", "name": name, "type": 1, "options": options}
        });
        match guild {
            None => {
                interaction["context"] = json!(1);
                interaction["user"] =
                    json!({"id": user.0, "username": user.1, "discriminator": "0000"});
                interaction["channel"] = json!({"id": channel, "type": 1});
            }
            Some(guild) => {
                interaction["context"] = json!(0);
                interaction["guild_id"] = json!(guild);
                interaction["member"] = Self::member(user.0, user.1, "0");
                interaction["channel"] = json!({"id": channel, "type": 0, "guild_id": guild});
            }
        }
        self.dispatch("INTERACTION_CREATE", interaction);
    }

    /// An autocomplete request with `focused` being typed.
    pub fn autocomplete(&self, id: u64, user: (&str, &str), name: &str, option: &str, typed: &str) {
        self.delivering(id, CHANNEL_ID, None);
        self.dispatch("INTERACTION_CREATE", json!({
            "id": id.to_string(), "application_id": APP_ID, "type": 4, "token": format!("tok{id}"),
            "version": 1, "channel_id": CHANNEL_ID, "guild_id": GUILD_ID,
            "member": self.member_of(user), "locale": self.locale(user.0), "entitlements": [],
            "attachment_size_limit": 10485760, "app_permissions": "0",
            "data": {"id": "6000", "name": name, "type": 1,
                     "options": [{"name": option, "type": 3, "value": typed, "focused": true}]}
        }));
    }

    /// A button press (`values` empty) or a menu choice.
    pub fn component(&self, id: u64, user: (&str, &str), custom_id: &str, values: &[&str]) {
        self.component_in(CHANNEL_ID, id, user, custom_id, values)
    }

    /// A button press or menu choice on a message of `channel`.
    pub fn component_in(
        &self,
        channel: &str,
        id: u64,
        user: (&str, &str),
        custom_id: &str,
        values: &[&str],
    ) {
        self.component_at(GUILD_ID, channel, id, user, custom_id, values)
    }

    /// A button press or menu choice on a message of `channel` in another guild.
    pub fn component_at(
        &self,
        guild: &str,
        channel: &str,
        id: u64,
        user: (&str, &str),
        custom_id: &str,
        values: &[&str],
    ) {
        self.component_on(guild, channel, id, user, (custom_id, values), None)
    }

    /// A menu choice or button press on the message that answered interaction `answered`
    /// (a private step of the move menu, say), carried with the interaction as Discord
    /// carries it: its id, content, components and flags.
    pub fn component_on_answer(
        &self,
        id: u64,
        user: (&str, &str),
        custom_id: &str,
        values: &[&str],
        answered: u64,
    ) {
        let message = self.shared.lock().unwrap().messages.original(answered);
        self.component_on_message(id, user, (custom_id, values), message)
    }

    /// The member dismisses the private message that answered interaction `answered`:
    /// Discord forgets it, but a component interaction from before still carries it
    /// (returned, for [`FakeDiscord::component_on_message`]).
    pub fn dismiss(&self, answered: u64) -> Option<Value> {
        let mut shared = self.shared.lock().unwrap();
        let message = shared.messages.original(answered);
        shared.messages.delete_original(answered);
        message
    }

    /// A menu choice or button press on `message`, as the interaction carries it.
    pub fn component_on_message(
        &self,
        id: u64,
        user: (&str, &str),
        (custom_id, values): (&str, &[&str]),
        message: Option<Value>,
    ) {
        self.component_on(GUILD_ID, CHANNEL_ID, id, user, (custom_id, values), message)
    }

    fn component_on(
        &self,
        guild: &str,
        channel: &str,
        id: u64,
        user: (&str, &str),
        (custom_id, values): (&str, &[&str]),
        message: Option<Value>,
    ) {
        let message = message.unwrap_or_else(|| message_object("board"));
        let message_id = message["id"].as_str().and_then(|m| m.parse().ok());
        self.delivering(id, channel, message_id);
        let data = if values.is_empty() {
            json!({"custom_id": custom_id, "component_type": 2})
        } else {
            json!({"custom_id": custom_id, "component_type": 3, "values": values})
        };
        self.dispatch("INTERACTION_CREATE", json!({
            "id": id.to_string(), "application_id": APP_ID, "type": 3, "token": format!("tok{id}"),
            "version": 1, "channel_id": channel, "channel": self.channel_object(channel),
            "guild_id": guild,
            "member": self.member_of(user), "locale": self.locale(user.0), "entitlements": [],
            "attachment_size_limit": 10485760, "app_permissions": "0",
            "message": message, "data": data
        }));
    }
}
