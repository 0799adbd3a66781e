//! What the fake answers a request before it takes it: Discord's refusals (an interaction
//! answered twice or too late, a body too big, a permission missing) and the faults a test
//! injects (5xx, 429 windows, lateness).

use super::*;

impl FakeDiscord {
    /// What Discord answers `request`: its refusals and the injected faults first.
    pub(super) async fn decide(&self, request: &mut Request) -> Response {
        let route = Route::of(&request.method, &request.path);
        let interaction = request.interaction();
        if let Some(Fault::Late(delay)) = route.and_then(|r| self.take_fault(r, interaction, true))
        {
            tokio::time::sleep(delay).await;
            request.at = Instant::now();
        }
        if let Some(refused) = self.refuse(request, route, interaction) {
            return refused;
        }
        let thread = {
            let mut shared = self.shared.lock().unwrap();
            if request.method == "POST" && request.path.ends_with("/threads") {
                shared.threads += 1;
                let parent = request.path.trim_start_matches("/channels/");
                let parent = parent.trim_end_matches("/threads").to_string();
                let thread = (8_000_000 + shared.threads).to_string();
                shared.thread_parents.insert(thread, parent);
            }
            8_000_000 + shared.threads
        };
        taken(self, request, thread)
    }

    /// The first planned fault for this request (only a lateness if `late`, none else).
    pub(super) fn take_fault(
        &self,
        route: Route,
        interaction: Option<u64>,
        late: bool,
    ) -> Option<Fault> {
        let mut shared = self.shared.lock().unwrap();
        let index = shared.planned.iter().position(|p| {
            p.route == route
                && p.interaction.is_none_or(|i| Some(i) == interaction)
                && matches!(p.fault, Fault::Late(_)) == late
        })?;
        Some(shared.planned.remove(index).fault)
    }

    pub(super) fn refuse(
        &self,
        request: &Request,
        route: Option<Route>,
        interaction: Option<u64>,
    ) -> Option<Response> {
        let now = Instant::now();
        if let Some(route) = route {
            let limited = {
                let shared = self.shared.lock().unwrap();
                let until = shared
                    .limited_globally
                    .into_iter()
                    .chain(shared.limited.get(&route).copied());
                until.filter(|u| *u > now).max()
            };
            if let Some(until) = limited {
                return Some(rate_limited((until - now).as_secs_f64(), false));
            }
            match self.take_fault(route, interaction, false) {
                Some(Fault::Status(status)) => {
                    let status = StatusCode::from_u16(status).unwrap();
                    let message = format!(
                        "{}: {}",
                        status.as_u16(),
                        status.canonical_reason().unwrap_or("")
                    );
                    return Some(
                        (status, Json(json!({"code": 0, "message": message}))).into_response(),
                    );
                }
                Some(Fault::RateLimited {
                    retry_after,
                    global,
                }) => {
                    let until = now + Duration::from_secs_f64(retry_after);
                    let mut shared = self.shared.lock().unwrap();
                    if global {
                        shared.limited_globally = Some(until);
                    } else {
                        shared.limited.insert(route, until);
                    }
                    return Some(rate_limited(retry_after, global));
                }
                _ => {}
            }
        }
        let denied = self.shared.lock().unwrap().denied;
        let threads = request.path.starts_with("/channels/") && request.path.ends_with("/threads");
        // Removing a thread, and locking one, take Manage Threads.
        let channel_edit =
            request.path.starts_with("/channels/") && request.path.matches('/').count() == 2;
        let locks = request.method == "PATCH" && request.json["locked"] == true;
        if (request.method == "POST" && threads && denied & CREATE_PUBLIC_THREADS != 0)
            || ((request.method == "DELETE" || locks)
                && channel_edit
                && denied & MANAGE_THREADS != 0)
        {
            return Some(refusal(StatusCode::FORBIDDEN, 50013, "Missing Permissions"));
        }
        // Nothing is posted in an archived thread.
        let posts_in = request
            .path
            .strip_prefix("/channels/")
            .and_then(|p| p.strip_suffix("/messages"));
        if let Some(channel) = posts_in.filter(|_| request.method == "POST") {
            if self.shared.lock().unwrap().closed_threads.contains(channel) {
                return Some(refusal(
                    StatusCode::BAD_REQUEST,
                    50083,
                    "Thread is archived",
                ));
            }
        }
        let body = if route == Some(Route::Callback) {
            &request.json["data"]
        } else {
            &request.json
        };
        if let Some(why) = invalid_body(body) {
            return Some(refusal(
                StatusCode::BAD_REQUEST,
                50035,
                &format!("Invalid Form Body: {why}"),
            ));
        }
        if request
            .files
            .iter()
            .any(|(_, _, bytes)| bytes.len() > UPLOAD_LIMIT)
        {
            return Some(refusal(
                StatusCode::PAYLOAD_TOO_LARGE,
                40005,
                "Request entity too large",
            ));
        }
        let id = interaction?;
        let mut shared = self.shared.lock().unwrap();
        let Some(delivered) = shared.delivered.get_mut(&id) else {
            return Some(refusal(StatusCode::NOT_FOUND, 10062, "Unknown interaction"));
        };
        if route == Some(Route::Callback) {
            if delivered.answered {
                return Some(refusal(
                    StatusCode::BAD_REQUEST,
                    40060,
                    "Interaction has already been acknowledged.",
                ));
            }
            if now.duration_since(delivered.at) > Duration::from_secs(3) {
                return Some(refusal(StatusCode::NOT_FOUND, 10062, "Unknown interaction"));
            }
            delivered.answered = true;
        } else if !delivered.answered {
            return Some(refusal(StatusCode::NOT_FOUND, 10015, "Unknown Webhook"));
        }
        None
    }

