//! Connections that stop reading, or go quiet, are closed. A spectator's event stream is
//! written as long as its socket takes data; one that never reads fills its socket, and the
//! server would wait on it forever, keeping its place at the table. Every accepted
//! connection is wrapped so that a write making no progress for [`STALL`] fails, and so
//! does a read that waits while no byte has moved either way for the connection's idle
//! time (a client that connects and sends nothing, or a kept-alive connection left
//! unused), which closes it.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// How long a write may wait for the peer to read before the connection is closed.
pub const STALL: Duration = Duration::from_secs(20);

/// A connection whose writes give up after [`STALL`] without progress, and whose reads
/// give up once nothing has moved for its idle time.
pub struct Guarded<S> {
    inner: S,
    stalled: Option<Pin<Box<Sleep>>>,
    idle_after: Duration,
    /// Fires `idle_after` past the last byte moved either way.
    idle: Pin<Box<Sleep>>,
}

impl<S> Guarded<S> {
    pub fn new(inner: S, idle_after: Duration) -> Guarded<S> {
        Guarded {
            inner,
            stalled: None,
            idle_after,
            idle: Box::pin(tokio::time::sleep(idle_after)),
        }
    }

    /// Some byte moved: the connection is not idle.
    fn moved(&mut self) {
        let next = Instant::now() + self.idle_after;
        self.idle.as_mut().reset(next);
    }

    /// What a write that returned `Pending` means: wait on, or give up once stalled.
    fn waited<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
            self.moved();
            return poll;
        }
        let timer = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(STALL)));
        if timer.as_mut().poll(cx).is_ready() {
            self.stalled = None;
            metrics::counter!("holotable_web_stalled_connections_total").increment(1);
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the peer stopped reading",
            )));
        }
        Poll::Pending
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Guarded<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_read(cx, buf);
        if poll.is_ready() {
            self.moved();
            return poll;
        }
        if self.idle.as_mut().poll(cx).is_ready() {
            metrics::counter!("holotable_web_idle_connections_total").increment(1);
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the connection was idle",
            )));
        }
        Poll::Pending
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Guarded<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.waited(cx, poll)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.waited(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_flush(cx);
        self.waited(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test(start_paused = true)]
    async fn a_peer_that_never_reads_is_given_up_after_the_stall() {
        let (server, mut client) = tokio::io::duplex(1024);
        let mut server = Guarded::new(server, Duration::from_secs(3600));
        // The pipe fills: the peer reads nothing.
        let chunk = [7u8; 256];
        let started = tokio::time::Instant::now();
        let mut written = 0;
        while let Ok(Ok(n)) =
            tokio::time::timeout(Duration::from_millis(10), server.write(&chunk)).await
        {
            written += n;
        }
        assert_eq!(written, 1024);
        // The stall counts from the first write that could not go through.
        let error = server.write(&chunk).await.unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() >= STALL);

        // A peer that reads in time is never given up on.
        let (server, mut reader) = tokio::io::duplex(1024);
        let mut server = Guarded::new(server, Duration::from_secs(3600));
        let reading = tokio::spawn(async move {
            let mut buf = vec![0u8; 4096];
            let mut total = 0;
            while total < 64 * 1024 {
                tokio::time::sleep(STALL / 2).await;
                total += reader.read(&mut buf).await.unwrap();
            }
            total
        });
        for _ in 0..256 {
            server.write_all(&chunk).await.unwrap();
        }
        assert_eq!(reading.await.unwrap(), 64 * 1024);
        let _ = client.read(&mut [0u8; 1]).await;
    }

    #[tokio::test(start_paused = true)]
    async fn a_connection_where_nothing_moves_is_closed_after_its_idle_time() {
        let idle = Duration::from_secs(60);
        let (server, mut client) = tokio::io::duplex(1024);
        let mut server = Guarded::new(server, idle);
        // Bytes that keep coming keep it open, however long in all.
        for _ in 0..5 {
            tokio::time::sleep(idle / 2).await;
            client.write_all(b"x").await.unwrap();
            let mut one = [0u8; 1];
            server.read_exact(&mut one).await.unwrap();
        }
        // Then silence: the wait for the next byte gives up after the idle time.
        let started = tokio::time::Instant::now();
        let error = server.read(&mut [0u8; 8]).await.unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() >= idle);
    }
}
