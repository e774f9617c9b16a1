"""Checks the SQLite peer of the benchmark on a few hand-made offers whose answers are known, so
that its totals mean what PostgreSQL's and Wakat's mean (run: python3 -m unittest discover -s scripts
-p 'test_bench_*.py'). Uses the repository's index-data (categories, rates, cities)."""

import json
import os
import sqlite3
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_sqlite  # noqa: E402
from bench_peer_common import Request, location_rows  # noqa: E402

INDEX_DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "index-data")
NOW = 1_800_000_000
DAY = 86_400
WARSAW = (52.22977, 21.01178)


def offer(slug, title, *, category=1, skills=(), company="Acme", level="mid", workplace="remote", contracts=(("b2b", 10000, 20000),),
          published=NOW - DAY, expires=NOW + 30 * DAY, finished=False, places=(("Warszawa",) + WARSAW,)):
    return {
        "slug": slug, "title": title, "companyName": company, "categoryId": category, "experienceLevel": level,
        "workplaceType": workplace, "workingTime": "full_time", "publishedAt": published, "expiredAt": expires, "finished": finished,
        "requiredSkills": [{"name": s} for s in skills], "niceToHaveSkills": [],
        "employmentTypes": [{"type": t, "from": lo, "to": hi, "currency": "pln", "unit": "month"} for t, lo, hi in contracts],
        "locations": [{"city": city, "latitude": lat, "longitude": lon} for city, lat, lon in places],
    }


OFFERS = [
    # React (101) is a subcategory of JavaScript (1).
    offer("a", "Senior React Developer", category=101, skills=["React", "TypeScript"], level="senior", published=NOW - 2 * DAY),
    offer("b", "Java Developer", category=1, skills=["Java"], contracts=(("permanent", 8000, 12000),), workplace="office"),
    # Two locations: Warsaw and Łódź (about 120 km away).
    offer("c", "Główny Programista Java", category=1, company="Łódź Soft", skills=["Spring Boot"],
          places=(("Warszawa",) + WARSAW, ("Łódź", 51.7592, 19.4560)), contracts=(("b2b", 25000, 30000), ("permanent", 20000, 22000))),
    offer("d", "Java Tester", category=1, skills=["Selenium"], expires=NOW - DAY),  # expired
    offer("e", "Java Architect", category=1, finished=True),  # finished
    offer("f", "Python Developer", category=1, skills=["Python"], contracts=()),  # no salary
]


class SqlitePeerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        path = os.path.join(cls.dir.name, "offers.jsonl")
        with open(path, "w") as out:
            for o in OFFERS:
                out.write(json.dumps(o) + "\n")
        cls.rows = list(location_rows(path, "it", INDEX_DATA))
        bench_sqlite.log = lambda message: None  # the load's progress lines
        cls.conn = bench_sqlite.connect(os.path.join(cls.dir.name, "offers.db"), 16)
        bench_sqlite.load(cls.conn, path, "it", INDEX_DATA)
        cities = {"warszawa": WARSAW}
        cls.planner = bench_sqlite.Planner(cls.conn, INDEX_DATA, "it", NOW, cities)

    @classmethod
    def tearDownClass(cls):
        cls.conn.close()
        cls.dir.cleanup()

    def answer(self, kind, *pairs):
        """(total or clusters' sum or suggestions, page slugs) of one request."""
        request = Request({"type": kind, "variant": "", "pairs": [list(p) for p in pairs]})
        total, page = None, []
        for sql, params, what in self.planner.statements(request, 5):
            rows = self.conn.execute(sql, params).fetchall()
            if what == "page":
                page = [r[0] for r in rows]
            elif what == "count":
                total = rows[0][0]
            elif what == "counts":
                total = {category: n for category, n in rows}
            elif what == "clusters":
                total = sum(r[2] for r in rows)
            else:
                total = [r[0] for r in rows]
        return total, page

    def test_second_location_gets_the_city_slug(self):
        self.assertEqual([r["slug"] for r in self.rows if r["offer_slug"] == "c"], ["c", "c-lodz"])

    def test_only_active_offers_count(self):
        total, page = self.answer("list", ("sortBy", "newest"))
        self.assertEqual(total, 5)  # a, b, c in two places, f
        self.assertNotIn("d", page)
        self.assertNotIn("e", page)

    def test_keyword_matches_every_word_diacritics_folded(self):
        self.assertEqual(self.answer("list", ("keywords[]", "java"))[0], 3)  # b and c twice
        self.assertEqual(self.answer("list", ("keywords[]", "glowny programista"))[0], 2)
        self.assertEqual(self.answer("list", ("keywords[]", "lodz"))[0], 2)  # company Łódź Soft: ł folded
        self.assertEqual(self.answer("list", ("keywords[]", "spring boot"))[0], 2)
        self.assertEqual(self.answer("list", ("keywords[]", "boot spring"))[0], 2)  # any order, as plainto_tsquery
        self.assertEqual(self.answer("list", ("keywords[]", "java"), ("keywords[]", "spring"))[0], 2)

    def test_filters(self):
        self.assertEqual(self.answer("list", ("employmentTypes[]", "permanent"))[0], 3)  # b, c twice
        self.assertEqual(self.answer("list", ("employmentTypes[]", "mandate_contract"))[0], 0)
        self.assertEqual(self.answer("list", ("experienceLevels[]", "senior"), ("experienceLevels[]", "mid"))[0], 5)
        self.assertEqual(self.answer("list", ("remoteWorkOptions[]", "office"))[0], 1)
        self.assertEqual(self.answer("list", ("salaryMin", "21000"))[0], 2)  # c: highest bound 30000
        self.assertEqual(self.answer("list", ("categories[]", "javascript"))[0], 5)  # the parent takes its subcategory
        self.assertEqual(self.answer("list", ("categories[]", "react"))[0], 1)

    def test_counts_give_the_parent_its_subcategories(self):
        counts = self.answer("same+counts", ("sortBy", "newest"))[0]
        self.assertEqual(counts[None], 5)
        self.assertEqual(counts[1], 5)
        self.assertEqual(counts[101], 1)

    def test_sorts_and_paging(self):
        _, page = self.answer("list", ("sortBy", "salary"), ("orderBy", "DESC"))
        self.assertEqual(set(page[:2]), {"c", "c-lodz"})  # equal salary and publication: either order
        self.assertEqual(page[-1], "f")  # no salary: last
        _, page = self.answer("list", ("sortBy", "newest"), ("orderBy", "ASC"), ("perPage", "1"), ("page", "1"))
        self.assertEqual(page, ["a"])  # published two days ago
        _, page = self.answer("list", ("keywords[]", "java"), ("sortBy", "published"), ("orderBy", "DESC"), ("perPage", "2"), ("page", "2"))
        self.assertEqual(len(page), 1)

    def both_paths(self, check):
        """Runs `check` with every box through the R*Tree, then with none (table scans)."""
        for share, through_rtree in ((1.01, True), (0.0, False)):
            with self.subTest(rtree=through_rtree):
                saved, bench_sqlite.RTREE_MAX_SHARE = bench_sqlite.RTREE_MAX_SHARE, share
                try:
                    request = Request({"type": "radius", "variant": "", "pairs": [["city", "warszawa"], ["cityRadiusKm", "30"]]})
                    self.assertEqual("offer_geo" in self.planner.statements(request, 5)[0][0], through_rtree)
                    check()
                finally:
                    bench_sqlite.RTREE_MAX_SHARE = saved

    def test_radius_is_exact_beyond_the_box(self):
        def check():
            self.assertEqual(self.answer("radius", ("city", "warszawa"), ("cityRadiusKm", "30"))[0], 4)
            # Łódź is 118.7 km away, inside the 110 km circle's bounding box.
            self.assertEqual(self.answer("radius", ("city", "warszawa"), ("cityRadiusKm", "110"))[0], 4)
            self.assertEqual(self.answer("radius", ("city", "warszawa"), ("cityRadiusKm", "125"))[0], 5)
        self.both_paths(check)

    def test_clusters_count_what_the_viewport_holds(self):
        poland = [("north", "55"), ("south", "49"), ("east", "24.2"), ("west", "14.1"), ("zoom", "6")]
        lodz = [("north", "51.8"), ("south", "51.7"), ("east", "19.5"), ("west", "19.4"), ("zoom", "12")]
        def check():
            self.assertEqual(self.answer("clusters-poland", *poland)[0], 5)
            self.assertEqual(self.answer("clusters-city", *lodz)[0], 1)
            self.assertEqual(self.answer("clusters-poland", *poland, ("keywords[]", "react"))[0], 1)
        self.both_paths(check)

    def test_the_rtree_answers_small_boxes_only(self):
        small = Request({"type": "clusters-city", "variant": "", "pairs": [["north", "51.8"], ["south", "51.7"], ["east", "19.5"], ["west", "19.4"], ["zoom", "12"]]})
        whole = Request({"type": "clusters-poland", "variant": "", "pairs": [["north", "55"], ["south", "49"], ["east", "24.2"], ["west", "14.1"], ["zoom", "6"]]})
        self.assertIn("offer_geo", self.planner.statements(small, 5)[0][0])
        self.assertNotIn("offer_geo", self.planner.statements(whole, 5)[0][0])

    def test_suggest_titles_by_prefix(self):
        titles = self.answer("suggest", ("keyword", "ja"))[0]
        # Finished and expired offers are suggested too, as in the PostgreSQL peer (titles only).
        self.assertEqual(set(titles), {"Java Developer", "Java Tester", "Java Architect"})
        self.assertEqual(self.answer("suggest", ("keyword", "PY"))[0], ["Python Developer"])


if __name__ == "__main__":
    unittest.main()
