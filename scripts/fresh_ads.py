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

import drafter_sets as sets

SEED = 6026
COUNT = 40
EXISTING_SETS = ["labelled-ads.json", "held-out-ads.json", "blind-ads.json"]

# The first mapping: skills that are spoken languages are expected among the languages (ISO
# codes). "English skills" (row 1104) names the English language requirement, so it maps too.
LANGUAGE_SKILLS = {**sets.SPOKEN, "english skills": "en"}

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


def main():
    rows = sets.read_offers(sets.data_arg(description=__doc__.split("\n")[0]))
    drawn = sets.random_draw(rows, SEED, COUNT, sets.used_rows(*EXISTING_SETS))
    # Skills are split on commas outside parentheses: row 1484 has the one skill
    # ".Net (C#, .NET Framework/Core, Entity Framework)". The city is the gazetteer's name for
    # `Miasto` (any of its names), none where it names no city ("Poland (Remote)").
    places = sets.gazetteer()
    ads = sets.drawn_set(rows, drawn, sets.by_row(CHATS), "jj25-fr-", lambda row, hourly: sets.expected(
        row, hourly, spoken=LANGUAGE_SKILLS, keep_parens=True, city=lambda city: places.get(city.strip().casefold())))
    sets.write(SEED, ads, indent=2)


if __name__ == "__main__":
    main()
