#!/usr/bin/env python3
"""SQLite (FTS5 + R*Tree) peer of the Wakat benchmark (run by scripts/bench): what a small board embeds.

Loads the same offers as the PostgreSQL peer (`wakat generate --out`, one row per offer location)
into one database file, then runs the same workload (benches/queries.rs, WAKAT_BENCH_WORKLOAD)
with the same semantics as scripts/bench_pg.py: keywords through an FTS5 index (unicode61 with
diacritics removed), radius as an R*Tree bounding-box prefilter plus the exact haversine, clusters
as the same lat/lon grid of H3-sized cells, B-tree indexes for the filters and sorts. Python's
stdlib sqlite3 only, in-process like an embedded store; statements are compiled once and reused
(the connection's statement cache). Timings are client-side, fetching the rows included.
Progress goes to stderr; results are one JSON document (--out) shaped like bench_pg.py's.
"""

import argparse
import itertools
import json
import math
import os
import re
import sqlite3
import time
from datetime import datetime, timezone

from bench_peer_common import (EARTH_RADIUS_KM, FRESHNESS_WEIGHT, HALF_LIFE_DAYS, cities, cluster_grid, location_rows,
                               logger, measure, parents, read_workload)

TABLE = "offer_locations"
PAGE_COLUMNS = ", ".join(f"o.{c}" for c in "slug title company city_slug salary_lo salary_hi published_at workplace experience".split())
log = logger("bench_sqlite")
# Rows per executemany batch of the load.
BATCH = 10_000
KM_PER_DEGREE = EARTH_RADIUS_KM * math.pi / 180.0
# ts_rank's default weights of PostgreSQL's A, B and C (title, company, skills), given to bm25.
COLUMN_WEIGHTS = "1.0, 0.4, 0.2"
# A box covering at least this share of the area the offers span is answered by a table scan, not
# the R*Tree: SQLite's planner has no statistics for virtual tables and always takes the R*Tree,
# which is 2-3× slower than a scan when the box holds nearly every row (the whole of Poland).
RTREE_MAX_SHARE = 0.25

SCHEMA = f"""
CREATE TABLE {TABLE} (
    id INTEGER PRIMARY KEY,
    tenant TEXT NOT NULL, slug TEXT NOT NULL, offer_slug TEXT NOT NULL,
    title TEXT NOT NULL, company TEXT NOT NULL, skills TEXT NOT NULL, city_slug TEXT NOT NULL,
    category_id INTEGER NOT NULL, parent_category_id INTEGER,
    experience TEXT NOT NULL, employment_mask INTEGER NOT NULL, workplace TEXT NOT NULL, working_time TEXT NOT NULL,
    ukraine INTEGER NOT NULL, with_salary INTEGER NOT NULL, salary_lo REAL, salary_hi REAL,
    published_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, lat REAL NOT NULL, lon REAL NOT NULL
);
-- A contract type is one bit of employment_mask (SQLite has no arrays); the filter is mask & bits.
CREATE TABLE employment_bits (type TEXT PRIMARY KEY, bit INTEGER NOT NULL);
-- Contentless: the text lives in {TABLE}; the index only answers MATCH and bm25.
CREATE VIRTUAL TABLE offer_text USING fts5(title, company, skills, content='', tokenize='unicode61 remove_diacritics 2');
-- 32-bit float boxes rounded outwards, so a prefilter: the exact test reads lat/lon of the row.
CREATE VIRTUAL TABLE offer_geo USING rtree(id, min_lat, max_lat, min_lon, max_lon);
"""

# unicode61's remove_diacritics folds letters with a combining mark (ą, ó, ż, ...) but not ł,
# which has none; PostgreSQL's unaccent and Wakat's folding map it to l, so both sides do here.
FOLD_SQL = "replace(replace({}, 'ł', 'l'), 'Ł', 'L')"
FOLD = str.maketrans("łŁ", "lL")

