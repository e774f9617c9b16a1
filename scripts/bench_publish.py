#!/usr/bin/env python3
"""Publish-to-searchable latency of the employer side (issue 11): an employer signs up and
confirms from the dev mailbox, gets prepaid codes through the internal API, then publishes N
complete offers one after another (initiate, logo, form, publish-with-code) and, for each,
measures the time from the publish call's answer until the candidate count of its unique
keyword is 1. With `--internal-writes`, the same for N offers written by the internal API
(`PUT /api/{tenant}/internal/offers/{slug}`, issue 8). Prints a JSON report; with
`--out BENCHMARKS.md` rewrites its section there. Standard library only."""

import argparse
import json
import statistics
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from datetime import datetime, timezone

from bench_sections import commit, load_note, machine, replace_section

PASSWORD = "bench password 1"


def call(base, method, path, body=None, headers=None, raw=None, content_type="application/json"):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(base + path, data=data, method=method, headers=dict(headers or {}))
    if data is not None:
        request.add_header("content-type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
            return response.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as error:
        text = error.read()
        return error.code, (json.loads(text) if text else None)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def employer(base, tenant, email):
    body = {"company": {"name": "Bench Company", "accepted_regulations": True},
            "user": {"name": "Bench User", "email": email, "password": PASSWORD, "password_confirmation": PASSWORD}}
    status, answer = call(base, "POST", f"/api/{tenant}/v1/users/sign_up", body)
    assert status == 202, answer
    for _ in range(100):
        status, mails = call(base, "GET", "/api/dev/mailbox?to=" + urllib.parse.quote(email))
        found = [m for m in (mails or {}).get("data", []) if m.get("tag") == "employer.confirm"]
        if found:
            token = found[0]["text"].split("token=", 1)[1].split()[0].rstrip(".)>\"'")
            break
        time.sleep(0.1)
    else:
        raise SystemExit("no confirmation mail (the dev mailbox needs WAKAT_MAIL__DEV_MAILBOX=true and the outbox transport)")
    status, answer = call(base, "PATCH", f"/api/{tenant}/v1/users/confirm", {"token": token})
    assert status == 200, answer
    return answer["access_token"]


def png():
    return bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + bytes(400)


def multipart_logo():
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\ncontent-disposition: form-data; name=\"companyLogo\"; filename=\"logo.png\"\r\n"
            "content-type: image/png\r\n\r\n").encode() + png() + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def form(keyword):
    return {
        "companyName": "Bench Company", "companySize": "11-25", "companyWebsite": "https://bench.example",
        "jobPositionName": f"Senior {keyword} Developer", "jobPositionExperience": "senior",
        "jobCategory": "javascript", "jobSubcategory": "react", "requiredSkills": [{"name": "Rust", "level": 4}],
        "primaryEmploymentType": "b2b", "primarySalaryFrom": 10000, "primarySalaryTo": 20000, "salaryCurrency": "pln", "salaryUnit": "month",
        "jobDescription": "<p>Benchmark offer.</p>", "locations": [{"city": "Kraków", "street": "Rynek 1"}],
        "workingPlace": "hybrid", "workingTime": "full_time", "applicationType": "email", "applicationTypeUri": "jobs@bench.example",
        "informationClauseText": "The controller of your data is Bench Company sp. z o.o., Kraków, Rynek 1.",
        "contactName": "Bench User", "contactEmail": "bench@bench.example", "state": "workInProgress",
    }


def run(base, tenant, n_offers, internal_token):
    token = employer(base, tenant, f"bench-{uuid.uuid4().hex[:8]}@bench.example")
    auth = {"authorization": f"Bearer {token}"}
    latencies, publish_times = [], []
    company = None
    for n in range(n_offers):
        status, started = call(base, "POST", f"/api/{tenant}/v1/offers/initiate", {"pricing_plan": "basic"}, auth)
        assert status == 201, started
        slug, edit = started["slug"], started["token"]
        if company is None:
            company = call(base, "GET", f"/api/{tenant}/v1/offers/{slug}?token={edit}", headers=auth)[1]["companyId"]
        body, content_type = multipart_logo()
        status, answer = call(base, "POST", f"/api/{tenant}/v1/offers/{slug}/logo?token={edit}", headers=auth, raw=body, content_type=content_type)
        assert status == 200, answer
        keyword = "bench" + uuid.uuid4().hex[:10]
        status, answer = call(base, "PATCH", f"/api/{tenant}/v1/offers/{slug}?token={edit}", form(keyword), auth)
        assert status == 200, answer
        status, code = call(base, "POST", f"/api/{tenant}/internal/companies/{company}/codes", {"plan_key": "basic"}, {"authorization": f"Bearer {internal_token}"})
        assert status == 201, code
        before = time.perf_counter()
        status, answer = call(base, "POST", f"/api/{tenant}/v1/offers/{slug}/publish-with-code?code={code['code']}", {"token": edit}, auth)
        published = time.perf_counter()
        assert status == 200, answer
        publish_times.append((published - before) * 1000)
        latencies.append(wait_searchable(base, tenant, keyword, published, f"offer {n}"))
    return {
        "publications": n_offers,
        "publish_call_ms": {"p50": round(percentile(publish_times, 0.5), 1), "p99": round(percentile(publish_times, 0.99), 1)},
        "publish_to_searchable_ms": {"p50": round(percentile(latencies, 0.5), 1), "p99": round(percentile(latencies, 0.99), 1),
                                     "max": round(max(latencies), 1), "mean": round(statistics.mean(latencies), 1)},
    }


