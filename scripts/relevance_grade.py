#!/usr/bin/env python3
"""Grades every offer of the justjoin.it 2019 export for every query of
index-data/relevance/intents.txt by the criteria of index-data/relevance/GRADING.md, and writes
index-data/relevance/justjoin-2019.tsv (query, offer slug, grade; grade-0 pairs left out).

    scripts/relevance_grade.py [--data ../shared/data/justjoin-2019-10/offers.json]

The offers are read back from a server that imported the export (as scripts/relevance does), so
the slugs, cities, workplace types and seniorities are the ones Wakat stores.
"""

import argparse
import importlib.machinery
import json
import os
import re
import shutil
import subprocess
import tempfile
import unicodedata
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CITIES = {}
relevance = importlib.machinery.SourceFileLoader("relevance", os.path.join(ROOT, "scripts", "relevance")).load_module()


def fold(text):
    text = text.lower().replace("ł", "l")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def slugify(text):
    return re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")


def city_slugs():
    """Every gazetteer name (folded) → the city's slug, so `Warsaw` is Warszawa."""
    with open(os.path.join(ROOT, "index-data/cities.json"), encoding="utf-8") as handle:
        places = json.load(handle)
    names = {}
    for place in places:  # most populous first: a shared name is the bigger city's
        for name in [place["slug"], place["name"], place.get("name_en") or "", *place.get("alt_names", [])]:
            if name:
                names.setdefault(slugify(name), place["slug"])
    return names


def offers_of(data):
    work = tempfile.mkdtemp(prefix="wakat-grade-")
    try:
        config = relevance.without_default_data(os.path.join(ROOT, "wakat.toml"), work)
        data_dir = os.path.join(work, "data")
        subprocess.run([relevance.binary(), "--config", config, "--data-dir", data_dir, "import", "--tenant", "it", data],
                       env=relevance.environment(), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        process, base = relevance.serve(config, data_dir)
        offers = {}
        try:
            page = 1
            while True:
                with urllib.request.urlopen(f"{base}/api/it/v2/user-panel/offers?perPage=100&page={page}&sortBy=newest") as answer:
                    items = json.load(answer)["data"]
                if not items:
                    return list(offers.values())
                for item in items:
                    slug = (item.get("offerParent") or {}).get("slug") or item["slug"]
                    offer = offers.setdefault(slug, {
                        "slug": slug, "title": item["title"], "cities": set(), "workplace": item["workplaceType"], "level": item["experienceLevel"],
                        "skills": [s["name"] for s in item["requiredSkills"] + item["niceToHaveSkills"]],
                    })
                    offer["cities"].add(CITIES.get(slugify(item["city"]), slugify(item["city"])))
                page += 1
        finally:
            process.terminate()
            process.wait(timeout=30)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def grade(intent, offer):
    title_re, skill_re, related_re, city, workplace, level = intent
    attributes_ok = (city == "-" or city in offer["cities"]) and (workplace == "-" or workplace == offer["workplace"]) and (level == "-" or level == offer["level"])
    if title_re == "-":
        return 3 if attributes_ok else 0
    title = fold(offer["title"])
    title_hit = re.search(title_re, title) is not None
    skill_hit = skill_re != "-" and any(re.search(skill_re, fold(skill)) for skill in offer["skills"])
    related_hit = related_re != "-" and re.search(related_re, title) is not None
    if title_hit:
        return 3 if attributes_ok else 1
    if skill_hit and attributes_ok:
        return 2
    if related_hit and attributes_ok:
        return 1
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=os.path.normpath(f"{ROOT}/../shared/data/justjoin-2019-10/offers.json"))
    args = parser.parse_args()
    intents = []
    with open(os.path.join(ROOT, "index-data/relevance/intents.txt"), encoding="utf-8") as handle:
        for line in handle:
            if line.strip() and not line.startswith("#"):
                fields = line.rstrip("\n").split("\t")
                assert len(fields) == 7, line
                intents.append((fields[0], tuple(fields[1:])))
    CITIES.update(city_slugs())
    offers = offers_of(args.data)
    out = os.path.join(ROOT, "index-data/relevance/justjoin-2019.tsv")
    with open(out, "w", encoding="utf-8") as handle:
        handle.write("# Judged by scripts/relevance_grade.py from intents.txt (criteria: GRADING.md) over the\n")
        handle.write(f"# justjoin.it 2019 export ({len(offers)} offers). query<TAB>offer slug<TAB>grade 0-3; unlisted pairs are 0.\n")
        for query, intent in intents:
            graded = sorted(((grade(intent, offer), offer["slug"]) for offer in offers), key=lambda g: (-g[0], g[1]))
            for value, slug in graded:
                if value > 0:
                    handle.write(f"{query}\t{slug}\t{value}\n")
    print(f"{len(intents)} queries graded over {len(offers)} offers into {out}")


if __name__ == "__main__":
    main()