INDEXES = [
    ("published_at", f"CREATE INDEX offer_published ON {TABLE} (published_at)"),
    ("salary_hi", f"CREATE INDEX offer_salary_hi ON {TABLE} (salary_hi)"),
    ("experience", f"CREATE INDEX offer_experience ON {TABLE} (experience)"),
    ("workplace", f"CREATE INDEX offer_workplace ON {TABLE} (workplace)"),
    ("category_id", f"CREATE INDEX offer_category ON {TABLE} (category_id)"),
    ("parent_category_id", f"CREATE INDEX offer_parent_category ON {TABLE} (parent_category_id)"),
    # NOCASE: what lets SQLite answer `title LIKE 'jav%'` (case-insensitive for ASCII) from an index.
    ("title COLLATE NOCASE", f"CREATE INDEX offer_title ON {TABLE} (title COLLATE NOCASE)"),
]


def connect(path, cache_mb):
    conn = sqlite3.connect(path, isolation_level=None, cached_statements=256)
    conn.execute("PRAGMA journal_mode = WAL")
    # WAL's usual pairing: never corrupt, but a power cut may lose the last commits (WAL synced at checkpoints).
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute(f"PRAGMA cache_size = -{cache_mb * 1024}")
    conn.execute("PRAGMA temp_store = MEMORY")
    return conn


def load(conn, offers, tenant, index_data):
    """Schema, rows, full-text and R*Tree indexes, B-tree indexes and ANALYZE, each timed; the JSON
    parsing of the offers is timed apart (convert_s), as the PostgreSQL peer's CSV conversion."""
    timings, convert_s, bits = {}, 0.0, {}
    # Durability off for the load only, as the PostgreSQL peer's throwaway cluster.
    conn.execute("PRAGMA synchronous = OFF")
    conn.executescript(SCHEMA)
    insert = f"INSERT INTO {TABLE} VALUES ({', '.join('?' * 22)})"

    def mask(types):
        value = 0
        for name in types:
            value |= 1 << bits.setdefault(name, len(bits))
        return value

    rows, insert_s = 0, 0.0
    conn.execute("BEGIN")
    source = location_rows(offers, tenant, index_data)
    while True:
        parsing = time.perf_counter()
        batch = [(None, r["tenant"], r["slug"], r["offer_slug"], r["title"], r["company"], r["skills"], r["city_slug"],
                  r["category_id"], r["parent_category_id"], r["experience"], mask(r["employment_types"]), r["workplace"],
                  r["working_time"], int(r["ukraine"]), int(r["with_salary"]), r["salary_lo"], r["salary_hi"],
                  r["published_at"], r["expires_at"], r["lat"], r["lon"]) for r in itertools.islice(source, BATCH)]
        convert_s += time.perf_counter() - parsing
        if not batch:
            break
        inserting = time.perf_counter()
        conn.executemany(insert, batch)
        insert_s += time.perf_counter() - inserting
        rows += len(batch)
    conn.executemany("INSERT INTO employment_bits VALUES (?, ?)", bits.items())
    conn.execute("COMMIT")
    timings["insert rows"] = insert_s
    log(f"{rows} rows inserted in {insert_s:.1f} s (+ {convert_s:.1f} s parsing the offers)")

    steps = [
        ("FTS5 index", f"INSERT INTO offer_text (rowid, title, company, skills) SELECT id, "
                       f"{FOLD_SQL.format('title')}, {FOLD_SQL.format('company')}, {FOLD_SQL.format('skills')} FROM {TABLE}"),
        ("R*Tree index", f"INSERT INTO offer_geo SELECT id, lat, lat, lon, lon FROM {TABLE}"),
    ] + [(f"index {name}", sql) for name, sql in INDEXES] + [
        ("FTS5 optimize", "INSERT INTO offer_text (offer_text) VALUES ('optimize')"),
        ("analyze", "ANALYZE"),
    ]
    for name, sql in steps:
        started = time.perf_counter()
        conn.execute("BEGIN")
        conn.execute(sql)
        conn.execute("COMMIT")
        timings[name] = time.perf_counter() - started
        log(f"{name}: {timings[name]:.1f} s")
    started = time.perf_counter()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    timings["checkpoint"] = time.perf_counter() - started
    conn.execute("PRAGMA synchronous = NORMAL")
    return timings, convert_s, sizes(conn, rows)


