#!/usr/bin/env python3
"""Applications and logins under load, against a running Wakat API (see scripts/bench-apply).

1. Login latency: one confirmed account, `--logins` logins from `--login-concurrency` threads,
   with the server's configured argon2id cost.
2. Applications: `--applications` form applications with a 1 MB PDF each, all sent at once from
   as many threads, to one offer; then every one is read back through the internal API: none
   lost, none duplicated, every attachment of the right size.
Prints a JSON report; with `--out BENCHMARKS.md` rewrites its section there. Standard library only.
"""
import argparse
import concurrent.futures
import http.client
import json
import re
import statistics
import time
import urllib.parse
import uuid
from datetime import datetime, timezone

from bench_sections import commit, machine, replace_section


def request(base, method, path, body=None, headers=None):
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    cookies = response.headers.get_all("set-cookie") or []
    connection.close()
    return response.status, data, cookies


def json_call(base, method, path, payload, headers=None):
    headers = dict(headers or {}, **{"content-type": "application/json"})
    return request(base, method, path, json.dumps(payload).encode(), headers)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def confirmed_account(base, tenant, email, password):
    status, body, _ = json_call(base, "POST", f"/api/{tenant}/v1/candidate/register", {"email": email, "password": password, "acceptedTerms": True})
    assert status == 202, (status, body)
    for _ in range(200):
        # The dev mailbox: the server runs with WAKAT_MAIL__DEV_MAILBOX=true (scripts/bench-apply).
        status, body, _ = request(base, "GET", "/api/dev/mailbox?to=" + urllib.parse.quote(email))
        mails = [m for m in json.loads(body)["data"] if m["tag"] == "account.confirm"]
        if mails:
            break
        time.sleep(0.05)
    token = re.search(r"token=([A-Za-z0-9_-]+)", mails[0]["text"]).group(1)
    status, body, _ = json_call(base, "POST", f"/api/{tenant}/v1/candidate/confirm", {"token": token})
    assert status == 200, (status, body)


def bench_logins(base, tenant, n_logins, concurrency):
    email, password = f"bench-{uuid.uuid4().hex[:8]}@example.pl", "benchmark password 1"
    confirmed_account(base, tenant, email, password)

    def login(_):
        started = time.perf_counter()
        status, body, _ = json_call(base, "POST", f"/api/{tenant}/v1/candidate/login", {"email": email, "password": password})
        assert status == 200, (status, body)
        return (time.perf_counter() - started) * 1000

    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(concurrency) as pool:
        latencies = list(pool.map(login, range(n_logins)))
    wall = time.perf_counter() - started
    return {"logins": n_logins, "concurrency": concurrency, "per_second": round(n_logins / wall, 1),
            "p50_ms": round(percentile(latencies, 0.5), 1), "p99_ms": round(percentile(latencies, 0.99), 1),
            "max_ms": round(max(latencies), 1)}


