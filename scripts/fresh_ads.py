#!/usr/bin/env python3
"""Writes the offline drafter's fresh test set, crates/wakat-assistant/tests/data/fresh-ads.json.

Fresh set: written blind, never used to tune the drafter. The employer chats below were typed by
hand, one employer at a time, by someone who had read neither the drafter's source
(`crates/wakat-assistant/src/`), nor the scripts of the other sets, nor their chats. Only the
expected fields come from data: each one is the CSV row's own value, derived here, never from
the drafter.

Rows: every data row of justjoin-2025-03/offers.csv (numbered from 1 after the header) that none
of labelled-ads.json, held-out-ads.json and blind-ads.json uses (read from their `source` fields)
and whose title has no emoji, in row order; `random.Random(SEED).sample(eligible, 40)`; the first
20 drawn have Polish chats, the next 20 English ones. The script fails if the draw does not give
the rows the chats were written for.

Usage, from the repository root:

    python3 scripts/fresh_ads.py --data ../shared/data > crates/wakat-assistant/tests/data/fresh-ads.json
"""

import argparse
import csv
import json
import random
import sys
import unicodedata
from pathlib import Path

SEED = 6026
COUNT = 40
REPO = Path(__file__).resolve().parent.parent
DATA_DIR = REPO / "crates/wakat-assistant/tests/data"
EXISTING_SETS = ["labelled-ads.json", "held-out-ads.json", "blind-ads.json"]
SOURCE_PREFIX = "justjoin-2025-03/offers.csv data row "

# justjoin's hours in a month: a monthly range that is a multiple of it is an hourly rate times
# 168, so an employer may quote the hourly rate instead (the README's second mapping).
HOURS_A_MONTH = 168

# The first mapping: skills that are spoken languages are expected among the languages (ISO
# codes). "English skills" (row 1104) names the English language requirement, so it maps too.
LANGUAGE_SKILLS = {
    "english": "en",
    "english skills": "en",
    "angielski": "en",
    "german": "de",
    "niemiecki": "de",
    "polish": "pl",
    "polski": "pl",
}

EMPLOYMENT_TYPES = {"B2B": "b2b", "Permanent": "permanent", "Mandate": "mandate_contract", "Any": "any"}

