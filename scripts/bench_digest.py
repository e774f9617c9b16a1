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


def peak_rss_mb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return round(int(line.split()[1]) / 1024, 1)
    return None


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
    started = time.perf_counter()
    status, body = request(args.base, "POST", f"/api/{args.tenant}/internal/digests/run?day={args.day}", args.token)
    assert status == 200, (status, body)
    queued_at = time.perf_counter() - started
    report = json.loads(body)
    expected = report["queued"]
    while sink_count(args.sink_dir) - before < expected:
        time.sleep(0.05)
    total = time.perf_counter() - started
    result = {
        "alerts": args.alerts, "filters": args.filters, "offers": offers, "run": report,
        "evaluate_and_queue_s": round(queued_at, 1), "total_s": round(total, 1),
        "mails_per_s": round(expected / total, 1) if total > 0 else None,
        "peak_rss_mb": peak_rss_mb(args.server_pid), "profile": args.profile,
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
        f"| Server peak RSS (VmHWM) | {result['peak_rss_mb']} MB (target < 1,024 MB) |",
        "", END])


if __name__ == "__main__":
    main()
