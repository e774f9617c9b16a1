#!/usr/bin/env python3
"""Builds the offline drafter's labelled set (issue 26) from real justjoin.it offers.

    python3 scripts/labelled_ads.py [--data ../shared/data] > crates/wakat-assistant/tests/data/labelled-ads.json

Each ad is one row of `justjoin-2025-03/offers.csv`, drawn with a fixed seed among the rows whose
title an employer can type (no emoji). The expected fields are the row's columns, mapped to the
AI-proposed ad's vocabulary; the employer's messages are written from the same columns with
phrasings drawn at random from many an employer uses in a chat (k, tys., zł, netto/brutto,
B2B/UoP/UZ, hourly rates, Polish case forms of the city). The drafter is never run here: the
labels come from the source data only.
"""

import random
import re

import drafter_sets as sets

SEED = 26
COUNT = 60
TITLE_OK = re.compile(r"^[A-Za-z0-9ĄĆĘŁŃÓŚŹŻąćęłńóśźż .,/()&+#\-:|]+$")
# Skills of the source that are spoken languages: the ad has its own languages section.
LANGUAGES = {"english": "en", "polish": "pl", "german": "de", "french": "fr", "spanish": "es", "italian": "it",
             "dutch": "nl", "czech": "cs", "ukrainian": "uk", "russian": "ru", "angielski": "en", "niemiecki": "de"}
LANG_EN = {"en": "English", "pl": "Polish", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian",
           "nl": "Dutch", "cs": "Czech", "uk": "Ukrainian", "ru": "Russian"}
LANG_PL = {"en": "angielski", "pl": "polski", "de": "niemiecki", "fr": "francuski", "es": "hiszpański", "it": "włoski",
           "nl": "niderlandzki", "cs": "czeski", "uk": "ukraiński", "ru": "rosyjski"}
# Polish case forms of the cities the sample names (locative with its preposition, genitive).
CITY_PL = {
    "Warszawa": ("w Warszawie", "z Warszawy"), "Kraków": ("w Krakowie", "z Krakowa"),
    "Wrocław": ("we Wrocławiu", "z Wrocławia"), "Gdańsk": ("w Gdańsku", "z Gdańska"),
    "Poznań": ("w Poznaniu", "z Poznania"), "Gdynia": ("w Gdyni", "z Gdyni"), "Kielce": ("w Kielcach", "z Kielc"),
    "Jelenia Góra": ("w Jeleniej Górze", "z Jeleniej Góry"), "Szczecin": ("w Szczecinie", "ze Szczecina"),
    "Łódź": ("w Łodzi", "z Łodzi"), "Katowice": ("w Katowicach", "z Katowic"), "Lublin": ("w Lublinie", "z Lublina"),
    "Białystok": ("w Białymstoku", "z Białegostoku"), "Rzeszów": ("w Rzeszowie", "z Rzeszowa"),
    "Toruń": ("w Toruniu", "z Torunia"), "Bydgoszcz": ("w Bydgoszczy", "z Bydgoszczy"),
    "Gliwice": ("w Gliwicach", "z Gliwic"), "Sopot": ("w Sopocie", "z Sopotu"), "Opole": ("w Opolu", "z Opola"),
    "Olsztyn": ("w Olsztynie", "z Olsztyna"), "Lubin": ("w Lubinie", "z Lubina"),
}
CITY_EN = {"Warszawa": "Warsaw", "Kraków": "Krakow", "Wrocław": "Wroclaw", "Łódź": "Lodz", "Gdańsk": "Gdansk", "Poznań": "Poznan"}
SENIORITY_WORDS = ("junior", "mid", "senior", "expert", "lead", "c-level", "regular", "intern")


def amount(value):
    return int(round(float(value)))


def spaced(n):
    return f"{n:,}".replace(",", " ")


