#!/usr/bin/env python3
"""PostgreSQL + PostGIS peer of the Wakat benchmark (run by scripts/bench).

Loads the offers `wakat generate --out` exported (same seed and "now" as the Wakat data set, so
the same offers) as one row per offer location, like the Wakat index, then runs the workload
the Rust bench wrote (benches/queries.rs, WAKAT_BENCH_WORKLOAD) so both engines answer the same
requests. Timings are client-side, statements bound server-side and prepared (psycopg 3).
Progress goes to stderr; results are one JSON document (--out). The offer rows, the workload,
the cluster grid and the measuring loop are shared with the SQLite peer (bench_peer_common.py).
"""

import argparse
import csv
import json
import time

import psycopg

from bench_peer_common import (FRESHNESS_WEIGHT, HALF_LIFE_DAYS, cities, cluster_grid, location_rows, logger, measure,
                               parents, read_workload)

TABLE = "offer_locations"
PAGE_COLUMNS = "slug, title, company, city_slug, salary_lo, salary_hi, published_at, workplace, experience"
log = logger("bench_pg")


def pg_array(values):
    return "{" + ",".join(str(v) for v in values) + "}"


def convert(jsonl, csv_path, tenant, index_data):
    """One CSV row per offer location; returns the number of rows."""
    rows = 0
    with open(csv_path, "w", newline="") as target:
        out = csv.writer(target)
        for row in location_rows(jsonl, tenant, index_data):
            lat, lon = row["lat"], row["lon"]
            out.writerow([
                row["tenant"], row["slug"], row["offer_slug"], row["title"], row["company"], row["skills"], row["city_slug"],
                row["category_id"], pg_array(row["category_ids"]), row["experience"], pg_array(row["employment_types"]),
                row["workplace"], row["working_time"], row["ukraine"], row["with_salary"],
                "" if row["salary_lo"] is None else row["salary_lo"], "" if row["salary_hi"] is None else row["salary_hi"],
                row["published_at"], row["expires_at"], lat, lon, f"SRID=4326;POINT({lon} {lat})",
            ])
            rows += 1
    return rows


SCHEMA = f"""
CREATE EXTENSION IF NOT EXISTS postgis;
CREATE EXTENSION IF NOT EXISTS unaccent;
DROP TEXT SEARCH CONFIGURATION IF EXISTS wakat;
-- simple (no stemming) plus unaccent so Łódź and lodz match, as in Wakat's folding.
CREATE TEXT SEARCH CONFIGURATION wakat (COPY = simple);
ALTER TEXT SEARCH CONFIGURATION wakat ALTER MAPPING FOR asciiword, word, hword, hword_part, asciihword, hword_asciipart WITH unaccent, simple;
DROP TABLE IF EXISTS {TABLE};
CREATE TABLE {TABLE} (
    tenant text NOT NULL, slug text NOT NULL, offer_slug text NOT NULL,
    title text NOT NULL, company text NOT NULL, skills text NOT NULL, city_slug text NOT NULL,
    category_id int NOT NULL, category_ids int[] NOT NULL,
    experience text NOT NULL, employment_types text[] NOT NULL, workplace text NOT NULL, working_time text NOT NULL,
    ukraine bool NOT NULL, with_salary bool NOT NULL, salary_lo float8, salary_hi float8,
    published_at bigint NOT NULL, expires_at bigint NOT NULL,
    lat float8 NOT NULL, lon float8 NOT NULL, geog geography(Point, 4326) NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('wakat', title), 'A') || setweight(to_tsvector('wakat', company), 'B')
        || setweight(to_tsvector('wakat', skills), 'C')) STORED
);
"""

INDEXES = [
    ("tsv (GIN)", f"CREATE INDEX ON {TABLE} USING gin (tsv)"),
    ("published_at", f"CREATE INDEX ON {TABLE} (published_at)"),
    ("salary_hi", f"CREATE INDEX ON {TABLE} (salary_hi)"),
    ("experience", f"CREATE INDEX ON {TABLE} (experience)"),
    ("workplace", f"CREATE INDEX ON {TABLE} (workplace)"),
    ("category_ids (GIN)", f"CREATE INDEX ON {TABLE} USING gin (category_ids)"),
    ("geog (GiST)", f"CREATE INDEX ON {TABLE} USING gist (geog)"),
    ("geog::geometry (GiST)", f"CREATE INDEX ON {TABLE} USING gist ((geog::geometry))"),
    ("lower(title) text_pattern_ops", f"CREATE INDEX ON {TABLE} (lower(title) text_pattern_ops)"),
]