def wait_searchable(base, tenant, keyword, since, what):
    while True:
        status, count = call(base, "GET", f"/api/{tenant}/v2/user-panel/offers/count?keywords[]={keyword}")
        if status == 200 and count["count"] == 1:
            return (time.perf_counter() - since) * 1000
        if time.perf_counter() - since > 10:
            raise SystemExit(f"{what} not searchable after 10 s")
        time.sleep(0.005)


def internal_offer(slug, keyword):
    now = int(time.time())
    return {
        "slug": slug, "title": f"Senior {keyword} Developer", "companyName": "Bench Internal", "workplaceType": "hybrid",
        "workingTime": "full_time", "experienceLevel": "senior", "categoryId": 6,
        "locations": [{"city": "Kraków", "street": "Rynek 1", "latitude": 50.0614, "longitude": 19.9372}],
        "employmentTypes": [{"type": "b2b", "from": 15000, "to": 20000, "currency": "pln", "unit": "month", "gross": False}],
        "requiredSkills": [{"name": "Rust", "level": 4}], "publishedAt": now, "expiredAt": now + 30 * 86400,
        "body": "<p>Benchmark offer.</p>",
    }


def internal_run(base, tenant, n_offers, internal_token):
    """Offers written one after another by the internal API, each then polled until searchable."""
    auth = {"authorization": f"Bearer {internal_token}"}
    latencies, write_times = [], []
    for n in range(n_offers):
        keyword = "bench" + uuid.uuid4().hex[:10]
        slug = f"internal-{keyword}"
        before = time.perf_counter()
        status, answer = call(base, "PUT", f"/api/{tenant}/internal/offers/{slug}", internal_offer(slug, keyword), auth)
        written = time.perf_counter()
        assert status in (200, 201), answer
        write_times.append((written - before) * 1000)
        latencies.append(wait_searchable(base, tenant, keyword, written, f"offer {n}"))
    return {
        "writes": n_offers,
        "write_call_ms": {"p50": round(percentile(write_times, 0.5), 1), "p99": round(percentile(write_times, 0.99), 1)},
        "write_to_searchable_ms": {"p50": round(percentile(latencies, 0.5), 1), "p99": round(percentile(latencies, 0.99), 1),
                                   "max": round(max(latencies), 1), "mean": round(statistics.mean(latencies), 1)},
    }


INTERNAL_START = "<!-- scripts/bench-publish internal writes section: generated, do not edit. -->"
INTERNAL_END = "<!-- End of the scripts/bench-publish internal writes section. -->"


def internal_section(report, n_stored):
    return latency_section(
        INTERNAL_START, INTERNAL_END, "Internal-API writes to searchable (issue 8)",
        f"{report['writes']:,} offers written one after another by `PUT /api/{{tenant}}/internal/offers/{{slug}}` on a store "
        f"of {n_stored:,} offers; latency from the write's answer (stored and flushed) until the candidate count finds the "
        "offer's unique keyword (the index commits at most every 500 ms).",
        ("internal write call", report["write_call_ms"]), ("write → searchable", report["write_to_searchable_ms"]))


def latency_section(start, end, title, description, call, searchable):
    """A generated section: a call's latency and the time until its offer is searchable."""
    model, cores = machine()
    (call_label, call_ms), (searchable_label, searchable_ms) = call, searchable
    return "\n".join([
        start,
        f"## {title}",
        "",
        description,
        "",
        "| measure | p50 | p99 |",
        "|---|---|---|",
        f"| {call_label} | {call_ms['p50']} ms | {call_ms['p99']} ms |",
        f"| {searchable_label} | {searchable_ms['p50']} ms | {searchable_ms['p99']} ms (max {searchable_ms['max']} ms) |",
        "",
        f"Machine: {model}, {cores} cores ({load_note()}); commit {commit()}; {datetime.now(timezone.utc):%Y-%m-%d}.",
        end,
    ])


START = "<!-- scripts/bench-publish section: generated, do not edit. -->"
END = "<!-- End of the scripts/bench-publish section. -->"


def section(report, n_stored):
    return latency_section(
        START, END, "Employer publications (issue 11)",
        f"{report['publications']} offers published one after another with prepaid codes over HTTP (initiate, logo, form, "
        f"publish-with-code) on a store of {n_stored:,} offers; latency from the publish answer until the candidate "
        "count finds the offer's unique keyword (the index commits at most every 500 ms).",
        ("publish-with-code call", report["publish_call_ms"]), ("publish → searchable", report["publish_to_searchable_ms"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", required=True)
    parser.add_argument("--tenant", default="it")
    parser.add_argument("--offers", type=int, default=1000)
    parser.add_argument("--internal-token", required=True)
    parser.add_argument("--stored", type=int, default=0, help="offers in the store (for the report)")
    parser.add_argument("--out", help="BENCHMARKS.md: rewrite its publications section with this run")
    parser.add_argument("--internal-writes", action="store_true", help="write --offers offers by the internal API instead")
    args = parser.parse_args()
    if args.internal_writes:
        report = internal_run(args.base.rstrip("/"), args.tenant, args.offers, args.internal_token)
        print(json.dumps(report, indent=2))
        if args.out:
            replace_section(args.out, INTERNAL_START, INTERNAL_END, internal_section(report, args.stored))
            print(f"wrote the internal writes section of {args.out}")
        return
    report = run(args.base.rstrip("/"), args.tenant, args.offers, args.internal_token)
    print(json.dumps(report, indent=2))
    if args.out:
        replace_section(args.out, START, END, section(report, args.stored))
        print(f"wrote the publications section of {args.out}")


if __name__ == "__main__":
    main()
