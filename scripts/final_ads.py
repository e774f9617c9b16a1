#!/usr/bin/env python3
"""Writes crates/wakat-assistant/tests/data/final-ads.json, the offline drafter's final blind set.

40 real job ads (20 Polish, 20 English) from data rows of justjoin-2025-03/offers.csv that none
of the earlier sets (labelled, held-out, blind, fresh) uses. The rows are drawn with
`random.Random(SEED).sample(eligible, 40)`, where `eligible` is, in row order, every unused row
whose title has no emoji; the first 20 drawn get the Polish chats below, the next 20 the English
ones. The chats were typed by hand, one employer per ad, without reading the drafter's source,
the other sets' scripts or chats, or BENCHMARKS.md. `expected` comes from the CSV row only:
the drafter is never run here.

Usage, from the repository root:
    python3 scripts/final_ads.py --data ../shared/data > crates/wakat-assistant/tests/data/final-ads.json
"""

import drafter_sets as sets

SEED = 7026
EARLIER_SETS = ["labelled-ads.json", "held-out-ads.json", "blind-ads.json", "fresh-ads.json"]

# Spoken-language skills are expected among the ad's languages (ISO codes), not its skills.
LANGUAGE_SKILLS = {
    **sets.SPOKEN, "french": "fr", "francuski": "fr",
    "spanish": "es", "hiszpański": "es", "italian": "it", "włoski": "it",
}
NOT_A_CITY = {"Poland (Remote)"}