    /// Injects `fault` into the next request of `route` (for `interaction`, or any).
    pub fn inject(&self, route: Route, interaction: Option<u64>, fault: Fault) {
        self.shared.lock().unwrap().planned.push(Planned {
            route,
            interaction,
            fault,
        });
    }

    /// `user` takes no direct messages from the server's members.
    pub fn refuse_dms(&self, user: &str) {
        self.shared.lock().unwrap().no_dms.insert(user.to_string());
    }

    /// The messages sent to `user` directly, oldest first.
    pub fn direct_messages(&self, user: &str) -> Vec<String> {
        let channel = dm_channel(user);
        let shared = self.shared.lock().unwrap();
        let all = shared.messages.all();
        all.values()
            .filter(|m| m.channel == channel)
            .map(|m| m.content.clone())
            .collect()
    }

    /// Takes permissions away from the bot (Discord's bits).
    pub fn deny(&self, permissions: u64) {
        self.shared.lock().unwrap().denied |= permissions;
    }

    /// Forgets interaction `id`, so that delivering it again is a fresh interaction (as
    /// after a gateway session replays events to a new process).
    pub fn forget(&self, id: u64) {
        self.shared.lock().unwrap().delivered.remove(&id);
    }

    /// Remembers an interaction being delivered in `channel` (a copy keeps the first's
    /// time).
    pub(super) fn delivering(&self, id: u64, channel: &str, message: Option<u64>) {
        self.shared
            .lock()
            .unwrap()
            .delivered
            .entry(id)
            .or_insert(Delivered {
                at: Instant::now(),
                answered: false,
                channel: channel.to_string(),
                message,
            });
    }

    /// The channel interaction `id` was used in.
    pub(super) fn channel_of(&self, id: u64) -> String {
        let shared = self.shared.lock().unwrap();
        let delivered = shared.delivered.get(&id);
        delivered.map_or(CHANNEL_ID.to_string(), |d| d.channel.clone())
    }

    /// A first answer Discord took: a reply (type 4) or "thinking…" (type 5) is a message;
    /// an update (type 7) changes the message the button or menu was on, and Discord
    /// refuses it for an interaction that came from no message (a slash command).
    pub(super) fn callback_taken(&self, request: &Request) -> Option<Response> {
        let id = request.interaction()?;
        match request.json["type"].as_u64() {
            Some(4 | 5) => {
                let channel = self.channel_of(id);
                let mut shared = self.shared.lock().unwrap();
                shared
                    .messages
                    .answered(id, &channel, &request.json["data"]);
                None
            }
            Some(7) => {
                let mut shared = self.shared.lock().unwrap();
                let message = shared.delivered.get(&id).and_then(|d| d.message);
                let updated =
                    message.and_then(|m| shared.messages.updated(id, m, &request.json["data"]));
                match updated {
                    Some(()) => None,
                    None => Some(refusal(
                        StatusCode::BAD_REQUEST,
                        50035,
                        "Invalid Form Body: UPDATE_MESSAGE needs a component's message",
                    )),
                }
            }
            // LAUNCH_ACTIVITY: only for an application whose Activities are on.
            Some(12) if !self.shared.lock().unwrap().oauth.activities => Some(refusal(
                StatusCode::BAD_REQUEST,
                50035,
                "Invalid Form Body: this application has no Activity",
            )),
            _ => None,
        }
    }

    /// The interaction's webhook: followups, and its first answer read, edited, deleted.
    pub(super) fn webhook(&self, request: &Request) -> Response {
        let id = request.interaction().unwrap_or(0);
        let channel = self.channel_of(id);
        let original = request.path.ends_with("/messages/@original");
        let mut shared = self.shared.lock().unwrap();
        let object = match (request.method.as_str(), original) {
            ("POST", false) => Some(shared.messages.create(&channel, &request.json)),
            ("GET", true) => shared.messages.original(id),
            ("PATCH", true) => shared.messages.edit_original(id, &request.json),
            ("DELETE", true) => {
                shared.messages.delete_original(id);
                return StatusCode::NO_CONTENT.into_response();
            }
            _ => None,
        };
        match object {
            Some(object) => Json(object).into_response(),
            None => refusal(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
        }
    }

    /// Every message the bot made, as members see it now, by id.
    pub fn messages(&self) -> std::collections::BTreeMap<u64, messages::Stored> {
        self.shared.lock().unwrap().messages.all()
    }

    /// The public messages of `channel` that still offer choices (buttons that are not
    /// links, menus), oldest first.
    pub fn with_choices(&self, channel: &str) -> Vec<(u64, messages::Stored)> {
        self.shared.lock().unwrap().messages.with_choices(channel)
    }
}

/// Discord's 429: `retry_after` in the body and the headers, no error code.
pub(super) fn rate_limited(retry_after: f64, global: bool) -> Response {
    let mut response = (
        StatusCode::TOO_MANY_REQUESTS,
        Json(json!({"message": "You are being rate limited.", "retry_after": retry_after, "global": global})),
    )
        .into_response();
    let headers = response.headers_mut();
    headers.insert(
        "retry-after",
        retry_after.ceil().to_string().parse().unwrap(),
    );
    headers.insert(
        "x-ratelimit-scope",
        if global { "global" } else { "user" }.parse().unwrap(),
    );
    if global {
        headers.insert("x-ratelimit-global", "true".parse().unwrap());
    }
    response
}
