#!/usr/bin/env python3
"""One digest run against a running Wakat API whose mail goes to a count-only SMTP sink
(see scripts/bench-digest): time from the run's start until the sink has received every queued
digest, and the server's peak RSS. Prints a JSON report; with `--out BENCHMARKS.md` rewrites its
section there. Standard library only.
"""
import argparse
import http.client
import json
import os
import threading
import time
import urllib.parse
from datetime import datetime, timezone

from bench_sections import commit, load_note, machine, replace_section

START = "<!-- scripts/bench-digest section: generated, do not edit. -->"
END = "<!-- End of the scripts/bench-digest section. -->"


def request(base, method, path, token=None):
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=3600)
    headers = {"authorization": f"Bearer {token}"} if token else {}
    connection.request(method, path, headers=headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


def sink_count(directory):
    try:
        return int(open(os.path.join(directory, "count")).read() or 0)
    except (OSError, ValueError):
        return 0


def memory_mb(pid):
    """The server's VmHWM (peak RSS), RssAnon and RssFile, in MB."""
    fields = {}
    for line in open(f"/proc/{pid}/status"):
        name, _, value = line.partition(":")
        if name in ("VmHWM", "RssAnon", "RssFile"):
            fields[name] = round(int(value.split()[0]) / 1024, 1)
    return fields


class MemoryPeaks:
    """Samples the server while the run lasts: the anonymous part (heap: the run's own data) and
    the file-backed part (pages of the memory-mapped index the run read, which the kernel can
    drop) peak apart, so a report can say which one VmHWM is made of."""

    def __init__(self, pid):
        self.pid = pid
        self.anon = 0.0
        self.file_at_anon_peak = 0.0
        self.file = 0.0

    def sample(self):
        fields = memory_mb(self.pid)
        if fields.get("RssAnon", 0) > self.anon:
            self.anon = fields["RssAnon"]
            self.file_at_anon_peak = fields.get("RssFile", 0)
        self.file = max(self.file, fields.get("RssFile", 0))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--tenant", default="it")
    parser.add_argument("--token", required=True)
    parser.add_argument("--sink-dir", required=True)
    parser.add_argument("--server-pid", type=int, required=True)
    parser.add_argument("--alerts", type=int, required=True)
    parser.add_argument("--filters", type=int, required=True)
    parser.add_argument("--profile", default="release")
    parser.add_argument("--day", default="2026-12-01")
    parser.add_argument("--out")
    args = parser.parse_args()

    status, body = request(args.base, "GET", f"/api/{args.tenant}/v2/user-panel/offers/count")
    offers = json.loads(body)["count"] if status == 200 else None
    before = sink_count(args.sink_dir)
    peaks = MemoryPeaks(args.server_pid)
    sampling = threading.Event()

    def sample_until_done():
        while not sampling.is_set():
            peaks.sample()
            time.sleep(0.05)

    sampler = threading.Thread(target=sample_until_done, daemon=True)
    sampler.start()
    started = time.perf_counter()
    status, body = request(args.base, "POST", f"/api/{args.tenant}/internal/digests/run?day={args.day}", args.token)
    assert status == 200, (status, body)
    queued_at = time.perf_counter() - started
    report = json.loads(body)
    expected = report["queued"]
    while sink_count(args.sink_dir) - before < expected:
        time.sleep(0.05)
    total = time.perf_counter() - started
    sampling.set()
    sampler.join()
    peaks.sample()
    result = {
        "alerts": args.alerts, "filters": args.filters, "offers": offers, "run": report,
        "evaluate_and_queue_s": round(queued_at, 1), "total_s": round(total, 1),
        "mails_per_s": round(expected / total, 1) if total > 0 else None,
        "peak_rss_mb": memory_mb(args.server_pid).get("VmHWM"), "peak_anon_mb": peaks.anon,
        "file_at_anon_peak_mb": peaks.file_at_anon_peak, "peak_file_mb": peaks.file, "profile": args.profile,
    }
    print(json.dumps(result, indent=2))
    if args.out:
        replace_section(args.out, START, END, section(result))


def section(result):
    model, cores = machine()
    run = result["run"]
    return "\n".join([
        START, "",
        "## Job alert digests (scripts/bench-digest)", "",
        f"Measured {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC on {model} ({cores} cores; {load_note()}), commit {commit()}, {result['profile']} build.",
        f"One digest run of {result['alerts']:,} due alerts over {result['filters']:,} distinct filters on a board of "
        f"{result['offers']:,} active offers; mail through the durable queue to a loopback SMTP sink (scripts/smtp-count-sink.py).", "",
        "| Measure | Value |", "|---|---|",
        f"| Alerts due | {run['due']:,} |",
        f"| Evaluations (filter, since) | {run['evaluations']:,} |",
        f"| Digests mailed | {run['queued']:,} |",
        f"| Nothing new (no mail) | {run['nothingNew']:,} |",
        f"| Evaluate and queue | {result['evaluate_and_queue_s']} s |",
        f"| Until the last mail reached the SMTP server | {result['total_s']} s (target < 300 s) |",
        f"| Mails per second | {result['mails_per_s']} |",
        f"| Server peak RSS (VmHWM) | {result['peak_rss_mb']} MB (target < 1,024 MB: {'pass' if result['peak_rss_mb'] < 1024 else 'MISSED'}) |",
        f"| ↳ anonymous memory at its peak (sampled every 50 ms) | {result['peak_anon_mb']} MB, with {result['file_at_anon_peak_mb']} MB file-backed then |",
        f"| ↳ file-backed at its peak (mapped index pages read; the kernel can drop them) | {result['peak_file_mb']} MB |",
        "", END])


if __name__ == "__main__":
    main()