# (row, language, hourly, messages). `hourly`: the chat quotes the hourly rate of a monthly range
# that is a multiple of 168. Listed in draw order.
CHATS = [
    (763, "pl", False, [
        "hej, jestem founderem małego software house'u z Warszawy, potrzebujemy juniora do apek mobilnych",
        "tytuł niech będzie po prostu Android developer",
        "na co dzień kotlin i java, do tego Android Studio, Gradle i Git, w jednym projekcie mamy "
        "trochę Fluttera, integracje po REST. no i oczywiście musi ogarniać Androida",
        "płacimy 10-14k netto na b2b, praca w 100% zdalna",
    ]),
    (42, "pl", False, [
        "Dzień dobry, chcielibyśmy opublikować ogłoszenie na stanowisko: Tester Manualny. "
        "Szukamy osoby na poziomie junior.",
        "Oczekujemy od kandydata: systematyczność, znajomość podstaw programowania, analityczność "
        "oraz skrupulatność.",
        "Oferujemy umowę zlecenie, wynagrodzenie 5100–6100 zł brutto miesięcznie. Praca "
        "stacjonarna w naszym biurze w Krakowie.",
        "Proszę o przygotowanie projektu ogłoszenia.",
    ]),
    (1748, "pl", False, [
        "Cześć, rekrutujemy dla klienta z branży finansowej. Szukamy Scrum Mastera (regular)",
        "wymagania:\n- Agile, SAFe\n- Scrum Master - min. kilka lat w tej roli\n- Product Management\n"
        "- Team Management",
        "widełki 23,3–27k netto + VAT, B2B. hybryda, biuro w Warszawie (Mokotów)",
    ]),
    (520, "pl", False, [
        "ogłoszenie: Product Control Business Analyst, senior",
        "Kraków, hybrydowo",
        "b2b 20-25k netto",
        "Microsoft Office, Jira, Confluence, Agile, Scrum. dzięki",
    ]),
    (203, "pl", False, [
        "Hej! Prowadzę zespół integracji w Baselinkerze i potrzebujemy kolejnej osoby. Stanowisko "
        "nazywamy \"PHP Developer (Marketplace Integrations)\", bo głównie piszemy integracje z "
        "marketplace'ami",
        "Szukamy kogoś na poziomie mid, kto dobrze zna PHP i na co dzień pracuje z Gitem. Reszty "
        "nauczymy.",
        "Praca full remote, firma ma siedzibę w Warszawie. Kasa: 17 000 – 22 000 zł netto na B2B.",
        "Możesz przygotować ogłoszenie?",
    ]),
    (1718, "pl", False, [
        "Dzień dobry, PeopleTrust, agencja rekrutacyjna. Tytuł ogłoszenia klient chce dokładnie "
        "taki: Java + Angular Software Developer - hybrid WARSAW",
        "Poziom: mid (3+ lata komercyjnie). Technologie, których oczekujemy: Java, Docker, "
        "Kubernetes, Azure, bazy Oracle i PostgreSQL.",
        "Stawka 21 000 - 24 500 PLN netto/mies. na kontrakcie B2B, model hybrydowy, biuro w "
        "centrum Warszawy.",
    ]),
    (53, "pl", False, [
        "Siema, budujemy w Tidio chatboty oparte o AI i rozbudowujemy zespół ML :)",
        "Potrzebujemy doświadczonej osoby, rola to Senior NLP Engineer (LLMs). Ktoś, kto ma za "
        "sobą produkcyjne wdrożenia modeli językowych.",
        "Musi znać: Python, PyTorch, NLP, LLM, MLOps",
        "23-33k netto B2B, zdalnie z dowolnego miejsca, formalnie biuro w Warszawie. Zrób z tego "
        "ogłoszenie pls",
    ]),
    (1088, "pl", False, [
        "Data Engineer",
        "- mid\n- 100% zdalnie, cała Polska\n- B2B 9-13 tys. zł netto/mc",
        "- Python, SQL\n- Airflow\n- Data modeling\n- Git",
    ]),
    (1370, "pl", False, [
        "Dzień dobry, w Xopero Software otwieramy rekrutację na stanowisko Presales Engineer.",
        "Szukamy osoby z kilkuletnim doświadczeniem (poziom mid). Najważniejsze kompetencje to "
        "koordynowanie wdrożeń procesów PoC oraz prezentacje produktowe u klientów.",
        "Praca w biurze w Warszawie, B2B 8–12 tys. netto.",
        "Z góry dziękuję.",
    ]),
    (758, "pl", False, [
        "Cześć, szukam lidera do jednego z naszych zespołów produktowych (aplikacja mobilna + "
        "backend). Tytuł: Engineering Team Leader (Java)",
        "To ma być senior, który ma już doświadczenie w Team Leadership, bo zespół ma 7 osób. "
        "Backend piszemy w Javie, komunikacja po gRPC, front w TypeScript, a apki na Android i "
        "iOS - nie musi ich pisać, ale musi je rozumieć. Pracujemy w Scrumie.",
        "Na B2B 26,5–32k netto. Zdalnie, nasza centrala jest w Warszawie.",
    ]),
    (1701, "pl", False, [
        "szukamy: \"Apache Admin / Devops\"",
        "senior, min 5 lat. apache, oracle weblogic, linux, kubernetes, elk stack",
        "20-30k netto b2b, remote, firma z Warszawy",
        "tyle, rób draft",
    ]),
    (1618, "pl", False, [
        "Dzień dobry. Prosimy o przygotowanie ogłoszenia dla roli „Software Engineering Manager "
        "(Collateral IT) (Investment Banking Tech)”.",
        "Jest to stanowisko seniorskie. Wymagane: doświadczenie w Javie, Google Cloud Platform, "
        "praktyki DevOps oraz praca w metodyce Agile.",
        "Zatrudnienie na umowę o pracę, 28 000–33 000 zł brutto miesięcznie. Model hybrydowy, "
        "biuro w Krakowie.",
    ]),
    (1992, "pl", False, [
        "Senior Java Developer",
        "java, spring boot, hibernate, mysql. b2b 25.2-28.5k net, zdalnie, siedziba Warszawa",
    ]),
    (99, "pl", False, [
        "Dzień dobry, szukamy doświadczonego Java Developera do projektu dla klienta z branży FMCG.",
        "Wymagamy: Java, Spring, Hibernate, SQL, znajomość rozwiązań Cloud.",
        "Stawka 120–150 zł/h netto na B2B, praca zdalna. Biuro mamy w Warszawie.",
        "Czy możesz przygotować ogłoszenie?",
    ]),
    (380, "pl", False, [
        "hejka, mamy nowy projekt, potrzebny Python Developer with Azure, tak to nazwijmy w "
        "ogłoszeniu",
        "poziom regular, czyli jakieś 3-4 lata. Python oczywiście, do tego Azure i Azure DevOps, "
        "pipeline'y CI/CD, Git, z baz MongoDB. Zespół pracuje w Scrumie",
        "19-22 tys netto, b2b, full remote (firma z Warszawy)",
    ]),
    (127, "pl", False, [
        "Dzień dobry, otwieramy biuro w Krakowie i rekrutujemy na stanowisko Senior Software "
        "Engineer (JavaScript/TypeScript).",
        "Stack: JavaScript, TypeScript, React i React Native. Szukamy seniorów z mocnym "
        "doświadczeniem produktowym.",
        "Tryb hybrydowy (2 dni w biurze w Krakowie). B2B, od 23 do 31 tys. zł netto.",
        "To wszystko, dziękuję.",
    ]),
    (1949, "pl", False, [
        "potrzebuję ogłoszenia: Data engineer, senior",
        "umiejętności: Data. hybrydowo w Katowicach",
        "b2b 18-22k netto",
    ]),
    (1482, "pl", False, [
        "Dzień dobry, Jit Team z tej strony. Mamy rolę o dość nietypowej nazwie: \"Communication "
        "Support to the IAM MFA project\", chodzi o wsparcie komunikacji przy wdrożeniu MFA w dużej "
        "organizacji.",
        "Szukamy osoby z doświadczeniem na poziomie mid, znającej środowisko Azure.",
        "UoP, 14–20 tys. brutto. Hybrydowo, Warszawa.",
        "Poproszę o draft ogłoszenia.",
    ]),
    (1435, "pl", False, [
        "Stanowisko: Senior/Lead Java Developer\nLokalizacja: Warszawa, praca hybrydowa\n"
        "Doświadczenie: senior / lead",
        "Wymagania:\n• Java, Spring, Hibernate\n• Microservices\n• SQL\n• testy: JUnit, Mockito\n"
        "• Docker, AWS, CI/CD",
        "Wynagrodzenie: 27 720 – 32 760 PLN netto miesięcznie (B2B)",
    ]),
    (888, "pl", True, [
        "Dzień dobry! Jesteśmy software housem z Poznania i szukamy seniora do projektu danych. W "
        "ogłoszeniu: Data Engineer with Azure.",
        "Oczekujemy biegłości w Pythonie i SQL, doświadczenia z Azure Services, ETL, Data "
        "Warehousing i Data modeling, plus NoSQL.",
        "Stawka godzinowa 100–160 zł netto, B2B. Praca w pełni zdalna.",
        "Proszę przygotować ogłoszenie, dzięki!",
    ]),
    (592, "en", False, [
        "Hi, Hays Poland here. We're recruiting on behalf of a client for an \"Icertis Developer "
        "(with MS Dynamics 365 CRM)\".",
        "Mid-level profile. Required: Icertis, CLM, Dnamics 365, Power Platform, Power BI, SSIS.",
        "Rate: 180–210 PLN/h net on B2B. Fully remote; the client is based in Warsaw.",
        "Could you draft the ad please?",
    ]),
    (534, "en", False, [
        "DevOps Engineer, senior, Wrocław, hybrid",
        "AWS, Kubernetes, Linux, Shell Scripting",
        "18k-28k net b2b",
    ]),
    (590, "en", False, [
        "Hello! We need an experienced Agile Coach for a banking client in Kraków.",
        "They should have hands-on Agile transformations behind them, a solid grasp of Agile "
        "Frameworks, Design Thinking workshops and a background in Financial Services. And of "
        "course a proven track record as an Agile Coach.",
        "Hybrid, B2B, 16,800 to 24,600 PLN net a month.",
        "Thanks!",
    ]),
    (887, "en", False, [
        "Good morning, we would like to advertise the position of C++ Developer with Qt in our "
        "Katowice office.",
        "We are looking for a mid-level engineer. Required skills: C++, Qt, QML.",
        "We offer an employment contract with a salary of PLN 7,000–12,000 gross per month. "
        "Hybrid work model.",
        "Please prepare a draft of the advertisement.",
    ]),
    (815, "en", True, [
        "hey, we're hiring a Junior APEX Developer",
        "someone at the start of their career. skills: SQL, Oracle APEX, Bazy Danych. English at a "
        "communicative level is a must",
        "B2B, 40-50 PLN/h net, remote. HQ in Warsaw",
    ]),
    (621, "en", False, [
        "Hi there, we're Baloise Solution Hub and we'd like to post a role: Business Analyst with "
        "German.",
        "Mid level. Requirements: Business Analysis experience, Guidewire, domain knowledge in "
        "Insurance. Languages: German and English, both fluent.",
        "B2B contract, 20 000 - 28 000 PLN net monthly, fully remote, our office is in Warsaw.",
    ]),
    (1104, "en", False, [
        "Role: Technical Engineer\nSeniority: mid\nLocation: Krakow (remote)",
        "Must-haves:\n- IT Security Knowledge\n- Network Security\n- Troubleshooting\n"
        "- English skills (daily communication with the client)",
        "B2B 21.5k-23k PLN net/month",
        "That's it.",
    ]),
    (1780, "en", False, [
        "Hey, I'm the CTO at Anixe, we build travel tech in Wrocław. Need a .NET Software Engineer "
        "for our booking platform team",
        "mid-level is fine, 3+ yrs. We work in C# with ASP.NET Web API, PostgreSQL and MongoDB for "
        "storage, RabbitMQ for messaging",
        "permanent contract (UoP), 16-22k PLN gross. hybrid, 2 days a week at the office",
        "can you draft it?",
    ]),
    (565, "en", False, [
        "Good afternoon. Jit Team is looking for a Senior Network Infrastructure Specialist for a "
        "client in Warsaw.",
        "The candidate should have strong experience with Network design, LAN, VPN, Firewall "
        "configuration and Azure.",
        "Hybrid work. B2B, 15,200–21,000 PLN net.",
    ]),
    (2101, "en", False, [
        "Hi! Looking to hire a Product Analyst to join our growth team.",
        "We need a mid who's comfortable with SQL and Python/R, knows their way around Google "
        "Analytics and Mixpanel, and has built dashboards in BI tools.",
        "Good English is required, the team is international.",
        "Remote, employment contract, 13.5k-15.5k PLN gross monthly. Our Polish entity is "
        "registered in Warsaw.",
    ]),
    (1288, "en", False, [
        "New role for a client: Frontend Developer, senior level",
        "Tech: TypeScript, Angular, React; tools: Git, Jira, Confluence; works in Agile",
        "20-24k net on B2B, 100% remote, client HQ in Warsaw",
        "Go ahead and prepare the draft.",
    ]),
    (1484, "en", True, [
        "Hello, Experis here. Position title: .NET Developer with Azure",
        "Regular/mid-level. Requirements:\n- .Net (C#, .NET Framework/Core, Entity Framework)\n"
        "- APIs / REST\n- Azure Cloud Services\n- SQL\n- Git",
        "Hourly rate 160-180 PLN net, B2B, fully remote (client in Warsaw).",
    ]),
    (1078, "en", False, [
        "Hi, we'd like to post the \"Fullstack Developer with Java (B2B)\" role for our Katowice "
        "office",
        "It's a mid position. Backend in Java with Spring Batch, frontend in React.",
        "12,000-16,000 PLN net per month, B2B. Hybrid.",
        "Please create the job ad.",
    ]),
    (74, "en", False, [
        "Dear assistant, we are looking for a QA Manual Tester (mid) to join our team in Warsaw.",
        "Requirements: Manual Testing experience, Test planning, SQL, Azure DevOps and Microsoft "
        "TFS, familiarity with .Net applications, English at B2 level.",
        "Contract of employment, 7 500 – 13 000 PLN gross. Hybrid.",
        "Kind regards",
    ]),
    (471, "en", False, [
        "we need a part-timer: IT Project/Service Manager (Part Time)",
        "mid-level, knows ServiceNow and Jira, works Agile, fluent English",
        "fixed 14,880 PLN net monthly on B2B, remote, we're a Warsaw company",
    ]),
    (1322, "en", False, [
        "Hi, Pwrteams (Kraków). Job title: Lead QA Engineer with German",
        "Senior. Must have:\n* Robot Framework\n* TypeScript, React, React testing library\n"
        "* Golang\n* Relational Databases\n* German (business level)",
        "B2B 20-24k PLN net, remote",
        "Can you write it up?",
    ]),
    (876, "en", False, [
        "Senior Frontend Engineer",
        "React + Next.js, good English. remote, Krakow-based company. b2b 20-30k net",
    ]),
    (851, "en", False, [
        "Hi! I'm a co-founder of SwingDev (a hippo company). We're growing fast and need a Senior "
        "Engineering Manager.",
        "Someone with real Leadership experience who can also go deep on Architecture and partner "
        "with Product Management.",
        "We pay 43-49k PLN net on B2B. Remote-first, HQ in Warsaw.",
        "That's all for now, thanks",
    ]),
    (1189, "en", False, [
        "Antal recruiter here. Opening: Tech Lead Fullstack Engineer, senior.",
        "Java on the backend, React on the front.",
        "160-220 PLN/h + VAT on B2B, hybrid in Warsaw (2x a week in the office).",
        "Please draft the ad.",
    ]),
    (949, "en", False, [
        "Good morning, we are recruiting for a Senior macOS Engineer in Kraków.",
        "Key requirement: deep expertise in Mac OS.",
        "Permanent contract, 25,000 PLN gross per month. Hybrid work.",
    ]),
]


