"""Shared by the database peers of the Wakat benchmark (scripts/bench_pg.py, scripts/bench_sqlite.py).

Both load the same offers (`wakat generate --out`) as one row per offer location, like the Wakat
index, run the workload the Rust bench wrote (benches/queries.rs, WAKAT_BENCH_WORKLOAD) with the
same warm-up, and report their timings in the same result shape, so scripts/bench_report.py
treats them alike. What differs per engine is only the schema and the SQL.
"""

import json
import math
import sys
import time

WARMUP_RUNS = 50
# Ranking of Wakat's relevance sort (wakat.toml [ranking]): score × (1 + weight × 0.5^(age / half-life)).
FRESHNESS_WEIGHT, HALF_LIFE_DAYS = 0.6, 7.0
# Mean H3 cell areas in km² by resolution, to give the lat/lon grid the size of Wakat's clusters.
H3_AREA_KM2 = {2: 86745.85, 3: 12392.26, 4: 1770.32, 5: 252.90, 6: 36.13, 7: 5.16, 8: 0.737, 9: 0.105}
MONTHLY_FACTOR = {"hour": 168.0, "day": 21.0, "month": 1.0, "year": 1.0 / 12.0}
NEVER_EXPIRES = 2**63 - 1
# wakat_core::geo::EARTH_RADIUS_KM: the sphere Wakat's haversine uses.
EARTH_RADIUS_KM = 6371.0088


def logger(name):
    def log(message):
        print(f"[{name}] {message}", file=sys.stderr, flush=True)
    return log


def read_json(path):
    with open(path) as source:
        return json.load(source)


def slugify(text):
    """A close enough copy of wakat_core::text::slugify for city slugs."""
    folded = text.lower().translate(str.maketrans("ąćęłńóśźżáéöüč", "acelnoszzaeouc"))
    out, dash = [], False
    for ch in folded:
        if ch.isascii() and ch.isalnum():
            if dash and out:
                out.append("-")
            dash = False
            out.append(ch)
        else:
            dash = True
    return "".join(out)


def parents(index_data, tenant):
    """Category value → parent value, and slug → value (for the category filter)."""
    tree = read_json(f"{index_data}/categories-{tenant}.json")
    parent, by_slug = {}, {}
    for root in tree:
        by_slug[root["slug"]] = root["value"]
        for child in root.get("children") or []:
            parent[child["value"]] = root["value"]
            by_slug[child["slug"]] = child["value"]
    return parent, by_slug


def salary_bounds(offer, rates):
    """Offer::salary_bounds_pln: lowest from and highest to over all contracts, monthly PLN."""
    bounds = None
    for employment in offer.get("employmentTypes", []):
        lo, hi = employment.get("from"), employment.get("to")
        if lo is None and hi is None:
            continue
        lo, hi = (lo if lo is not None else hi), (hi if hi is not None else lo)
        factor = MONTHLY_FACTOR[employment.get("unit", "month")] * rates[employment.get("currency", "pln")] / rates["pln"]
        lo, hi = lo * factor, hi * factor
        bounds = (lo, hi) if bounds is None else (min(bounds[0], lo), max(bounds[1], hi))
    return bounds


def location_rows(jsonl, tenant, index_data):
    """Yields one dict per offer location, with the fields both peers store."""
    rates = read_json(f"{index_data}/rates.json")
    parent, _ = parents(index_data, tenant)
    with open(jsonl) as source:
        for line in source:
            offer = json.loads(line)
            category = offer["categoryId"]
            bounds = salary_bounds(offer, rates)
            shared = {
                "tenant": tenant, "offer_slug": offer["slug"], "title": offer["title"], "company": offer["companyName"],
                "skills": " , ".join(s["name"] for s in offer.get("requiredSkills", []) + offer.get("niceToHaveSkills", [])),
                "category_id": category, "parent_category_id": parent.get(category),
                "category_ids": [category] + ([parent[category]] if category in parent else []),
                "experience": offer["experienceLevel"],
                "employment_types": sorted({e["type"] for e in offer.get("employmentTypes", [])}),
                "workplace": offer["workplaceType"], "working_time": offer["workingTime"],
                "ukraine": offer.get("openToHireUkrainians", False), "with_salary": bounds is not None,
                "salary_lo": None if bounds is None else bounds[0], "salary_hi": None if bounds is None else bounds[1],
                "published_at": offer["publishedAt"],
                "expires_at": 0 if offer.get("finished") else (offer.get("expiredAt") or NEVER_EXPIRES),
            }
            used = set()
            for idx, location in enumerate(offer["locations"]):
                # Offer::normalize: the first location keeps the offer slug, others get `-{city}[-n]`.
                slug = base = offer["slug"] if idx == 0 else f"{offer['slug']}-{slugify(location['city'])}"
                n = 2
                while slug in used:
                    slug, n = f"{base}-{n}", n + 1
                used.add(slug)
                yield dict(shared, slug=slug, city_slug=slugify(location["city"]),
                           lat=location["latitude"], lon=location["longitude"])