def sizes(conn, rows):
    """Bytes per kind of object (dbstat), so they read like the PostgreSQL peer's table / indexes."""
    by_kind = {"table_bytes": 0, "indexes_bytes": 0, "fts_bytes": 0, "rtree_bytes": 0, "other_bytes": 0}
    for name, size in conn.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name"):
        if name == TABLE:
            by_kind["table_bytes"] += size
        elif name.startswith("offer_text"):
            by_kind["fts_bytes"] += size
        elif name.startswith("offer_geo"):
            by_kind["rtree_bytes"] += size
        elif name.startswith("offer_"):
            by_kind["indexes_bytes"] += size
        else:
            by_kind["other_bytes"] += size
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    by_kind["total_bytes"] = conn.execute("PRAGMA page_count").fetchone()[0] * page_size
    by_kind["rows"] = rows
    return by_kind


def match_expression(keywords):
    """FTS5 query with plainto_tsquery's meaning: every word of every keyword, in any order."""
    words = [w for keyword in keywords for w in re.findall(r"[^\W_]+", keyword.translate(FOLD).lower())]
    return " AND ".join(f'"{w}"' for w in words) or None


class Planner:
    """Turns the requests of the Wakat workload into SQLite SQL with bench_pg.py's meaning."""

    def __init__(self, conn, index_data, tenant, now, cities):
        self.by_slug = parents(index_data, tenant)[1]
        self.bits = dict(conn.execute("SELECT type, bit FROM employment_bits"))
        self.extent = conn.execute(f"SELECT max(lat), min(lat), max(lon), min(lon) FROM {TABLE}").fetchone()
        self.tenant, self.now, self.cities = tenant, now, cities

    def selective(self, box):
        """Whether the R*Tree should answer this (north, south, east, west) box: only when it covers
        less than RTREE_MAX_SHARE of the area the offers span."""
        top, bottom, right, left = self.extent
        if top is None:
            return True
        covered = max(min(box[0], top) - max(box[1], bottom), 0.0) * max(min(box[2], right) - max(box[3], left), 0.0)
        return covered < RTREE_MAX_SHARE * max((top - bottom) * (right - left), 1e-12)

    def source(self, request):
        """FROM clause, WHERE clauses and parameters of a filtered request."""
        tables = [f"{TABLE} o"]
        clauses = ["o.tenant = :tenant", "o.expires_at > :now"]
        params = {"tenant": self.tenant, "now": self.now}
        get = request.all
        match = match_expression(request.keywords())
        if match:
            tables.insert(0, "offer_text")
            clauses = ["offer_text MATCH :match", "o.id = offer_text.rowid"] + clauses
            params["match"] = match
        for key, column, name in [("experienceLevels[]", "experience", "exp"), ("remoteWorkOptions[]", "workplace", "wp")]:
            if get(key):
                names = [f":{name}{i}" for i in range(len(get(key)))]
                clauses.append(f"o.{column} IN ({', '.join(names)})")
                params.update({n[1:]: v for n, v in zip(names, get(key))})
        if get("employmentTypes[]"):
            clauses.append("o.employment_mask & :emp != 0")
            params["emp"] = sum(1 << self.bits[t] for t in set(get("employmentTypes[]")) if t in self.bits)
        if get("categories[]"):
            cats = [self.by_slug[c] for c in get("categories[]")]
            names = ", ".join(f":cat{i}" for i in range(len(cats)))
            clauses.append(f"(o.category_id IN ({names}) OR o.parent_category_id IN ({names}))")
            params.update({f"cat{i}": c for i, c in enumerate(cats)})
        if get("salaryMin"):
            clauses.append("o.salary_hi >= :smin")
            params["smin"] = float(get("salaryMin")[0])
        boxes = []
        if get("city") and get("cityRadiusKm"):
            lat, lon = self.cities[get("city")[0]]
            km = float(get("cityRadiusKm")[0])
            # The R*Tree box around the circle (widened at the latitude nearest a pole), then
            # Wakat's haversine on the row's own coordinates.
            dlat = km / KM_PER_DEGREE
            dlon = km / (KM_PER_DEGREE * max(math.cos(math.radians(min(abs(lat) + dlat, 89.9))), 1e-6))
            boxes.append((lat + dlat, lat - dlat, lon + dlon, lon - dlon))
            clauses.append("2 * :radius * asin(min(1, sqrt(pow(sin(radians(o.lat - :clat) / 2), 2)"
                           " + :cos_clat * cos(radians(o.lat)) * pow(sin(radians(o.lon - :clon) / 2), 2)))) <= :km")
            params.update(radius=EARTH_RADIUS_KM, clat=lat, clon=lon, cos_clat=math.cos(math.radians(lat)), km=km)
        if request.viewport():
            n, s, e, w = request.viewport()
            boxes.append((n, s, e, w))
            # Wakat's viewport test, exact on the row (the R*Tree box is a float32 prefilter).
            clauses.append("o.lat BETWEEN :s AND :n AND o.lon BETWEEN :w AND :e")
            params.update(n=n, s=s, e=e, w=w)
        for i, (n, s, e, w) in enumerate(b for b in boxes if self.selective(b)):
            if i == 0:
                tables.append("offer_geo g")
                clauses.append("g.id = o.id")
            clauses.append(f"g.min_lat <= :bn{i} AND g.max_lat >= :bs{i} AND g.min_lon <= :be{i} AND g.max_lon >= :bw{i}")
            params.update({f"bn{i}": n, f"bs{i}": s, f"be{i}": e, f"bw{i}": w})
        return ", ".join(tables), " AND ".join(clauses), params

    def order(self, request):
        by, desc = request.sort()
        direction = "DESC" if desc else "ASC"
        if by == "salary":
            return f"o.salary_{'hi' if desc else 'lo'} {direction} NULLS LAST, o.published_at DESC"
        if request.is_relevance():
            # bm25 is lower for better matches; its negation plays ts_rank's part, times the same freshness.
            rank = f"-bm25(offer_text, {COLUMN_WEIGHTS})"
            fresh = f"pow(0.5, max(:now - o.published_at, 0) / 86400.0 / {HALF_LIFE_DAYS})"
            return f"{rank} * (1 + {FRESHNESS_WEIGHT} * {fresh}) DESC, o.published_at DESC"
        return f"o.published_at {direction}"

    def statements(self, request, per_kind):
        """The statements one request costs, as (sql, params, what the rows are)."""
        kind = request.kind
        if kind == "suggest":
            prefix = request.pairs[0][1].lower().replace("\\", "").replace("%", "").replace("_", "") + "%"
            sql = (f"SELECT title, count(DISTINCT offer_slug) AS n FROM {TABLE} WHERE tenant = :tenant AND title LIKE :p"
                   f" GROUP BY title ORDER BY n DESC, length(title), title LIMIT {per_kind}")
            return [(sql, {"tenant": self.tenant, "p": prefix}, "items")]
        tables, where, params = self.source(request)
        if kind.startswith("clusters"):
            params["dlat"], params["dlon"] = cluster_grid(request)
            # Per cell: count, mean position and the most common category (SQLite has no mode():
            # max() over the per-category counts carries its category along; ties go either way).
            sql = (f"WITH m AS (SELECT floor(o.lat / :dlat) AS gy, floor(o.lon / :dlon) AS gx, o.category_id AS c, o.lat, o.lon"
                   f" FROM {tables} WHERE {where}),"
                   " per_category AS (SELECT gy, gx, c, count(*) AS n, sum(lat) AS lat_sum, sum(lon) AS lon_sum FROM m GROUP BY gy, gx, c)"
                   " SELECT gy, gx, sum(n), sum(lat_sum) / sum(n), sum(lon_sum) / sum(n), c, max(n) FROM per_category GROUP BY gy, gx")
            return [(sql, params, "clusters")]
        limit, offset = request.page()
        page_sql = (f"SELECT {PAGE_COLUMNS} FROM {tables} WHERE {where} ORDER BY {self.order(request)}"
                    f" LIMIT {limit} OFFSET {offset}")
        if kind == "same+counts":
            # One pass for the total and the per-category counts (a subcategory counts for its parent too).
            counts = (f"WITH m AS MATERIALIZED (SELECT o.category_id, o.parent_category_id FROM {tables} WHERE {where})"
                      " SELECT NULL, count(*) FROM m UNION ALL SELECT c, count(*) FROM"
                      " (SELECT category_id AS c FROM m UNION ALL SELECT parent_category_id FROM m WHERE parent_category_id IS NOT NULL)"
                      " GROUP BY c")
            return [(page_sql, params, "page"), (counts, params, "counts")]
        return [(page_sql, params, "page"), (f"SELECT count(*) FROM {tables} WHERE {where}", params, "count")]


