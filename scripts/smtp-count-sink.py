#!/usr/bin/env python3
"""A minimal, fast SMTP sink for benchmarks: accepts every message, keeps nothing, counts them.

    scripts/smtp-count-sink.py DIR [--host 127.0.0.1] [--port 0]

Speaks just enough SMTP for a mail client (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) and
answers 250 once a message's final "." arrives, like a real server. DIR/count holds the number
of messages received (rewritten every 50 ms when it changed). Prints "listening on HOST:PORT" first. Standard library only: aiosmtpd parses
every line in Python and tops out at a few hundred messages a second, which would measure the sink
instead of the server.
"""
import argparse
import asyncio
import os
import signal


class Counter:
    def __init__(self, directory):
        self.path = os.path.join(directory, "count")
        self.received = 0
        self.written = -1

    def add(self):
        self.received += 1

    def write(self):
        if self.received == self.written:
            return
        self.written = self.received
        with open(self.path + ".tmp", "w") as file:
            file.write(str(self.received))
        os.replace(self.path + ".tmp", self.path)


async def session(reader, writer, counter):
    writer.write(b"220 count-sink ESMTP\r\n")
    in_data = False
    buffer = b""
    try:
        while True:
            chunk = await reader.read(65536)
            if not chunk:
                break
            buffer += chunk
            while True:
                if in_data:
                    end = buffer.find(b"\r\n.\r\n")
                    if end < 0:
                        # Keep only a tail that may hold the start of the terminator.
                        buffer = buffer[-4:]
                        break
                    buffer = buffer[end + 5:]
                    in_data = False
                    counter.add()
                    writer.write(b"250 2.0.0 accepted\r\n")
                    continue
                line_end = buffer.find(b"\r\n")
                if line_end < 0:
                    break
                line, buffer = buffer[:line_end], buffer[line_end + 2:]
                verb = line[:4].upper()
                if verb == b"EHLO":
                    writer.write(b"250-count-sink\r\n250 8BITMIME\r\n")
                elif verb == b"DATA":
                    writer.write(b"354 go ahead\r\n")
                    in_data = True
                    # The terminator search needs the "\r\n" that ended the DATA line.
                    buffer = b"\r\n" + buffer
                elif verb == b"QUIT":
                    writer.write(b"221 bye\r\n")
                    await writer.drain()
                    return
                else:
                    writer.write(b"250 ok\r\n")
            await writer.drain()
    except asyncio.CancelledError:
        # The sink is stopping with clients still connected (a mailer's pooled connections):
        # end quietly rather than leave a cancelled task for asyncio to report.
        pass
    finally:
        counter.write()
        writer.close()


async def serve(directory, host, port):
    counter = Counter(directory)
    counter.write()

    async def write_every_50_ms():
        while True:
            await asyncio.sleep(0.05)
            counter.write()

    writer_task = asyncio.create_task(write_every_50_ms())
    server = await asyncio.start_server(lambda r, w: session(r, w, counter), host, port)
    bound_host, bound_port = server.sockets[0].getsockname()[:2]
    print(f"listening on {bound_host}:{bound_port}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signal_number, stop.set)
    async with server:
        await stop.wait()
    writer_task.cancel()
    counter.write()


def main():
    parser = argparse.ArgumentParser(description="Count SMTP messages, keep nothing.")
    parser.add_argument("directory")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    arguments = parser.parse_args()
    os.makedirs(arguments.directory, exist_ok=True)
    asyncio.run(serve(arguments.directory, arguments.host, arguments.port))


if __name__ == "__main__":
    main()
