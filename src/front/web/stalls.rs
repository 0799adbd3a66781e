//! Connections that stop reading are closed. A spectator's event stream is written as long
//! as its socket takes data; one that never reads fills its socket, and the server would
//! wait on it forever, keeping its place at the table. Every accepted connection is
//! wrapped so that a write making no progress for [`STALL`] fails, which closes it.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Sleep;

/// How long a write may wait for the peer to read before the connection is closed.
pub const STALL: Duration = Duration::from_secs(20);

/// A connection whose writes give up after [`STALL`] without progress.
pub struct Guarded<S> {
    inner: S,
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<S> Guarded<S> {
    pub fn new(inner: S) -> Guarded<S> {
        Guarded {
            inner,
            stalled: None,
        }
    }

    /// What a write that returned `Pending` means: wait on, or give up once stalled.
    fn waited<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
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
        Pin::new(&mut self.inner).poll_read(cx, buf)
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

/// A TCP listener whose connections are [`Guarded`].
pub struct GuardedListener(pub TcpListener);

impl axum::serve::Listener for GuardedListener {
    type Io = Guarded<TcpStream>;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (stream, addr) = axum::serve::Listener::accept(&mut self.0).await;
        let _ = stream.set_nodelay(true);
        (Guarded::new(stream), addr)
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.0.local_addr()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test(start_paused = true)]
    async fn a_peer_that_never_reads_is_given_up_after_the_stall() {
        let (server, mut client) = tokio::io::duplex(1024);
        let mut server = Guarded::new(server);
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
        let mut server = Guarded::new(server);
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
}
