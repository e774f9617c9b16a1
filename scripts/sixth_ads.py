#!/usr/bin/env python3
"""Writes crates/wakat-assistant/tests/data/sixth-ads.json, the offline drafter's sixth set
(written blind).

60 real job ads (30 Polish, 30 English) from data rows of justjoin-2025-03/offers.csv that none
of the earlier sets (labelled, held-out, blind, fresh, final) uses. The rows are drawn with
`random.Random(SEED).sample(eligible, 60)`, where `eligible` is, in row order, every unused row
whose title has no emoji; the first 30 drawn get the Polish chats below, the next 30 the English
ones. The chats were typed by hand, one employer per ad, without reading the drafter's source,
the other sets' scripts' chats, any set's chats or BENCHMARKS.md. `expected` comes from the CSV
row only: the drafter is never run here.

Usage, from the repository root:
    python3 scripts/sixth_ads.py --data ../shared/data > crates/wakat-assistant/tests/data/sixth-ads.json
"""

import drafter_sets as sets

SEED = 8026
COUNT = 60
EARLIER_SETS = ["labelled-ads.json", "held-out-ads.json", "blind-ads.json", "fresh-ads.json", "final-ads.json"]

# Spoken-language skills are expected among the ad's languages (ISO codes), not its skills. This
# set adds "J. Niemiecki" (row 481: "język niemiecki", German).
LANGUAGE_SKILLS = {
    **sets.SPOKEN, "french": "fr", "francuski": "fr",
    "spanish": "es", "hiszpański": "es", "italian": "it", "włoski": "it",
    "j. niemiecki": "de",
}
NOT_A_CITY = {"Poland (Remote)"}
# One skill whose own name has commas outside parentheses (row 808): kept whole, not split into
# "Governance", "Risk" and "and Compliance (GRC) tools".
KEEP_WHOLE = ["Governance, Risk, and Compliance (GRC) tools"]

