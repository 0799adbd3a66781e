// The Discord Activity: wait for Discord's client, have the member authorise the
// application (identify), trade the code at the bot for who they are and where to go, give
// Discord the access token, then open what the channel holds for them: their seat, the
// table waiting for players, the live page of a table in play, or the games to start.
(function () {
  "use strict";
  var root = document.getElementById("activity");
  var status = document.getElementById("status");
  var words = JSON.parse(root.dataset.words);
  var clientId = root.dataset.client;
  // The page's own place: "/activity" or, through Discord's URL mapping, "/.proxy/activity".
  var base = location.pathname.replace(/activity\/?$/, "");
  function say(text) { status.textContent = text; }
  var sdk;
  try {
    sdk = new window.DiscordSDK(clientId, { disableConsoleLogOverride: true });
  } catch (e) {
    return say(words.failed);
  }
  sdk.ready()
    .then(function () {
      return sdk.commands.authorize({
        client_id: clientId, response_type: "code", state: "", prompt: "none",
        scope: ["identify"],
      });
    })
    .then(function (authorized) {
      return fetch(base + "activity/session", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          code: authorized.code, guild_id: sdk.guildId, channel_id: sdk.channelId,
          instance_id: sdk.instanceId,
        }),
      });
    })
    .then(function (answer) {
      if (!answer.ok) throw new Error("refused");
      return answer.json();
    })
    .then(function (session) {
      return sdk.commands.authenticate({ access_token: session.access_token })
        .then(function () { return session; });
    })
    .then(function (session) {
      if (!session.page) return say(words.none);
      location.replace(base + session.page.replace(/^\//, ""));
    })
    .catch(function (e) {
      say(e && e.message === "refused" ? words.refused : words.failed);
    });
})();
