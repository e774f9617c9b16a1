"""The offline drafter's held-out set (crates/wakat-assistant/tests/data/held-out-ads.json).

The chats below were typed by hand, without reading the drafter or scripts/labelled_ads.py, as
different employers would write them; this script only packs them with the expected fields, which
come from each row of the CSV alone (never from running the drafter). Rows were drawn with
random.Random(4026) among data rows not used by labelled-ads.json whose title has no emoji.

    python3 scripts/held_out_ads.py crates/wakat-assistant/tests/data/labelled-ads.json \
        > crates/wakat-assistant/tests/data/held-out-ads.json
"""
import json
import os
import sys

import drafter_sets as sets

ROWS = sets.read_rows(os.environ.get("WAKAT_OFFERS_CSV", f"../shared/data/{sets.CSV_NAME}"))

# (row, language, hourly?, messages) — every message typed by hand.
ADS = [
 (169, "pl", False, [
  "Dzień dobry, otwieramy rekrutację na stanowisko Senior Scrum Master w naszym biurze we Wrocławiu.",
  "Szukamy seniora, który ma za sobą kilka lat w Agile i prowadził zespoły jako Scrum Master.",
  "Umowa o pracę, widełki 18–21 tys. zł brutto miesięcznie. Model hybrydowy, 2 dni w tygodniu w biurze. Proszę o szkic ogłoszenia."]),
 (1635, "en", True, [
  "Hi! We need a Senior Fullstack Developer (Angular/Java) for a banking project.",
  "Frontend is Angular with NgRx for state and Jest for tests; backend is Java on Spring Boot with Oracle and quite a lot of PL/SQL. APIs are documented in Swagger. They'd also own part of the CI/CD pipeline, so some DevOps experience is needed. Definitely a senior role.",
  "B2B, 120–160 PLN/h net. Hybrid – office in Warsaw, twice a week. Go ahead and draft it."]),
 (1386, "pl", False, [
  "Hej, potrzebujemy architekta aplikacji webowych. Tytuł ogłoszenia: Web Application Architect.",
  "To rola seniorska. Backend stoi na Django, frontend w React, więc bardzo dobra znajomość JavaScriptu to podstawa.",
  "Kontrakt B2B, stawka 25-40k netto miesięcznie. Hybrydowo, biuro w Warszawie."]),
 (593, "en", False, [
  "Looking for a Senior Data Scientist, fully remote (our HQ is in Warsaw).",
  "Day to day it's Python, building ETL jobs and analytics for the business intelligence team. We want someone senior who can work on their own. English has to be fluent, the team is international.",
  "Budget: 20k–25k PLN net per month on B2B. That should be everything."]),
 (809, "pl", False, [
  "Dzień dobry, szukamy osoby na stanowisko Business Analyst (NON IT) do projektu w Krakowie.",
  "Poziom: senior. Narzędzia to głównie Jira i Confluence, reszta to praca z biznesem.",
  "B2B, 19 000 – 24 000 zł netto + VAT. Hybryda, biuro w Krakowie raz–dwa razy w tygodniu. Możesz przygotować ogłoszenie?"]),
 (420, "en", False, [
  "We're hiring a Senior Engineering Manager to lead two product teams in Krakow.",
  "It's a senior position, hands-on enough to review code: services are written in Go, Java and Kotlin, the frontend in React, and everything runs on AWS.",
  "Employment contract (UoP), 33,600–38,000 PLN gross a month. Hybrid work. Please write it up."]),
 (1376, "pl", True, [
  "Szukamy Data Engineera, w ogłoszeniu proszę tytuł: Data Engineer (Azure, Databricks, ETL).",
  "Poziom mid. Będzie budować procesy ETL i rozwijać hurtownię (DWH), wymagamy Pythona i PL/SQL.",
  "Stawka 130–150 zł/h netto na B2B. Hybrydowo, Warszawa. To wszystko."]),
 (946, "en", False, [
  "Hi, the role is called \"Fullstack Java Angular (+DevOps Backround)\" – please keep that title.",
  "Mid-level. Backend in Java with Spring and Hibernate, some NoSQL storage, frontend in Angular. A DevOps background matters because they'll maintain the deployments too.",
  "100% remote, company based in Warsaw. B2B contract, 20 160 - 26 880 PLN net monthly."]),
 (1849, "en", False, [
  "Hello, I'd like to post an ad for a Fullstack Developer (Java + React). Senior.",
  "Must haves: Java – both Java SE and Java EE – plus Hibernate and Oracle. On the front: React + Redux, JavaScript and TypeScript. Good English, we talk to the client daily.",
  "Remote, we're in Warsaw but nobody has to come in. B2B 18-25.5k PLN net.",
  "That's it, can you draft the ad?"]),
 (1261, "pl", True, [
  "Dzień dobry, rekrutujemy testera do projektu Anastazya. Stanowisko: Tester UAT (Anastazya).",
  "Szukamy osoby na poziomie regular, wyłącznie testy manualne (manual testing), UAT z użytkownikami biznesowymi.",
  "Stawka godzinowa 60-95 zł netto, B2B. Praca hybrydowa w Warszawie. Proszę przygotuj ogłoszenie."]),
 (2102, "en", False, [
  "We're looking for a senior Scala Engineer.",
  "Our stack: Scala on the JVM, functional style with cats, cats effect and monix, Akka for some older services, Kafka and Cassandra for data.",
  "25-35k PLN/month net, B2B. Hybrid in Warsaw (office in Mokotów). Draft it please."]),
 (1282, "pl", False, [
  "Cześć! Szukamy architekta danych do naszego biura w Gdańsku. Tytuł: Data Architect.",
  "Szukamy seniora. Kluczowe: Data, Data modeling, IBM oraz Microsoft SQL (MsSQL).",
  "B2B, widełki 18–22 tys. netto. Praca hybrydowa. Tyle ode mnie."]),
 (2095, "pl", False, [
  "Dzień dobry, szukamy Senior Java Developera. Firma z siedzibą w Łodzi, ale praca w pełni zdalna.",
  "Technologie: Spring Boot i Spring Security, Hibernate, MySQL, REST, Maven, Git, a na froncie trochę Handlebars. Ważna jest znajomość wzorców projektowych.",
  "Kontrakt B2B, od 16 do 20 tys. zł netto."]),
 (385, "en", True, [
  "Hi, we need a Cloud Data Architect, senior level, fully remote. Company registered in Warsaw.",
  "Platform is on Azure with Databricks; pipelines in Python/PySpark on Spark, everything containerised with Docker and deployed through CI/CD.",
  "Rate: 160–200 PLN per hour net, B2B. Please prepare the ad."]),
 (1951, "en", False, [
  "Posting for an IT4IT Business Analyst (part-time FTE).",
  "Senior person with solid business analysis experience and knowledge of the IT4IT reference architecture. Fluent English.",
  "It's part time and remote. B2B, 14,000 to 14,800 PLN net per month. We're a Warsaw company. Can you put the ad together?"]),
 (1652, "pl", False, [
  "Hej, szukamy React Native Developera (mid) do aplikacji mobilnej.",
  "Stack: React Native z Expo, JavaScript, do tego pisanie testów jednostkowych (unit testing).",
  "Pracujemy zdalnie, siedziba w Poznaniu. B2B 12-18k netto. Przygotuj proszę ogłoszenie."]),
 (342, "en", True, [
  "We're recruiting a Guidewire Developer for an insurance client.",
  "Senior. Guidewire experience is a must, plus Java/J2EE, some Kotlin, web services (REST and SOAP), SQL and XML. There's an old Angular 5 frontend too.",
  "100–120 PLN/h net on B2B, remote. Our office is in Warsaw if anyone wants to come in."]),
 (1581, "en", False, [
  "Hi there, we need an Android Developer – mid level.",
  "Experience with native Android apps in Kotlin and Java, the Android SDK, a good grasp of design patterns and consuming a RESTful API.",
  "B2B, 24 000–25 600 zł net. Hybrid: Warsaw office, 3 days a week. Thanks, go ahead with the ad."]),
 (248, "pl", False, [
  "Dzień dobry. Szukamy osoby na stanowisko FullStack Software Engineer, poziom mid.",
  "Backend w .Net i częściowo w Javie, front w Angularze i czystym HTML, do tego SQL.",
  "Umowa o pracę, 12–16 tys. zł brutto. Zdalnie, firma z siedzibą w Katowicach. Poproszę o ogłoszenie."]),
 (1796, "en", False, [
  "Looking for a Data Science Engineer (regular/mid) to join our Krakow team, remote.",
  "They'll put ML models into production on GCP, lots of BigQuery, and maintain the CI/CD around it.",
  "B2B only: 20,100-21,800 PLN net a month. Please draft the ad."]),
 (1515, "pl", False, [
  "Cześć, rekrutujemy: Data Engineer (DevOps). Szukamy osoby na poziomie mid.",
  "Praca z Big Data, budowa ETL, dużo SQL i Snowflake.",
  "Stawka 160-180 zł netto/h, B2B. Hybrydowo z Warszawy. Możesz już napisać ogłoszenie."]),
 (2157, "pl", False, [
  "Dzień dobry, stanowisko: Analityk Biznesowy, poziom mid.",
  "Modelowanie procesów w BPMN, praca w metodykach zwinnych, angielski na poziomie komunikatywnym.",
  "B2B, 14-15 tys. netto miesięcznie. Praca hybrydowa, biuro w Warszawie."]),
 (1423, "en", False, [
  "Ad title: System Administrator - security, authentication.",
  "Senior sysadmin focused on identity: Microsoft AD, Okta, ABAC policies, scripting in Powershell and Python.",
  "Fully remote, B2B 20k-25k PLN + VAT. HQ in Warsaw. That's all from me."]),
 (2122, "pl", True, [
  "Szukamy Engineering Managera, doświadczonego – to stanowisko seniorskie.",
  "Od strony technicznej wystarczy nam dobra znajomość Dockera, reszta to zarządzanie ludźmi.",
  "170–220 zł/h netto na B2B, w 100% zdalnie. Siedziba firmy: Warszawa. Proszę o propozycję ogłoszenia."]),
 (1268, "en", False, [
  "We want to hire a Senior Security Operations Engineer for our SOC in Warsaw.",
  "SIEM experience – Splunk, Sentinel and Google Sec/Ops – and scripting in Pyhon.",
  "Hybrid. B2B 26,880–33,600 PLN net monthly. Draft it when ready."]),
 (1126, "pl", False, [
  "Dzień dobry, tytuł oferty: Senior Go developer -100% remote possible.",
  "Szukamy seniora z Golang, AWS i ogólnie Cloud.",
  "Praca zdalna, biuro we Wrocławiu dla chętnych. B2B 23-26 tys. zł netto. To tyle, możesz pisać."]),
 (2103, "en", True, [
  "We're looking for a Senior Automation Tester.",
  "Tests are written in Java with Selenium, plus API tests over REST. They should be comfortable with SQL, test data in JSON, XML and CSV files, Git, and running everything on Jenkins in our CI/CD.",
  "B2B at 140-160 PLN/h net. Hybrid, office in Warsaw."]),
 (1673, "pl", False, [
  "Hej! Szukamy osoby na stanowisko Backend/FullStack Developer (PHP/JS), poziom regular.",
  "Głównie PHP i Symfony, trochę Node.js. Bazy: MySQL i Elasticsearch, API w GraphQL. Na co dzień Docker, Git, Postman. Zasady SOLID to podstawa.",
  "18–20 tys. netto na B2B. Hybrydowo, biuro we Wrocławiu. Dzięki, czekam na szkic."]),
 (1439, "en", False, [
  "Hi, we're after a Senior ServiceNow Developer.",
  "Deep ServiceNow knowledge and integrations via Rest/SOAP.",
  "Remote (Warsaw-based company). B2B, 27.3k to 33.6k PLN net per month. Please go ahead."]),
 (1700, "pl", False, [
  "Dzień dobry, rekrutujemy na stanowisko Enduser Senior Specialist, biuro w Gdańsku, praca hybrydowa.",
  "Starszy specjalista – endpoint management, Intune, Entra ID, Microsoft Azure, Mobile Device Management (MDM).",
  "Kontrakt B2B, 30 200–33 500 zł netto miesięcznie."]),
 (1277, "pl", False, [
  "Cześć, szukamy BPM Developera na poziomie mid, praca zdalna.",
  "Wymagamy: BPMN, JavaScript, SQL, integracje przez REST API i SOAP, XSLT i XPath, Git oraz CI/CD.",
  "B2B, 10-16 tys. zł netto. Firma z siedzibą w Warszawie. Proszę o ogłoszenie."]),
 (411, "en", False, [
  "We're hiring a Lead .NET Full-Stack Engineer in Krakow (hybrid). Please mark the seniority as C-level.",
  "C#, JavaScript, Microsoft SQL Server; pipelines in Azure DevOps, so CI/CD and general DevOps know-how.",
  "Permanent contract, 19 300 – 29 000 PLN gross. Draft it, thanks."]),
 (1987, "pl", False, [
  "Dzień dobry, tytuł: Adoption & Change Management Consultant with German (UoP).",
  "Poziom mid. Doświadczenie w change management i project management, znajomość Microsoft 365, niemiecki biegle.",
  "UoP 11-16k brutto, hybrydowo w Katowicach. Tyle, proszę o ogłoszenie."]),
 (2050, "en", True, [
  "Need a Senior Java Developer, remote.",
  "Java with REST services, Apache Kafka for events, Docker, and cloud experience.",
  "145-170 PLN/h net, B2B. We're registered in Warsaw. Please draft the ad."]),
 (1884, "en", False, [
  "Hi, we'd like to advertise a Security Specialist role, senior.",
  "Cloud security on Azure/GCP, hardening Linux/Windows, and working to NIST.",
  "Hybrid in Warsaw. 18-24k net on B2B."]),
 (1127, "pl", False, [
  "Szukamy osoby na stanowisko Cloud Engineer (SnowFlake), poziom mid, biuro w Katowicach.",
  "Snowflake, SQL, Big Data, do tego DevOps i ogólnie Cloud.",
  "Umowa o pracę: 20 000 - 25 000 zł brutto miesięcznie. Hybryda. Proszę przygotować ogłoszenie."]),
 (645, "en", False, [
  "We're hiring: AI Expert / Senior Business Analyst.",
  "Senior level. Strong business analysis, hands-on with AI use cases, working in Scrum.",
  "B2B 22–28k PLN net a month, hybrid from our Warsaw office. Could you draft the ad?"]),
 (617, "pl", False, [
  "Dzień dobry, szukamy doświadczonego Agile Coacha. Stanowisko: Agile Coach/RTE.",
  "Wymagamy praktyki w Agile i SAFe oraz doświadczenia jako RTE.",
  "Umowa o pracę, 25 200 – 31 920 zł brutto. Praca hybrydowa w Warszawie. To wszystko."]),
 (1854, "en", False, [
  "Looking for a Senior Java/Kotlin Developer.",
  "Java and Kotlin on Spring Boot, Kafka, PostgreSQL.",
  "B2B, 23.5-25.2k PLN net. Hybrid, Warsaw. Go ahead."]),
 (2006, "pl", False, [
  "Cześć, otwieramy rekrutację na stanowisko Reporting Developer (Power BI). Szukamy regulara.",
  "Power BI z DAX i Power Query, SSAS, SQL, DWH i ETL. Wymagamy też Power Automate i ALM Toolkit. Zadania prowadzimy w Jira/Confluence.",
  "Zdalnie, firma w Warszawie. B2B: 13 400–18 500 zł netto."]),
]


def expected(row: dict, hourly: bool) -> dict:
    # The city is the row's `Miasto` as written (every row of this set names a city).
    return sets.expected(row, hourly, spoken=sets.SPOKEN, city=lambda city: city)


used = {sets.row_number(a) for a in json.load(open(sys.argv[1], encoding="utf-8"))["ads"]}
out = []
for number, language, hourly, messages in ADS:
    assert number not in used, number
    out.append(sets.ad("jj25-ho-", number, language, messages, expected(ROWS[number - 1], hourly)))
assert len({a["source"] for a in out}) == len(out)
sets.write(4026, out, indent=1)