def run_workload(conn, workload_path, index_data):
    header, requests = read_workload(workload_path)
    planner = Planner(conn, index_data, header["tenant"], header["now"], cities(index_data))

    def execute(request):
        """Runs a request; returns its matches as Wakat counts them (a check of equivalence)."""
        matches = 0
        for sql, params, what in planner.statements(request, header["suggestionsPerKind"]):
            # Only the parameters a statement names (the page and the count share one dict).
            rows = conn.execute(sql, params).fetchall()
            if what == "count":
                matches = rows[0][0]
            elif what == "counts":
                matches = next(n for category, n in rows if category is None)
            elif what == "clusters":
                matches = sum(row[2] for row in rows)
            elif what == "items":
                matches = len(rows)
        return matches

    return measure(requests, execute, log)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--offers", required=True, help="JSON Lines of offers (wakat generate --out)")
    parser.add_argument("--db", required=True, help="database file to create (replaced if it exists)")
    parser.add_argument("--workload", required=True, help="workload written by benches/queries.rs")
    parser.add_argument("--index-data", default="index-data")
    parser.add_argument("--tenant", default="it")
    parser.add_argument("--cache-mb", type=int, default=256, help="SQLite page cache (PRAGMA cache_size)")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    measured_at = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(args.db + suffix):
            os.remove(args.db + suffix)
    conn = connect(args.db, args.cache_mb)
    timings, convert_s, size = load(conn, args.offers, args.tenant, args.index_data)
    conn.close()
    # Queried through a fresh connection, as a server opening its database: only the OS page cache is warm.
    conn = connect(args.db, args.cache_mb)
    pragmas = {name: conn.execute(f"PRAGMA {name}").fetchone()[0]
               for name in ("journal_mode", "synchronous", "cache_size", "page_size", "mmap_size", "temp_store")}
    settings = dict(pragmas, cache_size=f"{args.cache_mb} MB", synchronous={0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}[pragmas["synchronous"]])
    queries = run_workload(conn, args.workload, args.index_data)
    conn.close()
    with open(args.out, "w") as out:
        json.dump({"measured_at": measured_at, "convert_s": convert_s, "rows": size["rows"], "load": timings,
                   "load_total_s": sum(timings.values()), "sizes": size, "version": f"SQLite {sqlite3.sqlite_version}",
                   "settings": settings, "queries": queries}, out, indent=1)


if __name__ == "__main__":
    main()
