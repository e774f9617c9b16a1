"""What the generators of the offline drafter's test sets share (crates/wakat-assistant/tests/data,
described in its README): reading justjoin's CSV, drawing rows with a seed, deriving `expected`
from a row, checking the draw against the hand-typed chats and writing the set as JSON.

Each generator (labelled_ads.py, held_out_ads.py, blind_ads.py, fresh_ads.py, final_ads.py) keeps
only what is its own: its seed, its chats and the choices its README section documents, passed
here as arguments (which spoken-language skills map to `languages`, whether skills are split on
commas inside parentheses, how the city column maps to `city`). The committed sets are the
contract: every generator must still write its file byte for byte, so a change here is checked by
running all five and comparing with `cmp`.
"""

import argparse
import csv
import json
import random
import sys
import unicodedata
from pathlib import Path

CSV_NAME = "justjoin-2025-03/offers.csv"
# Ads name their row as "<CSV_NAME> data row <n>", rows numbered from 1 after the header.
SOURCE_PREFIX = f"{CSV_NAME} data row "
REPO = Path(__file__).resolve().parent.parent
SETS_DIR = REPO / "crates/wakat-assistant/tests/data"
# justjoin's hours in a month: a monthly range that is a multiple of it is an hourly rate times
# 168, so an employer may quote the hourly rate instead.
HOURS_A_MONTH = 168

CONTRACTS = {"B2B": "b2b", "Permanent": "permanent", "Mandate": "mandate_contract", "Any": "any"}
# Skills that are spoken languages go to `languages` (the ad has its own languages section), as
# ISO codes; the held-out and blind sets use exactly these, later sets add to them.
SPOKEN = {"english": "en", "angielski": "en", "german": "de", "niemiecki": "de", "polish": "pl", "polski": "pl"}