def fmt_range(rng, lo, hi, lang):
    """The range as an employer types it, and the unit it implies."""
    styles = ["spaced", "plain", "dash-spaced"]
    if lo % 1000 == 0 and hi % 1000 == 0 or lo % 500 == 0 and hi % 500 == 0:
        styles += ["k", "k", "tys" if lang == "pl" else "k"]
    if lo >= 1000 and lo % 168 == 0 and hi % 168 == 0:
        styles += ["hourly", "hourly"]
    if lo < 1000:
        styles = ["hourly-raw"]
    style = rng.choice(styles)
    dash = rng.choice(["-", "–", " - ", " – "])
    if style == "k":
        def k(n):
            s = f"{n / 1000:g}"
            return s.replace(".", ",") if lang == "pl" and rng.random() < 0.5 else s
        return f"{k(lo)}{dash}{k(hi)}k", "month", lo, hi
    if style == "tys":
        return f"{lo // 1000}{dash}{hi // 1000} tys.", "month", lo, hi
    if style in ("hourly", "hourly-raw"):
        h_lo, h_hi = (lo // 168, hi // 168) if style == "hourly" else (lo, hi)
        return f"{h_lo}{dash}{h_hi}", "hour", h_lo, h_hi
    if style == "plain":
        return f"{lo}{dash}{hi}", "month", lo, hi
    if style == "dash-spaced":
        return f"{spaced(lo)} - {spaced(hi)}", "month", lo, hi
    if lang == "pl" and rng.random() < 0.5:
        return f"od {spaced(lo)} do {spaced(hi)}", "month", lo, hi
    return f"{spaced(lo)}{dash}{spaced(hi)}", "month", lo, hi


# The salary message's words, per language: currencies, hourly and monthly units, gross/net, each
# contract type's names, and the sentences around them.
SALARY_WORDS = {
    "pl": {
        "currency": ["zł", "PLN", "zł", "pln"], "hourly": ["zł/h", "PLN/h", "zł/godz.", "zł na godzinę"],
        "monthly": ["miesięcznie", "/mc", "na miesiąc"], "gross": "brutto", "net": "netto",
        "contracts": {"b2b": ["B2B", "kontrakt B2B", "na B2B"],
                      "permanent": ["UoP", "umowa o pracę", "na umowę o pracę", "na UoP"],
                      "mandate_contract": ["umowa zlecenie", "UZ", "na umowę zlecenie"],
                      "any": ["dowolna forma współpracy", "dowolna umowa"]},
        "patterns": ["Widełki: {r} {c} {g}{v}, {n}.", "Oferujemy {r} {c} {g}{v} ({n}).", "{n}: {r} {c} {g}{v}",
                     "Wynagrodzenie {r} {c} {g}{v}, {n}.", "Budżet to {r} {c} {g}{v} – {n}.", "Stawka: {r} {c} {g}{v}, {n}."],
    },
    "en": {
        "currency": ["PLN", "pln", "zł"], "hourly": ["PLN/h", "PLN per hour", "zł/h", "PLN an hour"],
        "monthly": ["per month", "monthly", "a month"], "gross": "gross", "net": "net",
        "contracts": {"b2b": ["B2B", "B2B contract", "on B2B"],
                      "permanent": ["employment contract", "permanent contract", "UoP (employment contract)"],
                      "mandate_contract": ["mandate contract", "contract of mandate"],
                      "any": ["any contract type", "any form of contract"]},
        "patterns": ["Salary: {r} {c} {g}{v}, {n}.", "We offer {r} {c} {g}{v} ({n}).", "{n}: {r} {c} {g}{v}",
                     "Budget is {r} {c} {g}{v} on a {n}.", "Pay range {r} {c} {g}{v}, {n}.", "Comp: {r} {c} {g}{v} ({n})"],
    },
}


def salary_sentence(rng, lang, contract, gross, text, unit):
    words = SALARY_WORDS[lang]
    default_gross = contract != "b2b"
    say_gn = gross != default_gross or rng.random() < 0.6
    cur = rng.choice(words["currency"]) if rng.random() < 0.85 else ""
    if unit == "hour":
        cur = rng.choice(words["hourly"])
    elif rng.random() < 0.3:
        cur = (cur + " " + rng.choice(words["monthly"])).strip()
    gn = words["gross" if gross else "net"] if say_gn else ""
    # A name is drawn for every contract type, in this order, before the row's is taken: the order
    # the set was generated with (drawing only the one used changes every later chat).
    name = {kind: rng.choice(names) for kind, names in words["contracts"].items()}[contract]
    vat = " + VAT" if contract == "b2b" and not gross and rng.random() < 0.3 else ""
    pattern = rng.choice(words["patterns"])
    out = pattern.format(r=text, c=cur, g=gn, v=vat, n=name)
    return re.sub(r"\s+", " ", out).replace(" ,", ",").replace(" .", ".").replace(" )", ")").strip()


def listing(rng, items, lang):
    if len(items) > 1 and rng.random() < 0.5:
        conj = rng.choice([" i ", " oraz "]) if lang == "pl" else " and "
        return ", ".join(items[:-1]) + conj + items[-1]
    return ", ".join(items)


# The last message, per language: the workplace (phrasings naming the city's office, and the one
# without a city; remote work is a prefix, then where the company is), working time, a remote
# recruitment, and the closing words.
CLOSING = {
    "pl": {
        "remote": (["Praca w 100% zdalna", "Praca zdalna", "Pełen remote"], [", siedziba firmy {loc}.", ", jesteśmy firmą {gen}."]),
        "hybrid": (["Praca hybrydowa, biuro {loc}.", "Biuro mieści się {loc}, model hybrydowy."], "Praca hybrydowa."),
        "office": (["Praca stacjonarna {loc}.", "Praca na miejscu w biurze {loc}."], "Praca stacjonarna."),
        "time": {"part_time": "Część etatu.", "freelance": "Współpraca w formie freelance.", "internship": "To staż."},
        "full_time": ["Pełny etat.", ""],
        "remote_recruitment": "Rekrutacja w całości zdalna.",
        "end": ["To wszystko, przygotuj proszę ogłoszenie.", "Nic więcej nie mam, poproszę o propozycję ogłoszenia."],
    },
    "en": {
        "remote": (["Fully remote", "Remote-first"], [", our office is in {name}.", ", HQ in {name}."]),
        "hybrid": (["Hybrid work, office in {name}.", "Hybrid, 2 days a week in our office in {name}.", "Based in {name}, hybrid."], "Hybrid work."),
        "office": (["On-site in {name}.", "Office-based, in {name}."], "Office-based."),
        "time": {"part_time": "Part-time.", "freelance": "Freelance cooperation.", "internship": "It's an internship."},
        "full_time": ["Full-time.", ""],
        "remote_recruitment": "The recruitment is fully remote.",
        "end": ["That's all, please draft the ad.", "Nothing more from me, go ahead with the proposal."],
    },
}


def closing(rng, row, lang, city, known_city):
    """Place, workplace, working time, recruitment. The draws happen in the order the set was
    generated with (the full-time phrasing is drawn whatever the working time): changing it
    changes every later chat of labelled-ads.json."""
    words = CLOSING[lang]
    if lang == "pl":
        loc, gen = CITY_PL.get(city, ("", ""))
        names = {"loc": loc, "gen": gen}
    else:
        names = {"name": CITY_EN.get(city, city) if rng.random() < 0.5 else city}
    workplace = row["Typ miejsca pracy"]
    if workplace == "remote":
        prefixes, places = words["remote"]
        place = rng.choice(prefixes) + (rng.choice(places).format(**names) if known_city else ".")
    else:
        places, without = words["hybrid" if workplace == "hybrid" else "office"]
        place = rng.choice(places).format(**names) if known_city else without
    bits = [place, {**words["time"], "full_time": rng.choice(words["full_time"])}.get(row["Czas pracy"], "")]
    if row["Zdalna rozmowa kwalifikacyjna"] == "True" and rng.random() < 0.6:
        bits.append(words["remote_recruitment"])
    bits.append(rng.choice(words["end"]))
    return " ".join(b for b in bits if b)


def conversation(rng, row, lang):
    title = row["Tytuł oferty"].strip()
    level = row["Poziom doświadczenia"]
    contract = sets.CONTRACTS[row["Typ umowy"]]
    gross = row["Wynagrodzenie brutto"] == "True"
    lo, hi = (amount(v) for v in row["Widełki finansowe [PLN]"].split("-"))
    city = row["Miasto"].strip()
    required, nice, languages = sets.skills_and_languages(row, LANGUAGES)
    known_city = city in CITY_PL
    rtext, unit, e_lo, e_hi = fmt_range(rng, lo, hi, lang)

    # The position and its seniority.
    in_title = [w for w in SENIORITY_WORDS if re.search(rf"\b{w}\b", title, re.I)]
    say_level = not (in_title == [level]) or rng.random() < 0.5
    if lang == "pl":
        opener = rng.choice(["Cześć, szukamy osoby na stanowisko {t}.", "Dzień dobry! Rekrutujemy na stanowisko: {t}",
                             "Stanowisko: {t}", "Hej, potrzebujemy do zespołu: {t}.", "Poszukujemy kandydata na stanowisko {t}.",
                             "Rola: {t}", "Otwieramy rekrutację na stanowisko {t}.", "Zatrudnimy: {t}", "Mamy wakat na stanowisku {t}."])
        lw = {"mid": rng.choice(["mid", "regular", "mid"]), "c_level": "C-level"}.get(level, level)
        seniority = rng.choice(["Poziom: {l}.", "To rola na poziomie {l}.", "Doświadczenie: {l}.", "Szukamy kogoś na poziomie {l}.", "Poziom stanowiska: {l}.",
                                   "Szukamy {i}."]).format(l=lw, i={"junior": "juniora", "mid": "regulara", "senior": "seniora", "expert": "eksperta"}.get(level, lw))
    else:
        opener = rng.choice(["Hi! We're looking for {a} {t}.", "Hello, we are hiring: {t}", "Job title: {t}",
                             "Hi, I need an ad for the position {t}.", "We want to hire {a} {t} to join our team.",
                             "Role: {t}", "We're growing the team and need {a} {t}.", "Opening for {a} {t}."])
        lw = {"mid": rng.choice(["mid", "mid-level", "regular"]), "c_level": "C-level"}.get(level, level)
        seniority = rng.choice(["Seniority: {l}.", "It's a {l} role.", "Experience level: {l}.", "We need someone at {l} level.", "Looking for someone {l}.",
                                   "{L} level, please."]).format(l=lw, L=lw[:1].upper() + lw[1:])
    article = "an" if title[:1].lower() in "aeiou" else "a"
    m1 = opener.format(t=title, a=article) + ("\n" + seniority if say_level else "")

    # Skills.
    parts = []
    if required:
        if lang == "pl":
            parts.append(rng.choice(["Wymagamy: {s}.", "Stack: {s}.", "Kandydat powinien znać: {s}.", "Niezbędna znajomość: {s}.",
                                     "Wymagane umiejętności: {s}.", "Technologie: {s}.", "Musisz znać {s}."]).format(s=listing(rng, required, lang)))
        else:
            parts.append(rng.choice(["Must-haves: {s}.", "Tech stack: {s}.", "Required skills: {s}.", "The candidate should know {s}.",
                                     "We need experience with {s}.", "Stack we use: {s}.", "Key skills: {s}."]).format(s=listing(rng, required, lang)))
    if nice:
        if lang == "pl":
            parts.append(rng.choice(["Mile widziane: {s}.", "Dodatkowym atutem będzie {s}.", "Plusem będzie {s}."]).format(s=listing(rng, nice, lang)))
        else:
            parts.append(rng.choice(["Nice to have: {s}.", "{s} would be a plus.", "Bonus: {s}."]).format(s=listing(rng, nice, lang)))
    for code in languages:
        if lang == "pl":
            parts.append(rng.choice(["Język {n} na poziomie B2.", "Wymagany {n} (C1)."]).format(n=LANG_PL[code]))
        else:
            parts.append(rng.choice(["{n} at B2 level.", "Fluent {n}."]).format(n=LANG_EN[code]))
    m2 = " ".join(parts)
    m3 = salary_sentence(rng, lang, contract, gross, rtext, unit)

    m4 = closing(rng, row, lang, city, known_city)

    shape = rng.choice(["4", "3a", "3b", "2"])
    if shape == "4":
        messages = [m1, m2, m3, m4]
    elif shape == "3a":
        messages = [m1 + "\n" + m2, m3, m4]
    elif shape == "3b":
        messages = [m1, m2, m3 + " " + m4]
    else:
        messages = [m1 + "\n" + m2, m3 + "\n" + m4]
    messages = [m.strip() for m in messages if m.strip()]
    expected = sets.fields(title, row, required, nice, [sets.salary(row, e_lo, e_hi, unit)],
                           city if known_city else None, languages)
    return messages, expected


def main():
    rows = sets.read_offers(sets.data_arg())
    # One generator for the draw and every phrasing after it: the chats depend on the draw's state.
    rng = random.Random(SEED)
    ads = []
    for i, n in enumerate(sets.draw(rows, rng, COUNT, title_ok=TITLE_OK.match)):
        lang = "pl" if i % 2 == 0 else "en"
        messages, expected = conversation(rng, rows[n - 1], lang)
        ads.append(sets.ad("jj25-", n, lang, messages, expected))
    sets.write(SEED, ads, indent=1)


if __name__ == "__main__":
    main()
