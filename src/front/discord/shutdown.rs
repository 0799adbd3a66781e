//! A clean stop (SIGTERM, Ctrl-C): the gateway closes, then the answers in flight finish.

use std::sync::Arc;

/// Answers being prepared or sent, so that a stop waits for them (SIGTERM, Ctrl-C).
#[derive(Default)]
pub(super) struct InFlight {
    count: std::sync::atomic::AtomicUsize,
    idle: tokio::sync::Notify,
}

impl InFlight {
    pub(super) fn enter(self: &Arc<Self>) -> Busy {
        self.count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Busy(Arc::clone(self))
    }

    /// Resolves once no answer is in flight.
    pub(super) async fn idle(&self) {
        loop {
            let notified = self.idle.notified();
            if self.count.load(std::sync::atomic::Ordering::SeqCst) == 0 {
                return;
            }
            notified.await;
        }
    }
}

/// One answer in flight, until dropped.
pub(super) struct Busy(Arc<InFlight>);

impl Drop for Busy {
    fn drop(&mut self) {
        if self
            .0
            .count
            .fetch_sub(1, std::sync::atomic::Ordering::SeqCst)
            == 1
        {
            self.0.idle.notify_waiters();
        }
    }
}

/// Resolves when the process is asked to stop (Ctrl-C or SIGTERM).
pub(super) async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(_) => {
                    let _ = ctrl_c.await;
                    return;
                }
            };
        tokio::select! {
            _ = ctrl_c => {},
            _ = term.recv() => {},
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}