def data_arg(description=None, required=False):
    """The `--data` option every drawing generator takes (the shared data directory)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--data", default=None if required else "../shared/data", required=required,
                        help="the shared data directory (../shared/data)")
    return parser.parse_args().data


def read_rows(csv_path):
    with open(csv_path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def read_offers(data_dir):
    return read_rows(Path(data_dir) / CSV_NAME)


def has_emoji(title):
    """No character of Unicode category So, no U+200D (joiner) or U+FE0F (emoji presentation)."""
    return any(unicodedata.category(c) == "So" or c in "\u200d\ufe0f" for c in title)


def row_number(ad):
    assert ad["source"].startswith(SOURCE_PREFIX), ad["source"]
    return int(ad["source"][len(SOURCE_PREFIX):])


def used_rows(*names):
    """The rows the named committed sets already use."""
    return {row_number(ad) for name in names
            for ad in json.loads((SETS_DIR / name).read_text(encoding="utf-8"))["ads"]}


def draw(rows, rng, count, used=frozenset(), title_ok=lambda title: not has_emoji(title)):
    """`rng.sample(eligible, count)`: eligible is, in row order, every row number not in `used`
    whose title passes `title_ok`."""
    eligible = [n for n, row in enumerate(rows, 1) if n not in used and title_ok(row["Tytuł oferty"])]
    return rng.sample(eligible, count)


def random_draw(rows, seed, count, used):
    """The documented draw of the hand-typed sets: `random.Random(seed).sample(eligible, count)`."""
    return draw(rows, random.Random(seed), count, used)


def check_draw(drawn, chats):
    """Fails unless the draw gives the rows the chats were written for: the first half drawn
    Polish chats, the rest English ones. `chats` maps a row to (language, ..., messages)."""
    half = len(drawn) // 2
    wanted = {n: "pl" if i < half else "en" for i, n in enumerate(drawn)}
    written = {n: chat[0] for n, chat in chats.items()}
    if written != wanted:
        sys.exit(f"the draw gives {sorted(wanted.items())}, the chats were written for {sorted(written.items())}")
    for n, chat in chats.items():
        assert 2 <= len(chat[-1]) <= 4, n


def split_skills(cell, keep_parens=False):
    """A skills cell as a list. Row 182 writes its cell as a Python list ("['Jira']"). With
    `keep_parens`, commas inside parentheses do not split (".Net (C#, .NET Framework/Core)")."""
    cell = cell.strip()
    if cell.startswith("[") and cell.endswith("]"):
        cell = cell[1:-1].replace("'", "")
    if not keep_parens:
        return [s.strip() for s in cell.split(",") if s.strip()]
    parts, depth, current = [], 0, ""
    for c in cell:
        depth += c == "("
        depth -= c == ")"
        if c == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += c
    parts.append(current.strip())
    return [p for p in parts if p]


def skills_and_languages(row, spoken, keep_parens=False):
    """(required, nice-to-have, languages): the spoken-language skills of either column go to the
    languages, once each."""
    skills, languages = {"required": [], "nice": []}, []
    for key, column in (("required", "Umiejętności"), ("nice", "Mile widziane umiejętności")):
        for skill in split_skills(row[column], keep_parens):
            code = spoken.get(skill.casefold())
            if code is None:
                skills[key].append(skill)
            elif code not in languages:
                languages.append(code)
    return skills["required"], skills["nice"], languages


def number(x):
    return int(x) if x == int(x) else round(x, 2)


def salary(row, low, high, unit):
    return {
        "employmentType": CONTRACTS[row["Typ umowy"]],
        "minAmount": number(low),
        "maxAmount": number(high),
        "currency": "pln",
        "unit": unit,
        "amountType": "gross" if row["Wynagrodzenie brutto"] == "True" else "net",
    }


def row_salary(row, quotes_hourly):
    """The row's range; where the chat quotes the hourly rate of a monthly range (a multiple of
    168) the amounts are divided by 168; ranges under 1,000 PLN are hourly in the source."""
    low, high = (float(x) for x in row["Widełki finansowe [PLN]"].split("-"))
    unit = "month"
    if quotes_hourly:
        assert low % HOURS_A_MONTH == 0 and high % HOURS_A_MONTH == 0, row["Widełki finansowe [PLN]"]
        low, high, unit = low / HOURS_A_MONTH, high / HOURS_A_MONTH, "hour"
    elif high < 1000:
        unit = "hour"
    return salary(row, low, high, unit)


def fields(title, row, required, nice, salaries, city, languages):
    """`expected`, in the order every set writes it."""
    return {
        "title": title,
        "seniority": row["Poziom doświadczenia"],
        "requiredSkills": required,
        "recommendedSkills": nice,
        "salaries": salaries,
        "city": city,
        "workplace": row["Typ miejsca pracy"],
        "languages": languages,
    }


def expected(row, quotes_hourly, *, spoken, city, keep_parens=False):
    """`expected` from the row alone. `city` maps the `Miasto` cell to the expected city (each
    set documents its own rule)."""
    required, nice, languages = skills_and_languages(row, spoken, keep_parens)
    return fields(row["Tytuł oferty"].strip(), row, required, nice, [row_salary(row, quotes_hourly)],
                  city(row["Miasto"]), languages)


def ad(id_prefix, n, language, messages, expected_fields):
    return {"id": f"{id_prefix}{n}", "source": f"{SOURCE_PREFIX}{n}", "language": language,
            "messages": messages, "expected": expected_fields}


def by_row(chats):
    """A list of (row, language, quotes the hourly rate, messages) as the table `drawn_set` takes."""
    table = {n: chat for n, *chat in chats}
    assert len(table) == len(chats), "a row has two chats"
    return table


def drawn_set(rows, drawn, chats, id_prefix, derive):
    """The ads of a hand-typed set in draw order; `chats` maps a row to (language, quotes the
    hourly rate, messages) and `derive(row, quotes_hourly)` gives `expected`."""
    check_draw(drawn, chats)
    ads = []
    for n in drawn:
        language, hourly, messages = chats[n]
        ads.append(ad(id_prefix, n, language, messages, derive(rows[n - 1], hourly)))
    return ads


def write(seed, ads, indent):
    json.dump({"seed": seed, "ads": ads}, sys.stdout, ensure_ascii=False, indent=indent)
    sys.stdout.write("\n")


def gazetteer():
    """index-data/cities.json: every name of a city (its own, English, alternatives), casefolded,
    to the city's own name."""
    places = {}
    for city in json.loads((REPO / "index-data/cities.json").read_text(encoding="utf-8")):
        for name in [city["name"], city.get("name_en")] + city.get("alt_names", []):
            if name:
                places.setdefault(name.casefold(), city["name"])
    return places
