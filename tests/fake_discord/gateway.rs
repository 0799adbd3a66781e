//! The fake's gateway: the websocket session (HELLO, IDENTIFY, RESUME, heartbeats) and the
//! faults of the connection.

use super::*;

pub(super) async fn gateway(State(fake): State<FakeDiscord>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| session(fake, socket))
}

pub(super) async fn session(fake: FakeDiscord, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel::<Out>();
    let interval = fake.shared.lock().unwrap().heartbeat_ms.unwrap_or(41_250);
    let hello = json!({"op": 10, "d": {"heartbeat_interval": interval}}).to_string();
    if socket.send(Message::Text(hello.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { return };
                let Message::Text(text) = message else { continue };
                let Ok(payload) = serde_json::from_str::<Value>(text.as_str()) else { continue };
                match payload["op"].as_u64() {
                    Some(2) => fake.identify(&payload, &tx),
                    Some(6) => fake.resume(&payload, &tx),
                    Some(1) if fake.shared.lock().unwrap().silent => {}
                    Some(1) => {
                        let ack = json!({"op": 11}).to_string();
                        if socket.send(Message::Text(ack.into())).await.is_err() {
                            return;
                        }
                    }
                    _ => {}
                }
            }
            outgoing = rx.recv() => {
                match outgoing {
                    Some(Out::Text(text)) => {
                        if socket.send(Message::Text(text.into())).await.is_err() {
                            return;
                        }
                    }
                    Some(Out::Close(code)) => {
                        let frame = axum::extract::ws::CloseFrame { code, reason: "fault".into() };
                        let _ = socket.send(Message::Close(Some(frame))).await;
                        return;
                    }
                    Some(Out::Drop) | None => return,
                }
            }
        }
    }
}

impl FakeDiscord {
    /// IDENTIFY: a new session serving the shard it names (Discord's routing: a guild's
    /// events go to shard (guild_id >> 22) % total).
    pub(super) fn identify(&self, payload: &Value, tx: &mpsc::UnboundedSender<Out>) {
        let shard = &payload["d"]["shard"];
        let (id, total) = (
            shard[0].as_u64().unwrap_or(0) as u32,
            shard[1].as_u64().unwrap_or(1).max(1) as u32,
        );
        {
            let mut shared = self.shared.lock().unwrap();
            shared.gateways.retain(|(s, _, _)| *s != id);
            shared.gateways.push((id, total, tx.clone()));
            shared.sessions += 1;
            shared.silent = false;
        }
        let port = self.port;
        let ready = json!({"v": 10,
            "user": {"id": APP_ID, "username": "holotable", "discriminator": "0000", "bot": true},
            "guilds": [], "session_id": format!("s{id}"), "shard": [id, total],
            "resume_gateway_url": format!("ws://127.0.0.1:{port}/ws"),
            "application": {"id": APP_ID, "flags": 0}});
        self.send_to_shard(id, "READY", ready);
        self.shared.lock().unwrap().ready = true;
    }

    /// RESUME: the session of `s<shard>` continues on this connection, first sent every
    /// dispatch after the last one it saw, then RESUMED.
    pub(super) fn resume(&self, payload: &Value, tx: &mpsc::UnboundedSender<Out>) {
        let shard: u32 = payload["d"]["session_id"]
            .as_str()
            .and_then(|s| s.strip_prefix('s'))
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let seen = payload["d"]["seq"].as_u64().unwrap_or(0);
        {
            let mut shared = self.shared.lock().unwrap();
            let total = shared
                .gateways
                .iter()
                .find(|(s, _, _)| *s == shard)
                .map_or(1, |(_, total, _)| *total);
            shared.gateways.retain(|(s, _, _)| *s != shard);
            shared.gateways.push((shard, total, tx.clone()));
            shared.sessions += 1;
            shared.silent = false;
            let missed = shared.logs.get(&shard).cloned().unwrap_or_default();
            for (_, text) in missed.into_iter().filter(|(seq, _)| *seq > seen) {
                let _ = tx.send(Out::Text(text));
            }
        }
        self.send_to_shard(shard, "RESUMED", json!({}));
    }

    /// Makes HELLO ask for a heartbeat every `ms` (for a test that waits for one).
    pub fn set_heartbeat(&self, ms: u64) {
        self.shared.lock().unwrap().heartbeat_ms = Some(ms);
    }

    /// Breaks the gateway connection of `shard` as `fault` says.
    pub fn gateway_fault(&self, shard: u32, fault: GatewayFault) {
        let mut shared = self.shared.lock().unwrap();
        if fault == GatewayFault::Silence {
            shared.silent = true;
            return;
        }
        let Some((_, _, gateway)) = shared.gateways.iter().find(|(s, _, _)| *s == shard) else {
            panic!("no bot session serves shard {shard}");
        };
        let out = match fault {
            GatewayFault::Drop => Out::Drop,
            GatewayFault::Close(code) => Out::Close(code),
            GatewayFault::Reconnect => Out::Text(json!({"op": 7, "d": null}).to_string()),
            GatewayFault::InvalidSession => Out::Text(json!({"op": 9, "d": false}).to_string()),
            GatewayFault::Silence => unreachable!("handled above"),
        };
        let _ = gateway.send(out);
    }

    /// How many sessions have been started or resumed.
    pub fn sessions(&self) -> u64 {
        self.shared.lock().unwrap().sessions
    }

    /// Waits until more than `before` sessions have been started or resumed, and shard 0
    /// is connected.
    pub async fn reconnected(&self, before: u64) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while self.sessions() <= before || self.shards().is_empty() {
            assert!(Instant::now() < deadline, "the bot did not reconnect");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}