# (row, language, quotes the hourly rate of a monthly range, messages). Typed by hand.
CHATS = [
    (1584, "pl", False, [
        "hej, jestem founderem małego studia e-commerce z Warszawy, szukamy kogoś na stanowisko Full-stack Engineer",
        "musi to być senior, bo będzie sam ogarniał sporo rzeczy. Front mamy w React i Vue (wiem, wiem…), "
        "TypeScript i trochę starego JS, style w Tailwind CSS. Backend częściowo w Rust, API w GraphQL i REST, "
        "do tego SQL i Shopify, bo na nim stoją sklepy naszych klientów",
        "praca w 100% zdalna, b2b 12-20k netto",
    ]),
    (1501, "pl", False, [
        "Dzień dobry, piszę z agencji rekrutacyjnej Kevin Edward. Dla naszego klienta z Warszawy szukamy osoby "
        "na stanowisko Hadoop Administrator.",
        "Poziom: regular (mid). Wymagane: administracja klastrami Hadoop, Spark, Kafka, dobra znajomość Linuxa, "
        "ogólnie doświadczenie w środowisku Big Data.",
        "Model hybrydowy, widełki 15 000 – 27 000 zł netto na kontrakcie B2B.",
        "Proszę przygotować projekt ogłoszenia na tej podstawie.",
    ]),
    (759, "pl", False, [
        "Stanowisko: EntraID / Azure AD Consultant (for IAM area)\nLokalizacja: Gdańsk, hybrydowo\n"
        "Poziom: starszy specjalista (senior)",
        "Wymagania:\n- Azure Active Directory, Azure AD Connect\n- ADFS\n- Microsoft Identity Manager\n"
        "- Multi-Factor Authentication, Single Sign-On (SSO)\n- Powershell",
        "B2B, 26 880–30 240 PLN netto miesięcznie",
    ]),
    (1944, "pl", False, [
        "Dzień dobry, jesteśmy firmą z biurem w Poznaniu. Chcielibyśmy zamieścić ogłoszenie: Software Engineering Manager.",
        "Szukamy osoby doświadczonej, na poziomie seniorskim, z technicznym backgroundem w .NET C#, znajomością "
        "Software Architecture oraz praktyką w Team Leadership i Team Management. Pracujemy w Agile.",
        "Praca zdalna. Wynagrodzenie: 30 000 – 38 000 zł netto + VAT, współpraca B2B.",
        "Z góry dziękuję.",
    ]),
    (773, "pl", True, [
        "SAP SD/MM Consultant, regular, zdalnie (klient z Warszawy)",
        "SAP SD + SAP MM, projekt wdrożeniowy na SAP S/4 HANA",
        "stawka 140–180 zł/h netto, B2B",
        "zrób z tego ogłoszenie",
    ]),
    (1440, "pl", False, [
        "Cześć! Rozwijamy aplikację medyczną opartą o AI i szukamy Android Developera do zespołu w Warszawie",
        "Kogoś z solidnym doświadczeniem, senior. Android i Kotlin na co dzień, Git, ogólnie dobre praktyki "
        "Software Development. Angielski komunikatywny, bo część zespołu nie mówi po polsku.",
        "Hybrydowo, 2 dni w tygodniu w biurze. B2B 17-28k netto.",
    ]),
    (1531, "pl", False, [
        "Potrzebujemy ogłoszenia na „Cloud Support Engineer (Azure/GCP)”, poziom mid.",
        "Wymagania: Azure i GCP, Terraform, CI na Jenkinsie i TeamCity, repozytoria w Bitbucket, praca w Agile. "
        "Angielski min. B2.",
        "Warszawa, hybryda. Kontrakt B2B, 15 120 – 20 160 zł netto/mies.",
        "dzięki",
    ]),
    (796, "pl", True, [
        "Dzień dobry, tu Experis. Rekrutujemy na stanowisko AWS Engineer dla klienta z Łodzi, praca zdalna.",
        "Senior. Wymagamy: AWS (w tym IAM), Terraform, Kubernetes, CI/CD, skrypty w Pythonie, Bashu i Powershell.",
        "Stawka godzinowa 180-190 PLN netto, B2B.",
        "Prosimy o draft ogłoszenia.",
    ]),
    (832, "pl", False, [
        "Frontend Developer (Angular)",
        "- mid\n- Warszawa, hybrydowo\n- B2B 20–23,2 tys. zł netto",
        "stack: Angular, JavaScript, HTML5, CSS. Wymagamy też doświadczenia z DevOps i pracy w Scrum / Agile",
    ]),
    (816, "pl", False, [
        "Hej, emagine tutaj. Mamy projekt dla Senior React Native Developer, full remote, klient z Warszawy.",
        "Wymagania: React Native i React, TypeScript, natywne kawałki na iOS (Swift) i Android (Kotlin, Java), "
        "CI na GitHub Actions.",
        "Kontrakt B2B, 26 880-30 240 PLN netto miesięcznie.",
        "Przygotujesz ogłoszenie?",
    ]),
    (2005, "pl", False, [
        "Dzień dobry! Jestem z działu HR, chciałabym dodać ofertę. Tytuł: Full Stack Software Engineer (FE)",
        "Szukamy mida, nacisk na frontend: React, Next.js, TypeScript, HTML5 i SASS. Po stronie backendu Java, "
        "bazy SQL i NoSQL, infrastruktura na AWS. Angielski na dobrym poziomie, bo pracujemy w międzynarodowym zespole.",
        "Biuro mamy w Warszawie, pracujemy hybrydowo. B2B 15–20 tys. netto.",
    ]),
    (701, "pl", False, [
        "Dzień dobry, w imieniu Link Group poszukujemy kandydata na stanowisko Kubernetes Administrator (senior). "
        "Miejsce pracy: Warszawa, model hybrydowy.",
        "Wymagania: bardzo dobra znajomość Kubernetes i OpenShift, administracja systemami Linux, Networking.",
        "Oferujemy umowę o pracę, wynagrodzenie 20 000 – 24 000 zł brutto.",
    ]),
    (848, "pl", False, [
        "IT Consultant\nsenior\nzdalnie, firma z Wrocławia",
        "ServiceNow, SharePoint, ITSM/ITIL, angielski C1",
        "16,8-23,5k netto b2b",
    ]),
    (156, "pl", False, [
        "Cześć, rekrutuję na rolę QA Lead - Leader Testów, projekt zdalny dla banku z Warszawy.",
        "Poziom regular, ale z zacięciem do prowadzenia ludzi. Automatyzacja: Selenium + Cucumber, testy "
        "wydajnościowe w JMeterze, pisanie testów w Javie, JavaScript albo Pythonie, skrypty w Bashu. "
        "CI/CD na Jenkinsie i Azure DevOps.",
        "110–120 zł netto za godzinę, B2B",
        "To wszystko, poproszę o ogłoszenie.",
    ]),
    (2070, "pl", False, [
        "Dzień dobry, Ligo Headhunters. Szukamy dla klienta z Krakowa: Backend Team Lead Java Developer",
        "Seniorska rola. Technologie: Java + Spring Boot, PostgreSQL, RabbitMQ, Docker, kubernates, Linux.",
        "Hybryda (Kraków), B2B, 22-30 tys. zł netto",
        "Dziękuję!",
    ]),
    (1384, "pl", False, [
        "Dzień dobry, prosimy o pomoc w przygotowaniu ogłoszenia na stanowisko Service Desk Analyst with English and Polish.",
        "To stanowisko dla osoby na początku kariery (junior). Oczekujemy doświadczenia w Customer Support lub "
        "IT Support. Angielski na poziomie C1 to podstawa.",
        "Umowa o pracę, 6000–8000 zł brutto miesięcznie, praca hybrydowa z biura w Warszawie.",
    ]),
    (1366, "pl", False, [
        "szukamy: Product Manager, poziom mid, firma z Krakowa ale praca zdalna",
        "doświadczenie w Product Management, najlepiej przy Reporting Solutions, i ogarnięcie data analytics",
        "18-25k netto na b2b. rób draft",
    ]),
    (1859, "pl", True, [
        "Nazwa stanowiska: Data Developer (Java/Python)\nDoświadczenie: mid\nMiasto: Wrocław (praca zdalna)",
        "Wymagane umiejętności: Python, Apache Spark, Databases, Data",
        "Stawka: 120–130 zł/h netto + VAT, B2B",
        "Możesz przygotować ogłoszenie?",
    ]),
    (628, "pl", False, [
        "Dzień dobry, mam do opublikowania ofertę dla klienta z branży e-learningowej z Krakowa. Stanowisko to "
        "Learning System UX/Accessibility QA Specialist, praca całkowicie zdalna.",
        "Szukamy osoby z doświadczeniem na poziomie mid. Musi znać WCAG i ARIA, testować z czytnikiem JAWS "
        "i narzędziami Axe, WAVE, browserstack. Do tego znajomość Learning Management Systems i Content Management "
        "Systems, wyczucie UX i praca w Sketch/Figma/Adobe XD.",
        "B2B, 21 240 - 25 200 zł netto.",
    ]),
    (441, "pl", False, [
        "Senior System Analyst, Kraków, hybrid",
        "AWS, Kubernetes. B2B 16-18k netto",
        "to tyle",
    ]),
    (1119, "en", True, [
        "Hi, 7N here. We're looking for a Junior Customer Service Manager for a client in Krakow, hybrid.",
        "Entry-level role. Knowledge of ITIL and experience in an Agile environment required.",
        "Rate: 65–80 PLN/h net on B2B.",
        "Could you put the ad together?",
    ]),
    (1361, "en", False, [
        "Hey! I'm one of the founders of a small web3 studio based in Gdańsk. Hiring a Frontend Developer - Blockchain.",
        "mid-level, fully remote. Must-haves: ReactJS, TypeScript, JavaScript, HTML5, CSS, plus Blockchain knowledge "
        "since you'll be building wallet-facing frontends.",
        "14k-18k PLN net, B2B",
    ]),
    (346, "en", False, [
        "Role: Senior Python Developer\nCompany: Idego, Gdynia\nWork: remote",
        "Requirements:\n* Python\n* Django / Django Rest Framework\n* SQLAlchemy\n* Celery\n* PostreSQL, MongoDB\n* Azure",
        "B2B 24-27k PLN net/month. Please draft the ad.",
    ]),
    (1409, "en", False, [
        "Good afternoon, we would like to publish a vacancy for an Infrastructure Architect with GCP. The team sits "
        "in our Poznań office, but the position is fully remote.",
        "We are looking for a senior specialist with deep expertise in Google Cloud Platform, IaC, CI/CD pipelines "
        "and DevOps practices.",
        "Compensation: PLN 26,880–36,960 net per month on a B2B contract.",
        "Best regards",
    ]),
    (1707, "en", False, [
        "hi there, we're a food waste app and we need a Ruby on Rails Developer in our Warsaw office (office-based, not remote)",
        "mid level. you'd work with Ruby on Rails, PostgreSQL, Sidekiq for background jobs, a REST API following "
        "JSON:API, RSpec + TDD, solid OOP and Git. Polish is a must since the whole team speaks Polish",
        "b2b 14-19k net",
        "thx!",
    ]),
    (64, "en", False, [
        "Position: \"Senior Fullstack Developer (Java/React)\"",
        "Location: Gdansk (hybrid). Senior level, 5+ years.",
        "Tech stack: Java and Scala on the backend, Node.js, ReactJS with NextJS, TypeScript/JavaScript, AWS",
        "Salary: 19,000 - 24,000 PLN net, B2B",
    ]),
    (399, "en", False, [
        "Good morning, I'm a consultant at Antal. Our client, an international company in Warsaw, is hiring a "
        "Global IT Procurement Manager.",
        "This is an executive, C-level position. Fluent English is required.",
        "Hybrid work. Employment contract, 25,000–30,000 PLN gross monthly.",
        "Could you prepare a draft?",
    ]),
    (612, "en", False, [
        "DevOps Engineer",
        "senior, remote, Warsaw company",
        "IaC in Terraform, Bicep and ARM, Docker, Kubernetes, pipelines in Azure DevOps",
        "23-32k net B2B",
    ]),
    (26, "en", False, [
        "Hello, Square One Resources. Need an ad for a Data Scientist role (regular / mid), remote, client based in Warsaw.",
        "Skills: Python, PySpark, SQL, Databricks, Machine Learning, Git",
        "15,000 to 21,800 PLN net per month, B2B contract. Please prepare the ad.",
    ]),
    (251, "en", False, [
        "Hi, we want to post an English ad for a Junior Tester in Warsaw, hybrid.",
        "It's for someone at the beginning, a junior. Our skills list says: Testy funkcjonalne, Jira, SQL. English at B2.",
        "B2B, 6-8k PLN net",
    ]),
    (1166, "en", False, [
        "I'm the CTO at a Kraków-based software house. We need a Senior Golang Architect, 100% remote.",
        "Deep Golang, Temporal.io for workflows, Kubernetes, Docker, AWS.",
        "Budget 32k–49k PLN net monthly, B2B. Draft it please.",
    ]),
    (1552, "en", False, [
        "Next one: Senior Big Data Engineer (with Druid) - yes, keep the Druid part in the title, it's what candidates search for.",
        "Stack is Apache Spark, Airflow and of course Druid. Hybrid from our Krakow office.",
        "22 000 – 30 000 PLN net, B2B.",
    ]),
    (138, "en", False, [
        "- title: QA Engineer\n- level: mid\n- location: Warsaw, hybrid",
        "- must have: Java, Selenium WebDriver, Cucumber, Testy API, Gilab",
        "- B2B, PLN 20,000–22,680 net",
        "thanks",
    ]),
    (1411, "en", False, [
        "Hello, Human Group recruitment agency. Our client in Wrocław is hiring: Product Manager (Rozwój Produktów Technologicznych)",
        "Senior profile: several years in Product Management, strong in Discovery.",
        "Hybrid. B2B contract, 15-18k PLN net.",
        "Please draft an ad based on that.",
    ]),
    (1973, "en", False, [
        "Hi, Publink from Poznań here. Title as we use it internally: Senior Product/ Software Engineer (.Net i/lub React)",
        "Required: .Net, .NET Core and .Net Framework, ASP.NET, React with TypeScript and JS, some DevOps, working in Scrum.",
        "Remote. 13-22k net B2B.",
    ]),
    (1365, "en", False, [
        "Dear team, please prepare a job advertisement for the role of Senior Azure Data Engineer.",
        "Skills: Microsoft Azure, ETL, Python, Data.",
        "Remote; the client is located in Warsaw. Rate: 22,000–25,000 PLN net monthly (B2B).",
    ]),
    (1651, "en", False, [
        "hey, can you help me with an ad? role is IT Business Analyst (Sales & Discovery)",
        "we're a Wroclaw software house, job is remote. looking for a mid with solid Business Analysis experience "
        "who will join pre-sales calls, so fluent English",
        "13k-17k net b2b",
        "that's it",
    ]),
    (649, "en", True, [
        "Hi, we're hiring a Lead Golang Developer for a fintech client in Warsaw (hybrid, 2 days a week in the office).",
        "Seniority: C-level in the client's grading, this person leads the whole engineering team.",
        "Tech: Golang, Kafka, REST API, SQL, Docker and Kubernetes, Bitbucket, DevOps culture, BDD tests in Cucumber, "
        "Agile ways of working.",
        "Hourly rate 150-170 PLN net + VAT, B2B.",
    ]),
    (722, "en", False, [
        "Test Automation Engineer with Ruby on Rails – mid – Warsaw – hybrid",
        "Ruby, Ruby on Rails, Selenium, CI/CD (Jenkins, GitLab)",
        "16–25k PLN net B2B. write it up pls",
    ]),
    (967, "en", False, [
        "Hello, B2Bnetwork here. Position: Application Mapping Analyst with DORA Experience. Client in Gdynia, hybrid.",
        "We need an experienced (senior) analyst. Skills from the client's brief: DORA, Analiza Danych, Analytical "
        "Thinking, Problem-solving, komunikacja, Agile.",
        "B2B, 20 000 – 24 000 PLN net per month.",
        "Thanks in advance.",
    ]),
]


def expected(row, hourly_quote):
    # Skills are split on commas outside parentheses ("Single Sign-On (SSO)" stays whole); the
    # city is `Miasto` as written unless it names no city.
    return sets.expected(row, hourly_quote, spoken=LANGUAGE_SKILLS, keep_parens=True,
                         city=lambda city: None if city in NOT_A_CITY else city)


def main():
    rows = sets.read_offers(sets.data_arg(required=True))
    drawn = sets.random_draw(rows, SEED, 40, sets.used_rows(*EARLIER_SETS))
    for n, _, _, messages in CHATS:
        assert rows[n - 1]["Tytuł oferty"] in "\n".join(messages), n
    sets.write(SEED, sets.drawn_set(rows, drawn, sets.by_row(CHATS), "jj25-fi-", expected), indent=2)


if __name__ == "__main__":
    main()
