//! What the health check knows of the gateway: the connection stage of each shard this
//! process runs, as serenity reports it.

use std::collections::BTreeMap;
use std::sync::Mutex;

use super::Shards;

/// The shards of this process and the last stage each reported.
pub struct GatewayState {
    expected: Vec<u32>,
    stages: Mutex<BTreeMap<u32, String>>,
}

impl GatewayState {
    /// The shards `shards` names (every shard of a process without a range: shard 0 until
    /// serenity says otherwise).
    pub fn new(shards: Option<Shards>) -> GatewayState {
        GatewayState {
            expected: shards.map_or_else(|| vec![0], |s| (s.first..=s.last).collect()),
            stages: Mutex::new(BTreeMap::new()),
        }
    }

    /// A shard reached `stage` (`connected`, `resuming`, …).
    pub fn set(&self, shard: u32, stage: &str) {
        metrics::gauge!("holotable_shard_connected", "shard" => shard.to_string())
            .set(if stage == "connected" { 1.0 } else { 0.0 });
        self.stages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(shard, stage.to_string());
    }

    /// Healthy when every shard of this process is connected; else which are not.
    pub fn verdict(&self) -> Result<(), String> {
        let stages = self.stages.lock().unwrap_or_else(|e| e.into_inner());
        let behind: Vec<String> = self
            .expected
            .iter()
            .filter_map(|shard| match stages.get(shard).map(String::as_str) {
                Some("connected") => None,
                Some(stage) => Some(format!("shard {shard} {stage}")),
                None => Some(format!("shard {shard} not connected yet")),
            })
            .collect();
        if behind.is_empty() {
            Ok(())
        } else {
            Err(format!("gateway: {}", behind.join(", ")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn healthy_only_when_every_shard_is_connected() {
        let gateway = GatewayState::new(Some(Shards::parse("2-3", 4).unwrap()));
        assert_eq!(
            gateway.verdict().unwrap_err(),
            "gateway: shard 2 not connected yet, shard 3 not connected yet"
        );
        gateway.set(2, "connected");
        gateway.set(3, "resuming");
        assert_eq!(gateway.verdict().unwrap_err(), "gateway: shard 3 resuming");
        gateway.set(3, "connected");
        assert_eq!(gateway.verdict(), Ok(()));
    }
}