def has_emoji(title):
    return any(unicodedata.category(c) == "So" or c in "\u200d\ufe0f" for c in title)


def used_rows():
    rows = set()
    for name in EXISTING_SETS:
        for ad in json.loads((DATA_DIR / name).read_text(encoding="utf-8"))["ads"]:
            assert ad["source"].startswith(SOURCE_PREFIX), ad["source"]
            rows.add(int(ad["source"][len(SOURCE_PREFIX):]))
    return rows


def split_skills(cell):
    """Splits a skills cell on commas outside parentheses: row 1484 has the one skill
    ".Net (C#, .NET Framework/Core, Entity Framework)"."""
    cell = cell.strip()
    if cell.startswith("[") and cell.endswith("]"):  # the one row written as a Python list
        cell = cell[1:-1].replace("'", "")
    skills, depth, current = [], 0, ""
    for c in cell:
        depth += c == "("
        depth -= c == ")"
        if c == "," and depth == 0:
            skills.append(current.strip())
            current = ""
        else:
            current += c
    skills.append(current.strip())
    return [s for s in skills if s]


def number(x):
    return int(x) if float(x).is_integer() else round(x, 2)


def gazetteer():
    places = {}
    for city in json.loads((REPO / "index-data/cities.json").read_text(encoding="utf-8")):
        for name in [city["name"], city.get("name_en")] + city.get("alt_names", []):
            if name:
                places.setdefault(name.casefold(), city["name"])
    return places


