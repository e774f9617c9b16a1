//! A loopback stub of an OpenAI-compatible provider (and of a search endpoint): it speaks just
//! enough HTTP/1.1 on 127.0.0.1 to read one request per connection, record it, and answer with
//! the next scripted reply: a chunked `text/event-stream` written piece by piece (ended, cut or
//! stalled), or a plain status with a body.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

/// How a streamed reply ends.
pub enum End {
    /// The terminating chunk: a whole HTTP body.
    Complete,
    /// The connection dropped without it.
    Cut,
    /// Silence for this long, connection open.
    Stall(Duration),
}

/// One scripted answer.
pub enum Reply {
    /// `200 text/event-stream`, each piece its own HTTP chunk, written `gap` apart.
    Stream { pieces: Vec<Vec<u8>>, gap: Duration, end: End },
    /// No answer at all (not even headers) for this long.
    Silent(Duration),
    /// Any status, with headers and a body.
    Status { code: u16, headers: Vec<(&'static str, String)>, body: String },
}

/// A request the stub read.
#[derive(Debug)]
pub struct Received {
    /// `POST /v1/chat/completions`, `GET /search?q=…`.
    pub request_line: String,
    /// Lower-cased names.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Received {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("a JSON body")
    }
}

pub struct Stub {
    /// `http://127.0.0.1:{port}`.
    pub url: String,
    received: mpsc::UnboundedReceiver<Received>,
}

impl Stub {
    /// The requests read so far, in order.
    pub fn received(&mut self) -> Vec<Received> {
        let mut all = Vec::new();
        while let Ok(r) = self.received.try_recv() {
            all.push(r);
        }
        all
    }
}

/// Serves `replies` in order, one per connection (a 500 once they are used up).
pub async fn serve(replies: Vec<Reply>) -> Stub {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let replies = Arc::new(Mutex::new(VecDeque::from(replies)));
    let (tx, received) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let (replies, tx) = (replies.clone(), tx.clone());
            tokio::spawn(async move {
                let _ = answer(socket, replies, tx).await;
            });
        }
    });
    Stub { url, received }
}

async fn answer(mut socket: TcpStream, replies: Arc<Mutex<VecDeque<Reply>>>, tx: mpsc::UnboundedSender<Received>) -> std::io::Result<()> {
    let mut buffer = Vec::new();
    let head_end = loop {
        let mut bytes = [0u8; 4096];
        let n = socket.read(&mut bytes).await?;
        if n == 0 {
            return Ok(());
        }
        buffer.extend_from_slice(&bytes[..n]);
        if let Some(i) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
    };
    let head = String::from_utf8_lossy(&buffer[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or_default().to_owned();
    let headers: Vec<(String, String)> = lines.filter_map(|l| l.split_once(':')).map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned())).collect();
    let length: usize = headers.iter().find(|(n, _)| n == "content-length").and_then(|(_, v)| v.parse().ok()).unwrap_or(0);
    let mut body = buffer[head_end..].to_vec();
    while body.len() < length {
        let mut bytes = [0u8; 4096];
        let n = socket.read(&mut bytes).await?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&bytes[..n]);
    }
    let _ = tx.send(Received { request_line, headers, body });
    let reply = replies.lock().unwrap().pop_front();
    match reply.unwrap_or(Reply::Status { code: 500, headers: vec![], body: "no reply scripted".into() }) {
        Reply::Silent(time) => tokio::time::sleep(time).await,
        Reply::Status { code, headers, body } => {
            let mut head = format!("HTTP/1.1 {code} Stub\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n", body.len());
            for (name, value) in headers {
                head.push_str(&format!("{name}: {value}\r\n"));
            }
            socket.write_all(format!("{head}\r\n{body}").as_bytes()).await?;
        }
        Reply::Stream { pieces, gap, end } => {
            socket.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n").await?;
            for piece in pieces {
                let mut chunk = format!("{:x}\r\n", piece.len()).into_bytes();
                chunk.extend_from_slice(&piece);
                chunk.extend_from_slice(b"\r\n");
                socket.write_all(&chunk).await?;
                socket.flush().await?;
                tokio::time::sleep(gap).await;
            }
            match end {
                End::Complete => socket.write_all(b"0\r\n\r\n").await?,
                End::Cut => {}
                End::Stall(time) => tokio::time::sleep(time).await,
            }
        }
    }
    socket.flush().await?;
    socket.shutdown().await
}

/// `data: {json}` events, one piece each, ending with `data: [DONE]`.
pub fn events(chunks: &[Value]) -> Vec<Vec<u8>> {
    let mut pieces: Vec<Vec<u8>> = chunks.iter().map(|c| format!("data: {c}\n\n").into_bytes()).collect();
    pieces.push(b"data: [DONE]\n\n".to_vec());
    pieces
}

/// A completion chunk carrying text.
pub fn content(text: &str) -> Value {
    json!({"id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": null}]})
}

/// A completion chunk carrying a tool call's delta (`id` and `name` only on its first).
pub fn tool_delta(index: u64, start: Option<(&str, &str)>, arguments: &str) -> Value {
    let mut call = json!({"index": index, "function": {"arguments": arguments}});
    if let Some((id, name)) = start {
        call["id"] = json!(id);
        call["type"] = json!("function");
        call["function"]["name"] = json!(name);
    }
    json!({"id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"tool_calls": [call]}, "finish_reason": null}]})
}

/// A stream that ends normally, its pieces written 5 ms apart.
pub fn stream(chunks: &[Value]) -> Reply {
    Reply::Stream { pieces: events(chunks), gap: Duration::from_millis(5), end: End::Complete }
}