# (row, language, quotes the hourly rate of a monthly range, messages). Typed by hand.
CHATS = [
    # --- Polish ---
    (828, "pl", False, [
        "Dzień dobry, w imieniu monday.com chcielibyśmy opublikować ogłoszenie na stanowisko Engineering Manager w naszym biurze w Warszawie.",
        "Szukamy osoby na poziomie senior. Wymagamy solidnych podstaw z Computer science, doświadczenia w Project Management i Team Leadership oraz w budowie Web Applications.",
        "Oferujemy umowę o pracę, 53 000 – 63 000 zł brutto miesięcznie, praca hybrydowa.",
        "Z góry dziękuję.",
    ]),
    (1863, "pl", False, [
        "administrator vmware, mid, warszawa hybrydowo",
        "wymagane: VMware, VxRail, Linux, AWS",
        "b2b 19-23k netto",
    ]),
    (560, "pl", False, [
        "Cześć, piszę z ConnectPoint – rekrutujemy dla klienta z Warszawy. Stanowisko: DevOps/DataOps Engineer, poziom regular (mid).",
        "Stack, którego oczekujemy:\n- Azure\n- Databricks\n- Infrastructure as code\n- Terraform\n- Kubernetes\n- MS SQL Server i PostgreSQL\n- Power BI\n- Prometheus\n- Python",
        "Praca w pełni zdalna, B2B, 15 000 – 22 000 zł netto miesięcznie. Przygotujesz ogłoszenie?",
    ]),
    (87, "pl", False, [
        "hej, potrzebuję ogłoszenia: szukamy seniora na stanowisko Low-level engineer",
        "C/C++ na co dzień plus Systems Programming – to są dwa twarde wymagania",
        "UoP, 19,8–33,4 tys. zł brutto, Warszawa, model hybrydowy",
    ]),
    (221, "pl", False, [
        "Dzień dobry! Jesteśmy software house'em z Gdańska i szukamy doświadczonej osoby (senior) na stanowisko „Fullstack .NET Developer”.",
        "Wymagania: .NET C#, Angular, Docker, Kubernetes, NUnit, RabbitMQ, Rest Services, SQL i T-SQL, praca w Visual Studio.",
        "Praca zdalna, kontrakt B2B 18,5–23k netto.",
        "Proszę o przygotowanie projektu ogłoszenia.",
    ]),
    (1706, "pl", False, [
        "Dzień dobry, tu Antal, rekrutuję dla klienta z Warszawy na stanowisko PHP Developer (senior).",
        "Szukamy kogoś, kto programuje w PHP i Symfony, zna JavaScript i SQL i pracował w Scrumie.",
        "Stawka 120–160 zł/h netto na B2B, praca zdalna.",
    ]),
    (354, "pl", False, [
        "Szukamy Engineering Managera do biura w Zielonej Górze",
        "Poziom: mid. Technologie, które kandydat powinien znać: .Net, AWS, Java, Python.",
        "Umowa o pracę, 19 000 – 28 900 zł brutto, praca hybrydowa. Dzięki!",
    ]),
    (81, "pl", False, [
        "Stanowisko: Senior Backend Engineer\nLokalizacja: Warszawa (praca zdalna)\nUmowa: UoP\nWynagrodzenie: 20-26k brutto",
        "Wymagania: C#, .Net, Azure, Docker, Kubernetes, Microservice Architecture, REST API",
        "rób draft",
    ]),
    (388, "pl", False, [
        "Hej, jestem founderem małej firmy z Warszawy i potrzebuję seniora – tytuł: Full-Stack Engineer.",
        "Backend w Javie i Springu, trochę Node, frontend w React i Angular plus JavaScript. Do tego projektowanie APIs, RDBMS, Jenkins i Shell Scripts.",
        "Zdalnie, B2B, 19-21 tys. netto",
    ]),
    (1109, "pl", False, [
        "Dzień dobry, firma z Rzeszowa, szukamy osoby na stanowisko: Specjalista ds. UX/UI.",
        "Poziom regular. Wymagane: Figma, UX Design oraz UI Design.",
        "Współpraca B2B, od 7 do 10 tysięcy zł netto miesięcznie, praca zdalna.",
    ]),
    (500, "pl", False, [
        "Senior Power BI Developer, Kraków, hybrydowo",
        "Power BI i ETL processes, B2B 22-25k netto",
    ]),
    (942, "pl", True, [
        "Cześć, rekrutuję do Primaris. Szukamy seniorskiego Linux Engineera, firma warszawska, ale praca w 100% zdalna.",
        "Musi świetnie znać Linuxa, do tego AWS, Ansible, Terraform, Kubernetes, CI/CD i Javę.",
        "Stawka 100–130 zł netto za godzinę, B2B.",
    ]),
    (457, "pl", False, [
        "Dzień dobry, piszę z Antal w imieniu klienta. Poszukujemy kandydata na stanowisko Learning & Development Content Developer, poziom mid.",
        "Wymagania: znajomość narzędzi Articulate, doświadczenie z LMS, bardzo dobry powerPoint, język angielski.",
        "Umowa o pracę, 9–10 tys. zł brutto, Wrocław, praca hybrydowa. Proszę o przygotowanie ogłoszenia.",
    ]),
    (968, "pl", False, [
        "Hays Poland, rekrutujemy dla klienta we Wrocławiu: frontend developer, regular",
        "Angular + TypeScript, JavaScript, Bootstrap",
        "UoP 13-20k brutto, hybryda",
    ]),
    (2152, "pl", False, [
        "Potrzebuję ogłoszenia na Business Analyst, senior, Wrocław",
        "Doświadczenie w Business Analysis, do tego znajomość AWS i Kubernetes.",
        "hybrydowo, b2b 14–18 tys. netto/mc. to tyle",
    ]),
    (1953, "pl", False, [
        "Dzień dobry, jestem CTO w spółce energetycznej z Warszawy. Szukamy osoby: Senior C# .NET Developer.",
        "Wymagamy dobrej znajomości C# i .Net, wzorców projektowych (Design Patterns), REST API i SQL.",
        "Kontrakt B2B, 24 000–28 000 zł netto + VAT, praca zdalna. Możesz zrobić draft?",
    ]),
    (266, "pl", False, [
        "stanowisko: Data Engineer (Search Engine AI)\npoziom: senior\nmiasto: Warszawa, zdalnie",
        "wymagania: .NET C#, .Net, C#, ASP.NET Web API, Azure, AI, SQL, NoSQL",
        "b2b 24–27,2k netto",
    ]),
    (808, "pl", False, [
        "Dzień dobry, ITDS, poszukujemy do projektu w Krakowie seniora na stanowisko Cybersecurity Business Analyst.",
        "Kluczowe: Governance, Risk, and Compliance (GRC) tools, IBM OpenPages, Risk Management, Risk and Controls oraz Jira.",
        "Model hybrydowy, B2B, 18 480 – 24 360 zł netto miesięcznie.",
    ]),
    (5, "pl", False, [
        "Cześć, tytuł ogłoszenia: \"Mid/Senior Test Engineer with Playwright (B2B)\" – w praktyce celujemy w poziom mid.",
        "Jedyny twardy wymóg to Playwright. Biuro w Katowicach, praca hybrydowa, 13–20k netto na B2B.",
    ]),
    (61, "pl", False, [
        "Szukamy Senior Search Developera do zespołu w Gdańsku (hybrydowo).",
        "Java, Solr, RESTful, angielski na poziomie komunikatywnym.",
        "B2B, 22–29 tys. zł netto. Dzięki",
    ]),
    (518, "pl", False, [
        "Dzień dobry, chcielibyśmy opublikować ogłoszenie. Stanowisko: IT Business Analyst, poziom mid, Warszawa – praca hybrydowa.",
        "Wymagania:\n* SQL\n* Jira i Confluence\n* Postman",
        "Stawka: 13 760 – 15 860 zł netto/mies., B2B.",
    ]),
    (1826, "pl", False, [
        "hej! jesteśmy startupem climate-tech z Warszawy, szukamy seniora: Full Stack Developer (React, Python)",
        "Python + Django na backendzie, React na froncie, Docker i Git to oczywistość",
        "B2B 20-30k netto, hybrydowo. Zrób z tego ogłoszenie",
    ]),
    (1041, "pl", False, [
        "B2Bnetwork, agencja IT. Dla klienta z Gdańska szukamy doświadczonego DevOps Support Engineera (senior).",
        "Oczekiwania: SQL i PL/SQL, Splunk, XML, znajomość ITIL, praca w Agile.",
        "Hybryda, B2B od 16 do 23 tys. zł netto.",
    ]),
    (478, "pl", False, [
        "Link Group tutaj. Projekt dla klienta, tytuł: .NET Developer with German, poziom mid.",
        "Stack: C#, .Net, MS SQL, JavaScript, Angular, React, Node.js, Python",
        "Full remote, firma warszawska. B2B 16 800–21 840 PLN netto/mc.",
    ]),
    (79, "pl", True, [
        "7N tutaj. Szukamy osoby na SAP Basis Consultant, regular, klient z Gdańska, praca zdalna.",
        "SAP i SAP HANA. Stawka 190-210 zł/h netto, B2B.",
    ]),
    (308, "pl", False, [
        "Dzień dobry, in4ge, rekrutujemy na stanowisko „Data Scientist (Python + GenAI)”. Poziom: mid.",
        "Wymagane: Python (Pandas, NumPy), NLP, SQL, a także C# i Java.",
        "Praca zdalna (Warszawa), B2B 17–30 tys. zł netto. Z góry dziękuję.",
    ]),
    (2049, "pl", False, [
        "Site Reliability Engineer – senior – Warszawa – hybryda",
        "Amazon AWS i Azure, Docker, Kubernetes, DevOps, programowanie w Pythonie i Javie. B2B 26 880–33 600 zł netto.",
    ]),
    (244, "pl", True, [
        "Cześć, Addepto tutaj. Potrzebujemy doświadczonego AI/ML Engineera, poziom senior, zdalnie (biuro w Warszawie).",
        "Wymagania: Python, AI, Data Science, Computer Vision, GenAI i LLMs, Azure, Message brokers, Time-series databases.",
        "B2B, stawka godzinowa 85-160 zł netto.",
    ]),
    (481, "pl", True, [
        "Dzień dobry, Link Group. Poszukujemy osoby na stanowisko Analityk Biznesowy z językiem niemieckim (regular).",
        "Wymagamy: Analiza Biznesowa, Analityczne Myślenie, J. Niemiecki.",
        "Praca zdalna, kontrakt B2B, 120–140 zł netto/h. Warszawa.",
    ]),
    (749, "pl", False, [
        "szukamy web developera, senior, kraków hybrydowo",
        "React + doświadczenie z CMS. b2b 18-25k netto",
    ]),
    # --- English ---
    (1981, "en", False, [
        "Hi, Experis here, recruiting for a client. We're looking for a Senior Python Developer, fully remote (client based in Warsaw).",
        "Must-haves: Python, Django, fastapi, RESTful API, SQL, Kafka, Kubernetes, CI/CD, experience with Cloud Platforms, fluent English.",
        "B2B, 26,880–28,560 PLN net per month.",
    ]),
    (254, "en", False, [
        "Role: Front End Engineer (Angular)\nSeniority: Senior\nLocation: Warsaw, hybrid\nContract: B2B\nPay: 15k-30k PLN net",
        "Skills: Angular, JavaScript, solid Software Engineering fundamentals, a feel for UX",
    ]),
    (595, "en", False, [
        "Hello! I'm one of the founders of Research.com. We need a mid-level \"JavaScript/Type Script Developer\".",
        "Our stack: JavaScript and TypeScript, Node.js with Nest.js, Vue.js on the front, MariaDB, Docker, Microservices, Cloudflare and Algolia for search.",
        "Employment contract (permanent), 15,000–22,000 PLN gross monthly, fully remote, we're registered in Warsaw. Can you draft it?",
    ]),
    (1514, "en", False, [
        "Senior Frontend Developer – Gdansk – hybrid",
        "Angular, HTML, Cypress for tests, REST API integration. B2B 17.1k–25.2k PLN net",
    ]),
    (1547, "en", False, [
        "Good morning, we are a speech technology company from Kraków and would like to advertise the position of Machine Learning Engineer (mid-level).",
        "Requirements: Python 3.x, PyTorch, SpeechBrain, general Machine Learning background, Docker and GitLab.",
        "Permanent contract, 10,500 – 20,000 PLN gross per month, hybrid work. Kind regards",
    ]),
    (996, "en", False, [
        "ITDS recruiter here. Title: ERP System Specialist (Oracle), mid level, remote, Warsaw-based client.",
        "They need Oracle E-Business Suite and PL-SQL. B2B 16-20k PLN net/month.",
    ]),
    (2100, "en", False, [
        "We're hiring an Integration Architect at senior level, remote.",
        "Tech: Java, Kafka and Pulsar, AWS, CI/CD, plus a strong background in Data.",
        "B2B only, 26,000 to 34,000 PLN net monthly. Company HQ in Warsaw. Thanks!",
    ]),
    (829, "en", False, [
        "Hi there, HR at monday.com Warsaw. Please prepare an ad for a senior DevOps Engineer.",
        "Requirements: Computer science degree or equivalent, hands-on DevOps experience, deep Linux knowledge.",
        "Permanent contract, PLN 45,000–53,000 gross/month, hybrid from our Warsaw office.",
    ]),
    (1761, "en", False, [
        "Dear team, please prepare a job advertisement for the position \"Intermediate Embedded Developer\" (mid-level) in Warsaw, hybrid.",
        "Required: C and C++, Architecture, Azure DevOps, an Engineer mindset.",
        "Employment contract, 13 000 - 18 000 PLN gross.",
    ]),
    (1416, "en", True, [
        "Link Group here — we're looking for a Junior Manual ETL Tester for a Warsaw client, remote.",
        "Needs SQL, ETL, Snowflake, Git. Rate 80–100 PLN/h net on B2B.",
    ]),
    (1650, "en", False, [
        "hey, founder of XTrack here (Gdańsk). looking for a senior fullstack developer, remote",
        "backend in Go and Java, Microservices, MongoDB + SQL, frontend React/Redux with TypeScript, Azure, and they should care about Testing",
        "b2b 24-32k net",
    ]),
    (1084, "en", False, [
        "Hello, Macrobond Financial in Szczecin. We're looking for an IT Engineer, mid level.",
        "Must know Azure, Microsoft 365 and Powershell.",
        "Permanent employment, 7k–10k PLN gross, hybrid. Thanks in advance.",
    ]),
    (1248, "en", False, [
        "Senior Cloud Engineer, remote, we're a Lublin company",
        "Amazon AWS, Kubernetes, Python",
        "B2B 21.5-25.5k net. draft it pls",
    ]),
    (1464, "en", True, [
        "Hi, 7N here. The client wants the title in Polish: Analityk Systemowy. Mid-level, Warsaw, hybrid.",
        "Requirements:\n- UML, Enterprise Architect\n- REST and SOAP, Swagger, Postman, SoapUI\n- SQL\n- Jira, Confluence",
        "Hourly rate 130-150 PLN net, B2B.",
    ]),
    (2034, "en", False, [
        "Hi! SmartBear Wrocław. Job title: QA Engineer – ReadyAPI (with the dash, please).",
        "We want a mid with Test Automation experience: TestComplete, JavaScript, REST, Zephyr, Jenkins, Git/GitHub, Docker, Azure.",
        "Remote, permanent contract, 10.5k–12.5k PLN gross a month.",
    ]),
    (1093, "en", False, [
        "We're looking for a regular RPA developer to join our Warsaw technology center (hybrid).",
        "Experience with UI Path, Blue Prism and Kofax RPA, plus Python, R and SQL. Familiarity with ChatGPT is part of the job too.",
        "B2B contract, 16–24k PLN net monthly",
    ]),
    (422, "en", False, [
        "Good afternoon, we are an international military headquarters in Szczecin and need to advertise a vacancy: Senior Specialist Technician.",
        "Despite the title it's graded as mid-level. Requirements: Network Administration, IP networks, routing, VoiP, SIP and VTC.",
        "On-site in the office only. Permanent employment contract, 9,460–10,500 PLN gross per month.",
    ]),
    (655, "en", False, [
        "Hi — we're looking for a Senior Python Engineer (Developer Experience Team). Remote from anywhere in Poland.",
        "Python and Django, plus messaging: Kafka, RabbitMQ, NATS.",
        "Permanent employment, 27k–32k PLN gross monthly. That's it.",
    ]),
    (263, "en", False, [
        "Please use this exact title: DevOps Tech Lead (AWS) | Poznań-hybrid (remote option)",
        "Senior role. Amazon AWS, Terraform, Kubernetes, Docker, CI/CD.",
        "Hybrid in Poznan, B2B 21,000–25,000 PLN net.",
    ]),
    (823, "en", True, [
        "Pretius here. Looking for a Senior Java Developer, 100% remote, we're Warsaw-based.",
        "Java, JVM, Spring Boot, Microservices, Docker, Azure Kubernetes Service, CI/CD. English needed.",
        "170-190 PLN/h net + VAT on B2B",
    ]),
    (1738, "en", False, [
        "Hello, NATEK recruitment. Our client in Warsaw is looking for a senior \"Fullstack Developer (Java 11, Angular 14+)\" - keep the title as it is.",
        "Skills listed by the client: Java 17, Spring Boot, Hibernate, Angular 15, Oracle, IBM MQ, Kubernetes, Jenkins, ELK Stack, Swagger.",
        "Hybrid, B2B, 20 000 – 23 000 PLN net/month.",
    ]),
    (88, "en", False, [
        "looking for a Senior/Lead Angular Developer with Micro Frontends",
        "Angular, TypeScript, JavaScript, Micro frontends, RESTfull Web Services, web security",
        "remote, Krakow company, B2B 21,840-27,720 PLN net monthly",
    ]),
    (1793, "en", True, [
        "Hi, I'm the CTO of Pragmile, a Warsaw software house. We need a Senior Java Developer, hybrid.",
        "Java 17, Spring Frameworks, Microservices, AWS, SQL, CI/CD, and a habit of Unit Testing.",
        "B2B at 165–195 PLN net per hour. Could you draft the ad?",
    ]),
    (507, "en", False, [
        "Hi, we need an ad titled \"Analityk SAP\" (Polish title on purpose)",
        "mid-level, SAP Success Factors is the key skill, fully remote, Warsaw company, B2B 20,000–23,520 PLN net per month",
    ]),
    (1408, "en", False, [
        "Hello, KUBO here – IT recruitment. We're searching for an experienced Application Support Engineer (senior) for a client in Gdańsk, hybrid model.",
        "Must have: SQL, PL/SQL, XML, Control-M, ITIL.",
        "B2B, 15k – 18.5k PLN net. Best regards",
    ]),
    (923, "en", False, [
        "position: Senior Azure DevOps\nWarsaw, hybrid\nB2B 21-26k PLN net",
        "stack: Microsoft Azure, Azure DevOps, Terraform, Powershell, Windows Server, Active Directory, MS SQL",
    ]),
    (1455, "en", False, [
        "Hi! Future Mind, Warsaw. We'd like to post a Data Engineer with Snowflake role, senior level, remote.",
        "Snowflake, SQL, Python, Airflow, Azure.",
        "B2B, 14,000-22,000 PLN net monthly.",
    ]),
    (1568, "en", False, [
        "Hello, we're hiring an API Support Developer (with .NET experience). It's a junior role, hybrid in Krakow.",
        "Requirements: .NET Core, API and RESTful API knowledge, Postman, AWS, Azure, Customer Support experience, good Communication and English.",
        "B2B 7k–12k PLN net per month. Thank you!",
    ]),
    (837, "en", False, [
        "Hi, we're a small company from Kalisz. Title in Polish please: Programista PHP - Prestashop",
        "Mid-level, remote. PHP, PrestaShop, MySQL, HTML, CSS, JS.",
        "B2B 11–17k PLN net",
    ]),
    (601, "en", False, [
        "Senior UX Designer, Warsaw office (on-site), B2B 20-21k net, UX Design skills",
        "that's all",
    ]),
]