def multipart(fields, file_bytes):
    boundary = "----wakatbench" + uuid.uuid4().hex
    parts = []
    for name, value in fields.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="cv.pdf"\r\n'
                 'Content-Type: application/pdf\r\n\r\n'.encode() + file_bytes + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def bench_applications(base, tenant, slug, n_applications, attachment_bytes, internal_token, pdf):
    attachment = pdf + b" " * (attachment_bytes - len(pdf))
    run = uuid.uuid4().hex[:8]

    def apply(n):
        body, content_type = multipart({"name": f"Kandydat {n}", "email": f"apply-{run}-{n}@example.pl", "message": "Dzień dobry"}, attachment)
        started = time.perf_counter()
        status, answer, _ = request(base, "POST", f"/api/{tenant}/v1/offers/{slug}/applications", body, {"content-type": content_type})
        assert status == 201, (status, answer)
        return (time.perf_counter() - started) * 1000, json.loads(answer)["id"]

    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(n_applications) as pool:
        results = list(pool.map(apply, range(n_applications)))
    wall = time.perf_counter() - started
    latencies = [latency for latency, _ in results]
    acknowledged = {application_id for _, application_id in results}

    stored = []
    page = 1
    while True:
        status, body, _ = request(base, "GET", f"/api/{tenant}/internal/offers/{slug}/applications?page={page}&pageSize=100",
                                  headers={"authorization": f"Bearer {internal_token}"})
        assert status == 200, (status, body)
        answer = json.loads(body)
        stored += [a for a in answer["data"] if a["applicant"] and a["applicant"]["email"].startswith(f"apply-{run}-")]
        if not answer["meta"]["hasNextPage"]:
            break
        page += 1
    stored_ids = [a["id"] for a in stored]
    return {"applications": n_applications, "attachment_bytes": attachment_bytes, "concurrency": n_applications,
            "wall_s": round(wall, 2), "per_second": round(n_applications / wall, 1),
            "p50_ms": round(percentile(latencies, 0.5), 1), "p99_ms": round(percentile(latencies, 0.99), 1),
            "acknowledged": len(acknowledged), "read_back": len(stored_ids), "duplicates": len(stored_ids) - len(set(stored_ids)),
            "lost": len(acknowledged - set(stored_ids)),
            "wrong_size": sum(1 for a in stored if a["applicant"]["attachment"]["size"] != attachment_bytes)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--tenant", default="it")
    parser.add_argument("--slug", required=True)
    parser.add_argument("--internal-token", required=True)
    parser.add_argument("--pdf", required=True)
    parser.add_argument("--logins", type=int, default=200)
    parser.add_argument("--login-concurrency", type=int, default=4)
    parser.add_argument("--applications", type=int, default=200)
    parser.add_argument("--attachment-bytes", type=int, default=1_000_000)
    parser.add_argument("--argon2", required=True, help="the argon2id parameters the server runs with, for the report")
    parser.add_argument("--out", help="BENCHMARKS.md: rewrite its applications section with this run")
    args = parser.parse_args()
    pdf = open(args.pdf, "rb").read()
    report = {"logins": bench_logins(args.base, args.tenant, args.logins, args.login_concurrency),
              "applications": bench_applications(args.base, args.tenant, args.slug, args.applications, args.attachment_bytes, args.internal_token, pdf)}
    print(json.dumps(report, indent=2))
    if args.out:
        replace_section(args.out, START, END, section(report, args.argon2))
        print(f"wrote the applications section of {args.out}")


START = "<!-- scripts/bench-apply section: generated, do not edit. -->"
END = "<!-- End of the scripts/bench-apply section. -->"


def section(report, argon2):
    model, cores = machine()
    logins, apps = report["logins"], report["applications"]
    return "\n".join([
        START, "",
        f"## Applications and logins: run of {datetime.now(timezone.utc).date().isoformat()}", "",
        f"Machine: {model}, {cores} cores; commit {commit()}; release server on a fresh data directory with the "
        "default offers, rate limits off (one client sends everything), sled store, files on local disk.", "",
        "```sh\nscripts/bench-apply\n```", "",
        "| measured | result |", "|---|---|",
        f"| {apps['applications']} concurrent applications, {apps['attachment_bytes']:,} B PDF each | "
        f"{apps['per_second']} applications/s ({apps['wall_s']} s wall), p50 {apps['p50_ms']} ms, p99 {apps['p99_ms']} ms |",
        f"| read back through the internal API | {apps['acknowledged']} acknowledged, {apps['read_back']} stored, "
        f"{apps['lost']} lost, {apps['duplicates']} duplicated, {apps['wrong_size']} with a wrong size |",
        f"| {logins['logins']} logins, {logins['concurrency']} at a time ({argon2}) | "
        f"{logins['per_second']} logins/s, p50 {logins['p50_ms']} ms, p99 {logins['p99_ms']} ms, max {logins['max_ms']} ms |",
        "", END])


if __name__ == "__main__":
    main()
