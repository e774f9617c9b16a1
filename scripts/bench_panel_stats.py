#!/usr/bin/env python3
"""The employer panel's statistics call under a big company (issue 12): an employer signs up and
confirms from the dev mailbox, publishes N offers with prepaid codes (initiate, logo, form,
publish-with-code), then V views are recorded through `POST /v1/views` spread over the offers
(8 client threads); once the views are written, the statistics call (default range: 30 days,
every offer of the company) is timed C times, then the CSV export and the offers list. Checks
that the statistics add up to the views recorded. Prints a JSON report; with `--out
BENCHMARKS.md` rewrites its section there. Standard library only."""

import argparse
import json
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone

from bench_publish import call, employer, form, multipart_logo, percentile
from bench_sections import commit, load_note, machine, replace_section


def publish(base, tenant, auth, internal_token, n_offers):
    slugs, company = [], None
    for n in range(n_offers):
        status, started = call(base, "POST", f"/api/{tenant}/v1/offers/initiate", {"pricing_plan": "basic"}, auth)
        assert status == 201, started
        slug, edit = started["slug"], started["token"]
        if company is None:
            company = call(base, "GET", f"/api/{tenant}/v1/offers/{slug}?token={edit}", headers=auth)[1]["companyId"]
        body, content_type = multipart_logo()
        status, answer = call(base, "POST", f"/api/{tenant}/v1/offers/{slug}/logo?token={edit}", headers=auth, raw=body, content_type=content_type)
        assert status == 200, answer
        status, answer = call(base, "PATCH", f"/api/{tenant}/v1/offers/{slug}?token={edit}", form(f"Panel{n}"), auth)
        assert status == 200, answer
        status, code = call(base, "POST", f"/api/{tenant}/internal/companies/{company}/codes", {"plan_key": "basic"}, {"authorization": f"Bearer {internal_token}"})
        assert status == 201, code
        status, answer = call(base, "POST", f"/api/{tenant}/v1/offers/{slug}/publish-with-code?code={code['code']}", {"token": edit}, auth)
        assert status == 200, answer
        slugs.append(slug)
    return slugs


def record_views(base, tenant, slugs, n_views):
    def one(n):
        status, answer = call(base, "POST", f"/api/{tenant}/v1/views", {"offerSlug": slugs[n % len(slugs)]})
        assert status == 200, answer
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(one, range(n_views), chunksize=64))


def timed(base, path, auth, n_calls):
    times, size = [], 0
    for _ in range(n_calls):
        request = urllib.request.Request(base + path, headers=auth)
        before = time.perf_counter()
        with urllib.request.urlopen(request, timeout=60) as response:
            assert response.status == 200
            size = len(response.read())
        times.append((time.perf_counter() - before) * 1000)
    return {"p50": round(percentile(times, 0.5), 1), "p99": round(percentile(times, 0.99), 1), "max": round(max(times), 1), "bytes": size}


def run(base, tenant, n_offers, n_views, n_calls, internal_token, flush_wait):
    token = employer(base, tenant, f"panel-{int(time.time() * 1000)}@bench.example")
    auth = {"authorization": f"Bearer {token}"}
    slugs = publish(base, tenant, auth, internal_token, n_offers)
    before = time.perf_counter()
    record_views(base, tenant, slugs, n_views)
    views_per_second = n_views / (time.perf_counter() - before)
    time.sleep(flush_wait)  # measure what is on disk, not the in-memory pending views
    status, stats = call(base, "GET", f"/api/{tenant}/v2/employer-panel/offers/statistics", headers=auth)
    assert status == 200, stats
    assert stats["totals"]["views"] == n_views, f"the statistics count {stats['totals']['views']} views of {n_views}"
    assert len(stats["offers"]) == n_offers, len(stats["offers"])
    return {
        "offers": n_offers,
        "views": n_views,
        "views_per_second": round(views_per_second),
        "calls": n_calls,
        "statistics_ms": timed(base, f"/api/{tenant}/v2/employer-panel/offers/statistics", auth, n_calls),
        "statistics_csv_ms": timed(base, f"/api/{tenant}/v2/employer-panel/offers/statistics?format=csv", auth, max(1, n_calls // 4)),
        "offers_list_ms": timed(base, f"/api/{tenant}/v2/employer-panel/offers?pageSize=20", auth, max(1, n_calls // 4)),
    }


START = "<!-- scripts/bench-panel-stats section: generated, do not edit. -->"
END = "<!-- End of the scripts/bench-panel-stats section. -->"


def section(report, profile):
    model, cores = machine()
    row = lambda name, figures: f"| {name} | {figures['p50']} ms | {figures['p99']} ms | {figures['bytes']:,} B |"
    return "\n".join([
        START,
        "## Employer panel statistics (issue 12)",
        "",
        f"One company with {report['offers']:,} published offers and {report['views']:,} views recorded through "
        f"`POST /v1/views` ({report['views_per_second']:,} views/s from 8 client threads), written to disk before "
        f"timing; {report['calls']} sequential calls of the statistics (default range of 30 days, every offer), "
        f"{profile} build.",
        "",
        "| call | p50 | p99 | answer |",
        "|---|---|---|---|",
        row("`GET /v2/employer-panel/offers/statistics`", report["statistics_ms"]),
        row("the same, `format=csv`", report["statistics_csv_ms"]),
        row("`GET /v2/employer-panel/offers` (20 a page)", report["offers_list_ms"]),
        "",
        f"Machine: {model}, {cores} cores ({load_note()}); commit {commit()}; {datetime.now(timezone.utc):%Y-%m-%d}.",
        END,
    ])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", required=True)
    parser.add_argument("--tenant", default="it")
    parser.add_argument("--offers", type=int, default=500)
    parser.add_argument("--views", type=int, default=100_000)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--internal-token", required=True)
    parser.add_argument("--flush-wait", type=float, default=6.0, help="seconds to wait for the views to be written")
    parser.add_argument("--profile", default="release")
    parser.add_argument("--out", help="BENCHMARKS.md: rewrite its panel statistics section with this run")
    args = parser.parse_args()
    report = run(args.base.rstrip("/"), args.tenant, args.offers, args.views, args.calls, args.internal_token, args.flush_wait)
    print(json.dumps(report, indent=2))
    if args.out:
        replace_section(args.out, START, END, section(report, args.profile))
        print(f"wrote the panel statistics section of {args.out}")


if __name__ == "__main__":
    main()