class Request:
    """One request of the workload: its type, variant and query pairs, with typed accessors."""

    def __init__(self, query):
        self.kind, self.variant, self.pairs = query["type"], query["variant"], query["pairs"]

    def all(self, key):
        return [v for k, v in self.pairs if k == key]

    def first(self, key, default=None):
        return next((v for k, v in self.pairs if k == key), default)

    def keywords(self):
        return self.all("keywords[]")

    def viewport(self):
        """(north, south, east, west) or None."""
        if self.first("north") is None:
            return None
        return tuple(float(self.first(k)) for k in ("north", "south", "east", "west"))

    def sort(self):
        """(sortBy, descending)."""
        return self.first("sortBy", "published"), self.first("orderBy", "DESC").upper() == "DESC"

    def is_relevance(self):
        """Wakat's `published` sort with a keyword is relevance × freshness."""
        by, desc = self.sort()
        return by == "published" and desc and bool(self.keywords())

    def page(self):
        """(limit, offset)."""
        per_page = int(self.first("perPage", "100"))
        return per_page, (int(self.first("page", "1")) - 1) * per_page


def read_workload(path):
    """The workload header ({now, tenant, suggestionsPerKind}) and its requests."""
    with open(path) as source:
        header = json.loads(source.readline())
        return header, [Request(json.loads(line)) for line in source]


def cities(index_data):
    """City slug → (lat, lon) of the gazetteer the workload's cities come from."""
    return {c["slug"]: (c["lat"], c["lon"]) for c in read_json(f"{index_data}/cities.json")}


def cluster_grid(request):
    """Cell size (dlat, dlon) in degrees of the lat/lon grid standing in for Wakat's H3 cells at
    the request's zoom: cells of the mean area of the H3 resolution Wakat picks."""
    zoom = float(request.first("zoom"))
    resolution = min(max(math.floor((zoom - 1.0) * 0.7), 2), 9)
    side_km = math.sqrt(H3_AREA_KM2[resolution])
    north, south, _, _ = request.viewport()
    mid_lat = (north + south) / 2
    return side_km / 111.2, side_km / (111.2 * math.cos(math.radians(mid_lat)))


def percentile(sorted_values, p):
    """Nearest rank, as benches/queries.rs."""
    rank = min(max(math.ceil(p * len(sorted_values)), 1), len(sorted_values))
    return sorted_values[rank - 1]


def measure(requests, execute, log):
    """Per type in workload order: WARMUP_RUNS untimed runs, then every request timed client-side.
    `execute(request)` returns the matches as Wakat counts them (a check of equivalence). Results,
    one per type and one per variant, have the shape of benches/queries.rs's BENCH lines, plus
    every request's matches in workload order, so two peers can be compared request by request."""
    kinds = list(dict.fromkeys(r.kind for r in requests))
    results = []
    for kind in kinds:
        of_kind = [r for r in requests if r.kind == kind]
        for request in of_kind[:WARMUP_RUNS]:
            execute(request)
        samples = []
        for request in of_kind:
            started = time.perf_counter()
            found = execute(request)
            samples.append((time.perf_counter() - started, request.variant, found))
        groups = [("", samples)] + [(v, [s for s in samples if s[1] == v]) for v in sorted({s[1] for s in samples} - {""})]
        for variant, subset in groups:
            times = sorted(s[0] * 1000.0 for s in subset)
            result = {"type": kind, "variant": variant, "runs": len(times), "p50_ms": percentile(times, 0.5),
                      "p99_ms": percentile(times, 0.99), "max_ms": times[-1], "mean_ms": sum(times) / len(times),
                      "avg_matches": sum(s[2] for s in subset) / len(subset)}
            result["matches"] = [s[2] for s in subset]
            results.append(result)
            log(f"{kind}{' / ' + variant if variant else ''}: p50 {result['p50_ms']:.2f} ms, p99 {result['p99_ms']:.2f} ms")
    return results
