#!/usr/bin/env python3
"""Writes the web app section of BENCHMARKS.md from scripts/ui-bench/measure.mjs results.

The section sits between START and END below, after the scripts/bench section; the rest of the
file is kept.
"""
import argparse
import json
import platform
from datetime import datetime, timezone

from bench_sections import commit, machine, replace_section

START = "<!-- scripts/bench-ui section: generated, do not edit. -->"
END = "<!-- End of the scripts/bench-ui section. -->"

PERFORMANCE, ACCESSIBILITY, SEO = 90, 95, 95
LIST_JS_KB = 200
TTFB_MS = 150


def verdict(ok):
    return "pass" if ok else "**MISSED**"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def section(results, command):
    model, cores = machine()
    out = [START, "", f"## Web app: run of {results['at'][:10]}", ""]
    out.append(f"Machine: {model}, {cores} cores; Linux {platform.release()}; commit {commit()}; "
               f"Lighthouse {results['lighthouseVersion']} (default mobile profile: emulated phone, simulated slow 4G and 4× CPU "
               f"slowdown) driving Debian's Chromium; release API on the default data (4,000 offers), `next start` production build.\n")
    out.append("```sh\n" + command + "\n```\n")
    rows = []
    for name, page in (("list `/all-locations`", results["list"]), ("offer `/job-offer/{slug}`", results["offer"])):
        m = page["median"]
        runs = ", ".join(str(r["performance"]) for r in page["runs"])
        rows.append([name, f"{m['performance']} (runs: {runs})", m["accessibility"], m["seo"], m["bestPractices"],
                     f"{m['lcpMs'] / 1000:.2f} s", f"{m['tbtMs']:.0f} ms", f"{m['cls']:.3f}",
                     f"{verdict(m['performance'] >= PERFORMANCE)} / {verdict(m['accessibility'] >= ACCESSIBILITY)} / {verdict(m['seo'] >= SEO)}"])
    out.append(table(["Page", "Performance (median)", "Accessibility", "SEO", "Best practices", "LCP", "TBT", "CLS",
                      f"Targets ≥ {PERFORMANCE} / {ACCESSIBILITY} / {SEO}"], rows))
    scripts = results["listScripts"]
    without_map = scripts["gzipBytesWithoutMap"] / 1024
    out.append(f"\nList page JavaScript: {without_map:,.1f} KB gzipped without the map chunk "
               f"({scripts['gzipBytesTotal'] / 1024:,.1f} KB with it; {len(scripts['scripts'])} scripts, gzip of each body); "
               f"target ≤ {LIST_JS_KB} KB: {verdict(without_map <= LIST_JS_KB)}.\n")
    ttfb = results["ttfb"]
    out.append(f"Server-rendered list page, {ttfb['requests']} sequential requests after 5 warm-up ones: time to first byte "
               f"p50 {ttfb['p50Ms']:.1f} ms, p90 {ttfb['p90Ms']:.1f} ms, p99 {ttfb['p99Ms']:.1f} ms (whole page p50 "
               f"{ttfb['fullPageP50Ms']:.1f} ms); target p50 ≤ {TTFB_MS} ms: {verdict(ttfb['p50Ms'] <= TTFB_MS)}.\n")
    failing = sorted({a for page in (results["list"], results["offer"]) for r in page["runs"] for a in r["failing"]})
    if failing:
        out.append("Lighthouse audits scoring below 0.9 in some run: " + ", ".join(f"`{a}`" for a in failing) + ".\n")
    out.append(f"_Generated {datetime.now(timezone.utc).isoformat(timespec='seconds')}._\n")
    out.append(END)
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", required=True)
    parser.add_argument("--command", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    results = json.load(open(args.results))
    replace_section(args.out, START, END, section(results, args.command))

if __name__ == "__main__":
    main()