def load(conn, csv_path):
    """Schema, COPY, indexes and ANALYZE, each timed."""
    timings = {}
    with conn.cursor() as cur:
        started = time.perf_counter()
        # Table created in the COPY's transaction: with wal_level=minimal the load skips the WAL.
        with conn.transaction():
            cur.execute(SCHEMA)
            with open(csv_path, "rb") as source, cur.copy(f"COPY {TABLE} FROM STDIN (FORMAT csv)") as copy:
                while chunk := source.read(1 << 20):
                    copy.write(chunk)
        timings["copy"] = time.perf_counter() - started
        log(f"COPY done in {timings['copy']:.1f} s")
        for name, sql in INDEXES:
            started = time.perf_counter()
            cur.execute(sql)
            timings[f"index {name}"] = time.perf_counter() - started
            log(f"index {name}: {timings[f'index {name}']:.1f} s")
        started = time.perf_counter()
        cur.execute(f"VACUUM ANALYZE {TABLE}")
        timings["vacuum analyze"] = time.perf_counter() - started
        cur.execute(f"SELECT pg_relation_size('{TABLE}'), pg_indexes_size('{TABLE}'), pg_total_relation_size('{TABLE}'), count(*) FROM {TABLE}")
        table, indexes, total, rows = cur.fetchone()
    return timings, {"table_bytes": table, "indexes_bytes": indexes, "total_bytes": total, "rows": rows}


class Planner:
    """Turns the requests of the Wakat workload into SQL with the same meaning."""

    def __init__(self, index_data, tenant, now, cities):
        self.by_slug = parents(index_data, tenant)[1]
        self.tenant, self.now, self.cities = tenant, now, cities

    def where(self, request):
        clauses = ["tenant = %(tenant)s", "expires_at > %(now)s"]
        params = {"tenant": self.tenant, "now": self.now}
        get = request.all
        for i, keyword in enumerate(request.keywords()):
            clauses.append(f"tsv @@ plainto_tsquery('wakat', %(kw{i})s)")
            params[f"kw{i}"] = keyword
        for key, column, name in [("experienceLevels[]", "experience", "exp"), ("remoteWorkOptions[]", "workplace", "wp")]:
            if get(key):
                clauses.append(f"{column} = ANY(%({name})s)")
                params[name] = get(key)
        if get("employmentTypes[]"):
            clauses.append("employment_types && %(emp)s::text[]")
            params["emp"] = get("employmentTypes[]")
        if get("categories[]"):
            clauses.append("category_ids && %(cats)s::int[]")
            params["cats"] = [self.by_slug[c] for c in get("categories[]")]
        if get("salaryMin"):
            clauses.append("salary_hi >= %(smin)s")
            params["smin"] = float(get("salaryMin")[0])
        if get("city") and get("cityRadiusKm"):
            lat, lon = self.cities[get("city")[0]]
            # On the sphere, as Wakat's haversine (the spheroid costs more and answers the same within metres).
            clauses.append("ST_DWithin(geog, ST_SetSRID(ST_MakePoint(%(clon)s, %(clat)s), 4326)::geography, %(meters)s, false)")
            params.update(clat=lat, clon=lon, meters=float(get("cityRadiusKm")[0]) * 1000.0)
        if request.viewport():
            n, s, e, w = request.viewport()
            # A planar box on lon/lat is exactly Wakat's viewport test (a geography box would bulge
            # along great circles), with its own GiST index.
            clauses.append("geog::geometry && ST_MakeEnvelope(%(w)s, %(s)s, %(e)s, %(n)s, 4326)")
            params.update(n=n, s=s, e=e, w=w)
        return " AND ".join(clauses), params

    def order(self, request):
        by, desc = request.sort()
        direction = "DESC" if desc else "ASC"
        if by == "salary":
            return f"salary_{'hi' if desc else 'lo'} {direction} NULLS LAST, published_at DESC"
        if request.is_relevance():
            rank = "ts_rank(tsv, plainto_tsquery('wakat', %(kw0)s))"
            fresh = f"power(0.5, greatest(%(now)s - published_at, 0) / 86400.0 / {HALF_LIFE_DAYS})"
            return f"{rank} * (1 + {FRESHNESS_WEIGHT} * {fresh}) DESC, published_at DESC"
        return f"published_at {direction}"

    def statements(self, request, per_kind):
        """The statements one request costs, as (sql, params, what the rows are)."""
        kind = request.kind
        if kind == "suggest":
            prefix = request.pairs[0][1].lower().replace("\\", "").replace("%", "").replace("_", "") + "%"
            sql = (f"SELECT title, count(DISTINCT offer_slug) AS n FROM {TABLE} WHERE tenant = %(tenant)s AND lower(title) LIKE %(p)s"
                   f" GROUP BY title ORDER BY n DESC, length(title), title LIMIT {per_kind}")
            return [(sql, {"tenant": self.tenant, "p": prefix}, "items")]
        where, params = self.where(request)
        if kind.startswith("clusters"):
            params["dlat"], params["dlon"] = cluster_grid(request)
            sql = (f"SELECT floor(lat / %(dlat)s) AS gy, floor(lon / %(dlon)s) AS gx, count(*), avg(lat), avg(lon),"
                   f" mode() WITHIN GROUP (ORDER BY category_id) FROM {TABLE} WHERE {where} GROUP BY 1, 2")
            return [(sql, params, "clusters")]
        limit, offset = request.page()
        page_sql = f"SELECT {PAGE_COLUMNS} FROM {TABLE} WHERE {where} ORDER BY {self.order(request)} LIMIT {limit} OFFSET {offset}"
        if kind == "same+counts":
            # One pass for the total and the per-category counts (a subcategory counts for its parent too).
            counts = (f"WITH m AS MATERIALIZED (SELECT category_ids FROM {TABLE} WHERE {where})"
                      " SELECT NULL::int, count(*) FROM m UNION ALL SELECT c, count(*) FROM m, unnest(m.category_ids) AS c GROUP BY c")
            return [(page_sql, params, "page"), (counts, params, "counts")]
        return [(page_sql, params, "page"), (f"SELECT count(*) FROM {TABLE} WHERE {where}", params, "count")]


