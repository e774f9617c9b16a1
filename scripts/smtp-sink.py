#!/usr/bin/env python3
"""A local SMTP server for tests: saves every message it receives as a file and delivers nothing.

    scripts/smtp-sink.py DIR [--host 127.0.0.1] [--port 0]

Prints "listening on HOST:PORT" on its first line once it accepts connections (port 0 picks a free
port, so read the line rather than guessing). Each message becomes DIR/{seq:06}-{epoch_ms}.eml: the
bytes exactly as received, after two added headers, X-Sink-Envelope-From and X-Sink-Envelope-To
(the SMTP envelope, which may differ from To:). A file is written under a temporary name and then
renamed, so a reader never sees half a message; the names sort in arrival order.

Needs aiosmtpd (scripts/test installs it into target/tools/venv). Stops on SIGTERM or SIGINT.
"""

import argparse
import asyncio
import itertools
import os
import signal
import sys
import time

from aiosmtpd.smtp import SMTP


class SaveToDirectory:
    def __init__(self, directory):
        self.directory = directory
        self.sequence = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        envelope_headers = (
            f"X-Sink-Envelope-From: {envelope.mail_from}\r\n"
            f"X-Sink-Envelope-To: {', '.join(envelope.rcpt_tos)}\r\n"
        ).encode()
        name = f"{next(self.sequence):06d}-{int(time.time() * 1000)}.eml"
        temp_path = os.path.join(self.directory, f".{name}.tmp")
        with open(temp_path, "wb") as file:
            file.write(envelope_headers + envelope.original_content)
        os.replace(temp_path, os.path.join(self.directory, name))
        return "250 Message accepted for delivery"


async def serve(directory, host, port):
    loop = asyncio.get_running_loop()
    handler = SaveToDirectory(directory)
    # decode_data=False keeps the bytes as sent, so tests see the real encoding (quoted-printable, RFC 2047).
    server = await loop.create_server(lambda: SMTP(handler, decode_data=False, hostname="smtp-sink"), host, port)
    bound_host, bound_port = server.sockets[0].getsockname()[:2]
    print(f"listening on {bound_host}:{bound_port}", flush=True)
    stop = asyncio.Event()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signal_number, stop.set)
    async with server:
        await stop.wait()


def main():
    parser = argparse.ArgumentParser(description="Save every SMTP message received into a directory.")
    parser.add_argument("directory", help="where the .eml files go (created when missing)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port (printed on the first line)")
    arguments = parser.parse_args()
    os.makedirs(arguments.directory, exist_ok=True)
    asyncio.run(serve(arguments.directory, arguments.host, arguments.port))
    return 0


if __name__ == "__main__":
    sys.exit(main())