def expected(row, hourly, places):
    required, languages = [], []
    for skill in split_skills(row["Umiejętności"]):
        code = LANGUAGE_SKILLS.get(skill.casefold())
        if code:
            languages.append(code)
        else:
            required.append(skill)
    recommended = []
    for skill in split_skills(row["Mile widziane umiejętności"]):
        code = LANGUAGE_SKILLS.get(skill.casefold())
        (languages if code else recommended).append(code or skill)
    low, high = (float(x) for x in row["Widełki finansowe [PLN]"].split("-"))
    unit = "month"
    if hourly:
        assert low % HOURS_A_MONTH == 0 and high % HOURS_A_MONTH == 0, row
        low, high, unit = low / HOURS_A_MONTH, high / HOURS_A_MONTH, "hour"
    elif high < 1000:  # hourly rates in the source
        unit = "hour"
    return {
        "title": row["Tytuł oferty"].strip(),
        "seniority": row["Poziom doświadczenia"],
        "requiredSkills": required,
        "recommendedSkills": recommended,
        "salaries": [{
            "employmentType": EMPLOYMENT_TYPES[row["Typ umowy"]],
            "minAmount": number(low),
            "maxAmount": number(high),
            "currency": "pln",
            "unit": unit,
            "amountType": "gross" if row["Wynagrodzenie brutto"] == "True" else "net",
        }],
        "city": places.get(row["Miasto"].strip().casefold()),
        "workplace": row["Typ miejsca pracy"],
        "languages": languages,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default="../shared/data", help="the shared data directory")
    args = parser.parse_args()
    csv_path = Path(args.data) / "justjoin-2025-03/offers.csv"
    with open(csv_path, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    used = used_rows()
    eligible = [n for n, row in enumerate(rows, 1)
                if n not in used and not has_emoji(row["Tytuł oferty"])]
    drawn = random.Random(SEED).sample(eligible, COUNT)
    if [c[0] for c in CHATS] != drawn:
        sys.exit(f"the draw no longer gives the rows the chats were written for: {drawn}")
    places = gazetteer()
    ads = []
    for i, (n, language, hourly, messages) in enumerate(CHATS):
        assert language == ("pl" if i < COUNT // 2 else "en")
        assert 2 <= len(messages) <= 4
        ads.append({
            "id": f"jj25-fr-{n}",
            "source": f"{SOURCE_PREFIX}{n}",
            "language": language,
            "messages": messages,
            "expected": expected(rows[n - 1], hourly, places),
        })
    json.dump({"seed": SEED, "ads": ads}, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
