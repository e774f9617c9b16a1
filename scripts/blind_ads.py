#!/usr/bin/env python3
"""The offline drafter's second blind set (issue 26): 40 real justjoin.it offers (20 Polish chats,
20 English) that neither `labelled-ads.json` nor `held-out-ads.json` uses, drawn with
`random.Random(5026)` among the CSV's data rows whose title has no emoji (first 20 drawn: Polish
chats, next 20: English). The chats below were typed by hand, one employer at a time, without
reading the drafter's source or the other two sets' chats; `expected` comes from the CSV row only.

    python3 scripts/blind_ads.py --data ../shared/data > crates/wakat-assistant/tests/data/blind-ads.json

(from the repository root). The set is a report, never a target: do not edit it to fit the drafter.
"""

import drafter_sets as sets

SEED = 5026

# row -> (language, hourly, messages). `hourly`: the chat quotes the hourly rate of a monthly range
# that is a multiple of 168 (justjoin's hours a month), so the amounts are expected divided by 168.
CHATS = {
    # ---- Polish chats ----
    241: ("pl", False, [
        "Dzień dobry, chcemy opublikować ogłoszenie pod tytułem „Future Data Engineer Opportunities – Databricks I Cloud I Big Data”. Szukamy osób na poziomie senior.",
        "Stack, który kandydat musi znać: Azure, Databricks, PySpark, Python i SQL, a do tego Other clouds.",
        "Praca w pełni zdalna, formalnie jesteśmy we Wrocławiu. Kontrakt B2B, 26 880 – 31 900 zł netto miesięcznie.",
        "Proszę o przygotowanie projektu ogłoszenia.",
    ]),
    247: ("pl", True, [
        "hej! potrzebujemy Engineering Managera do naszego zespołu w Krakowie, tryb hybrydowy, 2 dni w biurze",
        "osoba doświadczona, spokojnie senior. technicznie: produkt stoi na Javie na backendzie i React z TypeScriptem na froncie, więc musi to rozumieć, do tego codzienna praca w Jira i Confluence",
        "B2B, stawka 140-170 zł/h netto",
    ]),
    402: ("pl", False, [
        "Dzień dobry. Rekrutujemy na stanowisko Staff Applied Scientist do biura w Krakowie (model hybrydowy).",
        "Poziom: senior. Oczekujemy bardzo dobrej znajomości Machine Learning i AI, Pythona oraz C#, doświadczenia w Data modeling, procesach ETL, Big Data i pracy w Cloud.",
        "Oferujemy umowę o pracę, wynagrodzenie 28 000 – 42 000 zł brutto miesięcznie.",
    ]),
    732: ("pl", False, [
        "stanowisko: Remote Senior Python Developer",
        "wymagania: Python, AWS, Git, JavaScript, React, C++",
        "b2b 21,4-29,5k netto, full remote, firma z Krakowa",
    ]),
    751: ("pl", True, [
        "Cześć, szukamy kogoś na Senior/Lead Python Developer. Senior albo lead, min. 5 lat w Pythonie.",
        "Projekt to platforma z elementami AI. Backend w Django i Flask, wdrożenia przez CI/CD pipelines, Docker i Kubernetes na AWS, bazy NoSQL.",
        "Hybrydowo z Warszawy. Stawka 165–195 PLN/h na B2B. Możesz zrobić draft?",
    ]),
    794: ("pl", False, [
        "Dzień dobry, otwieramy rekrutację: GCP Cloud Engineer, seniorski poziom, 100% zdalnie (spółka z siedzibą w Warszawie).",
        "Wymagane umiejętności: GCP i GCP Services, Terraform/Cloud Deployment Manager, Jenkins/Gitlab CI, Python/Golang/Java, Networking principles oraz Application Monitoring.",
        "Widełki 26 880–31 920 PLN netto na B2B.",
    ]),
    943: ("pl", False, [
        "hej, robimy ogłoszenie na Devops Engineer, regular/mid",
        "szukamy kogoś kto ogarnia AWS, pisze skrypty w Bashu i Pythonie i zna Jenkinsa",
        "zdalnie, firma z Gdańska, B2B 17,6–19,2 tys. netto",
        "to chyba tyle",
    ]),
    945: ("pl", False, [
        "Tytuł ogłoszenia: Fullstack Java Angular + Test Automation skills",
        "Szukamy mida. Java + Angular na co dzień, testy w JUnit i Selenium, bazy MySQL i Oracle.",
        "Full remote (klient z Warszawy), B2B 20 160 - 26 880 zł netto/mc",
    ]),
    1106: ("pl", False, [
        "Dzień dobry, poszukujemy kandydata na stanowisko Administrator Hurtowni Danych (poziom mid).",
        "Wymagana znajomość środowiska Linux / Unix, SAS, SQL oraz skryptów Shell.",
        "Praca hybrydowa w Warszawie, kontrakt B2B, od 15 900 do 20 000 zł netto.",
        "Proszę przygotować ogłoszenie.",
    ]),
    1111: ("pl", True, [
        "Potrzebuję ogłoszenia: Data Architect (low-code platform)",
        "poziom regular, wymagamy: ETL, Hadoop, Kafka, Low-code platform, MS SQL i MS SQL Server",
        "B2B, 140-170 zł netto za godzinę, hybrydowo w Warszawie",
    ]),
    1113: ("pl", False, [
        "Dzień dobry! Szukamy juniora: Junior Fullstack Developer (UoP)",
        "Java, Spring Batch i React – tyle musi znać",
        "Umowa o pracę, 6-9 tys. brutto, hybryda w Katowicach",
        "Proszę o ogłoszenie",
    ]),
    1332: ("pl", False, [
        "Cześć, otwieramy rolę Senior Angular Developer (with Spartacus).",
        "Stack: Angular 17, TypeScript, RxJS, NgRx i CSS. Ważne też Unit Testing oraz e2e testing.",
        "Praca zdalna, biuro mamy we Wrocławiu. Wynagrodzenie 16 800–27 700 PLN netto, kontrakt B2B.",
    ]),
    1538: ("pl", False, [
        "Test Automation Engineer, mid — do zespołu QA we Wrocławiu, hybrydowo",
        "testy automatyczne w Javie z Selenium, wydajnościowe w JMeterze, środowisko w Azure",
        "15-17k netto B2B",
        "przygotuj proszę propozycję",
    ]),
    1597: ("pl", False, [
        "Dzień dobry, szukam doświadczonego Android Developera (senior) do projektu zdalnego, firma z Krakowa.",
        "Kandydat musi znać Kotlin i Android, JVM, trochę C++ (warstwa natywna), do tego Jenkins, CI/CD, DevOps, Amazon AWS i Splunk do logów.",
        "B2B od 20 do 33 tysięcy netto miesięcznie.",
    ]),
    1672: ("pl", False, [
        "PHP Tech Lead - senior",
        "PHP, SQL, PostgreSQL, React",
        "Praca stacjonarna w biurze w Warszawie. Widełki 35-45k netto na B2B.",
    ]),
    1773: ("pl", False, [
        "Hej, mamy wakat na Senior Software Engineer (Level 5)",
        "u nas JavaScript wszędzie: React, React Native i Node.js, a część backendu w Pythonie",
        "kraków, hybrydowo, B2B 24 000–31 500 zł netto",
        "dzięki, wygeneruj ogłoszenie",
    ]),
    1775: ("pl", False, [
        "Dzień dobry, proszę o pomoc w ogłoszeniu na stanowisko „Senior IT Systems Engineer (Powershell)”.",
        "Wymagania: administracja Microsoft 365, automatyzacja w Powershell, Azure DevOps, integracje przez API, IdP i RBAC.",
        "Forma współpracy: B2B, 24–28 tys. zł netto. Praca zdalna, siedziba w Warszawie.",
    ]),
    1908: ("pl", True, [
        ".NET Developer (Azure Functions) - szukamy regulara",
        "wymagane .NET C#, .NET Core, ASP.NET, Azure + Azure Services",
        "zdalnie, biuro we Wrocławiu; stawka 100–120 zł/h netto B2B",
    ]),
    1997: ("pl", False, [
        "Dzień dobry, stanowisko: DevOps Engineer (UoP). Szukamy kogoś doświadczonego, poziom senior.",
        "Codzienna praca z Terraform i Ansible, podejście IaC, pipeline'y CI/CD w Cloud.",
        "Zatrudnienie na umowę o pracę, 13 000–22 000 zł brutto. Tryb hybrydowy, biuro w Katowicach.",
    ]),
    2146: ("pl", True, [
        "Dzień dobry, tytuł: SAP FIORI, UX Support and Business Consultant",
        "doświadczenie na poziomie mid; znajomość SAP Fiori i SAP UX",
        "150-220 zł/h netto, B2B, hybrydowo w Krakowie",
        "proszę o draft ogłoszenia",
    ]),
    # ---- English chats ----
    109: ("en", False, [
        "Hi, we're hiring an AI Engineer, mid-level, fully remote (our HQ is in Warsaw).",
        "They should be strong in Python and fastapi, with hands-on experience with OpenAI and Hugging Face models, Prompt Engineering, rag pipelines and a Vector Database.",
        "Employment contract, 20,000–26,000 PLN gross per month.",
        "Please draft the ad.",
    ]),
    143: ("en", False, [
        "Job title: Administrator ERP (Comarch XL)",
        "Mid level. Must know Comarch ERP XL, ERP systems in general and SQL.",
        "On-site in our Gdańsk office. B2B 15k-18k PLN net.",
    ]),
    276: ("en", True, [
        "Fullstack .Net Developer, regular level, remote",
        "stack: .Net + Angular, MsSQL, Azure, Docker, Kubernetes, Ansible, Grafana",
        "B2B 135-165 PLN/h net, client based in Warsaw",
    ]),
    292: ("en", False, [
        "Hello! Looking for a Senior Data Engineer to join us remotely – company registered in Warsaw.",
        "Requirements: Python and SQL, DBT, Airflow for orchestration, Snowflake/Redshift, AWS, Terraform.",
        "Rate: 28-34k PLN net monthly on B2B. That's everything, can you put the ad together?",
    ]),
    372: ("en", False, [
        "We need a Java Developer. Senior profile, 6+ years.",
        "Java 11, Spring Boot, MongoDB and Cassandra.",
        "Remote, the team sits in Bydgoszcz. B2B, 18,480 - 20,160 PLN net a month.",
    ]),
    709: ("en", False, [
        "hey, we're a small security startup and need a Founding Backend Engineer - Mid/Senior",
        "we'd rather have someone senior. Skills we need: Backend, TypeScript, JavaScript",
        "fully remote anywhere in Poland, b2b 20-40k net",
    ]),
    710: ("en", False, [
        "Hi there, we'd like to post an entry-level role: Junior Software Engineer.",
        "We expect basics of Java / Spring, Docker, Kubernetes, Jenkins, Azure and GCP, plus some BPM knowledge.",
        "Hybrid from our Warsaw office, B2B contract, 4000 to 8000 PLN net per month.",
    ]),
    717: ("en", False, [
        "Good morning. We are looking for a senior specialist for the role titled Infrastructure Support & Database Administration.",
        "Required skills: MS SQL Server and Oracle, Linux & Windows, Powershell & Bash scripting, Ansible and Kubernetes.",
        "Hybrid work in Warsaw; B2B contract with a monthly range of PLN 20,800 – 26,880 net.",
    ]),
    836: ("en", True, [
        "Azure DataBricks Engineer — senior, remote, Kraków-based client",
        "Must haves: Azure, Databricks, Python, SQL; migrating data from Oracle and Redshift",
        "140–190 PLN per hour net, B2B",
        "go ahead and draft it",
    ]),
    909: ("en", False, [
        "Hi, I'd like to create an offer for a FullStack Developer.",
        "We need a senior. Backend in C# / .NET Core with MS SQL Server, frontend in Angular with TypeScript, deployments on Docker and Kubernetes.",
        "Hybrid in Warsaw, B2B 17 000 - 21 000 PLN net.",
    ]),
    1459: ("en", False, [
        "Position: Senior .NET Developer (Blazor, Azure)",
        "Experience with ASP.NET, Blazor and Azure is a must.",
        "Remote-first, we're based in Gliwice. Salary on B2B: 15.6k–23.5k PLN net.",
    ]),
    1573: ("en", True, [
        "We're looking for a senior DevOps Engineer for a long-term contract.",
        "Tech: Docker, Kubernetes on Red Hat, general DevOps practices.",
        "Fully remote (Gdańsk office for occasional visits). 120-140 PLN/h net on B2B.",
    ]),
    1582: ("en", False, [
        "Hi, the ad should be titled \"Mobilny Serwisant Automatów\" (a field technician servicing our vending machines).",
        "Mid-level experience. Needs to be comfortable with Linux and Windows.",
        "Contract of employment, 6,000–7,300 PLN gross. Hybrid, based in Wrocław.",
    ]),
    1600: ("en", False, [
        "Title: Data/ML Platform Tech Lead / Data Engineer",
        "Seniority: senior. Skills: Python, Airflow, Kafka, Azure, AI, working in Scrum",
        "hybrid, Warsaw. b2b 23 000-28 000 net",
    ]),
    1638: ("en", False, [
        "Hello, we want to hire a Data Architect. This is a C-level position reporting directly to the board.",
        "Technically: Apache Spark, Delta Lake, Azure and Python.",
        "B2B, 33-36k PLN net per month, remote, company in Warsaw.",
    ]),
    1675: ("en", False, [
        "Hi! Please help me write an ad for a Test Automation Engineer (.NET), senior level.",
        "The person must know .NET C#, do Automated Testing and API Testing, GUI testing too, know Relational Databases and work in Agile.",
        "Hybrid in Warsaw, B2B from 15,200 to 22,000 PLN net.",
    ]),
    1680: ("en", False, [
        "angular developer, mid, remote",
        "Angular, TypeScript, RxJS",
        "11-15k net b2b, we're in Warsaw",
    ]),
    1725: ("en", False, [
        "Hey! We're a weather-tech startup from Kraków looking for a React Developer (mid).",
        "They'd work with React and React Native, JavaScript and TypeScript, styling in CSS / SCSS.",
        "Remote, B2B 12-16k PLN net/month. Thanks!",
    ]),
    1825: ("en", False, [
        "We are recruiting a Senior Analytic Engineer (remote, Warsaw-registered company).",
        "Required: SQL, Python, Snowflake, AWS, Data modeling, BI. Fluent English and Polish.",
        "B2B 23,500 to 27,400 PLN net monthly. Please prepare the draft.",
    ]),
    2170: ("en", False, [
        "Senior Python Developer wanted, full remote",
        "Django and fastapi, SQL, Azure. Python obviously.",
        "Budget 22-25k PLN net on B2B, Warsaw-based company. That's all.",
    ]),
}


def main():
    rows = sets.read_offers(sets.data_arg())
    drawn = sets.random_draw(rows, SEED, 40, sets.used_rows("labelled-ads.json", "held-out-ads.json"))
    # Spoken-language skills go to `languages`, as in the other two sets; the city is expected
    # only where `Miasto` is a city's own name in index-data/cities.json.
    cities = set(sets.gazetteer().values())
    ads = sets.drawn_set(rows, drawn, CHATS, "jj25-bl-", lambda row, hourly: sets.expected(
        row, hourly, spoken=sets.SPOKEN, city=lambda city: city if city in cities else None))
    sets.write(SEED, ads, indent=2)


if __name__ == "__main__":
    main()