def keep_whole(skills):
    """Rejoins the parts of a KEEP_WHOLE skill that the comma split separated."""
    out, i = [], 0
    while i < len(skills):
        for name in KEEP_WHOLE:
            k = name.count(",") + 1
            if ", ".join(skills[i:i + k]) == name:
                out.append(name)
                i += k
                break
        else:
            out.append(skills[i])
            i += 1
    return out


def expected(row, hourly_quote):
    # Skills are split on commas outside parentheses, but KEEP_WHOLE names stay whole; the city is
    # `Miasto` as written unless it names no city.
    fields = sets.expected(row, hourly_quote, spoken=LANGUAGE_SKILLS, keep_parens=True,
                           city=lambda city: None if city in NOT_A_CITY else city)
    fields["requiredSkills"] = keep_whole(fields["requiredSkills"])
    fields["recommendedSkills"] = keep_whole(fields["recommendedSkills"])
    return fields


def main():
    rows = sets.read_offers(sets.data_arg(required=True))
    drawn = sets.random_draw(rows, SEED, COUNT, sets.used_rows(*EARLIER_SETS))
    for n, _, _, messages in CHATS:
        # The title is in the chat as the row writes it, case aside ("frontend developer").
        assert rows[n - 1]["Tytuł oferty"].strip().casefold() in "\n".join(messages).casefold(), n
    sets.write(SEED, sets.drawn_set(rows, drawn, sets.by_row(CHATS), "jj25-si-", expected), indent=2)


if __name__ == "__main__":
    main()