def run_workload(conn, workload_path, index_data):
    header, requests = read_workload(workload_path)
    planner = Planner(index_data, header["tenant"], header["now"], cities(index_data))
    with conn.cursor() as cur:
        def execute(request):
            """Runs a request; returns its matches as Wakat counts them (a sanity check of equivalence)."""
            matches = 0
            for sql, params, what in planner.statements(request, header["suggestionsPerKind"]):
                cur.execute(sql, params, prepare=True)
                rows = cur.fetchall()
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
    parser.add_argument("--host", required=True, help="unix socket directory")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--offers", required=True, help="JSON Lines of offers (wakat generate --out)")
    parser.add_argument("--csv", required=True, help="where to write the CSV for COPY")
    parser.add_argument("--workload", required=True, help="workload written by benches/queries.rs")
    parser.add_argument("--index-data", default="index-data")
    parser.add_argument("--tenant", default="it")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    started = time.perf_counter()
    rows = convert(args.offers, args.csv, args.tenant, args.index_data)
    convert_s = time.perf_counter() - started
    log(f"converted {rows} locations to CSV in {convert_s:.1f} s")
    with psycopg.connect(host=args.host, port=args.port, user="postgres", dbname="postgres", autocommit=True) as conn:
        # Plan every execution with its own values: skewed data (a big city vs a small one) needs it.
        conn.execute("SET plan_cache_mode = force_custom_plan")
        timings, sizes = load(conn, args.csv)
        version = conn.execute("SELECT version()").fetchone()[0]
        postgis = conn.execute("SELECT postgis_lib_version()").fetchone()[0]
        settings = dict(conn.execute("SELECT name, current_setting(name) FROM pg_settings WHERE name IN"
                                     " ('shared_buffers', 'work_mem', 'max_parallel_workers_per_gather', 'jit', 'effective_cache_size')").fetchall())
        queries = run_workload(conn, args.workload, args.index_data)
    load_total = sum(timings.values())
    json.dump({"convert_s": convert_s, "rows": rows, "load": timings, "load_total_s": load_total, "sizes": sizes,
               "version": version, "postgis": postgis, "settings": settings, "queries": queries}, open(args.out, "w"), indent=1)


if __name__ == "__main__":
    main()
