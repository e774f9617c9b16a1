### The mails' texts in Polish. Every id here is also in mails.en.ftl (a unit test in
### crates/wakat-app/src/mails/catalogue.rs checks both files and the ids the code uses).
### Variables: $board (the board's name), $name, $search, $offer, $company, $link, $count…
### Polish plurals select on [one] (1), [few] (2–4, 22–24, …) and [many] (0, 5–21, 25–31, …).

## Shared by the mails of candidate and employer accounts

# The first line, by name (the names of a contested account may be a stranger's: then without).
greeting-named = Cześć { $name },
greeting-anonymous = Dzień dobry,
account-contested-note = Na ten adres zarejestrowano konto więcej niż raz przed potwierdzeniem, więc hasło ustawisz, potwierdzając adres. Wcześniejsze linki nie działają.

## Candidate accounts (mails/accounts.rs)

account-confirm-subject = Potwierdź konto w { $board }
account-confirm-heading = Potwierdź adres e-mail
account-confirm-intro = dziękujemy za założenie konta. Kliknij przycisk, aby potwierdzić adres e-mail i zalogować się.
account-confirm-button = Potwierdzam
account-confirm-footnote = Link jest ważny 48 godzin. Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.

account-exists-subject = Masz już konto w { $board }
account-exists-heading = Masz już konto
account-exists-intro = ktoś (może Ty) próbował założyć konto na ten adres, ale konto już istnieje. Zaloguj się albo ustaw nowe hasło.
account-exists-button = Zaloguj się
account-exists-forgot-password = Nie pamiętasz hasła? { $link }

account-reset-subject = Ustaw nowe hasło
account-reset-heading = Nowe hasło
account-reset-intro = kliknij przycisk, aby ustawić nowe hasło.
account-reset-button = Ustaw hasło
account-reset-footnote = Link jest ważny godzinę. Jeśli to nie Ty prosiłeś o zmianę, zignoruj tę wiadomość.

account-password-changed-subject = Hasło zostało zmienione
account-password-changed-heading = Hasło zmienione
account-password-changed-intro = hasło do Twojego konta zostało zmienione, a pozostałe sesje wylogowane. Jeśli to nie Ty, ustaw nowe hasło.
account-password-changed-button = Ustaw nowe hasło

account-email-change-subject = Potwierdź nowy adres e-mail
account-email-change-heading = Nowy adres e-mail
account-email-change-intro = kliknij przycisk, aby logować się tym adresem.
account-email-change-button = Potwierdzam
account-email-change-footnote = Link jest ważny 24 godziny.

## Job alerts (mails/alerts.rs)

alert-activate-subject = Potwierdź powiadomienie o nowych ofertach
alert-activate-heading = Potwierdź powiadomienie
alert-activate-intro = Kliknij przycisk, aby otrzymywać nowe oferty dla wyszukiwania „{ $search }”.
alert-activate-button = Aktywuj powiadomienie
alert-activate-account-created = Założyliśmy też Twoje konto kandydata na ten adres. Ustaw hasło, aby się logować (link jest ważny godzinę; później użyj „Nie pamiętam hasła” z tym adresem).
alert-activate-set-password-button = Ustaw hasło
alert-activate-footnote = Link jest ważny 48 godzin. Jeśli to nie Ty zapisałeś wyszukiwanie, zignoruj tę wiadomość.
alert-activate-unsubscribe = Rezygnacja z powiadomienia: { $link }

# $count: the new offers of the search since the last digest.
alert-digest-subject = Nowe oferty: { $search } ({ $count })
alert-digest-heading = Nowe oferty: { $search }
alert-digest-intro = Od ostatniej wiadomości { $count ->
        [one] pojawiła się { $count } nowa oferta pasująca
        [few] pojawiły się { $count } nowe oferty pasujące
       *[many] pojawiło się { $count } nowych ofert pasujących
    } do Twojego wyszukiwania.
alert-digest-all-offers-button = Zobacz wszystkie oferty
alert-digest-frequency-link = Zmień częstotliwość powiadomień
alert-digest-unsubscribe-link = Wypisz się z tego powiadomienia
alert-digest-footnote = Dostajesz tę wiadomość, bo zapisałeś powiadomienie o ofertach w { $board }.

# An offer's salary in a digest or a feed: $from and $to are whole amounts already grouped
# ("12 500"), $currency its code ("PLN"), $unit the period ("/ mies.").
offer-salary-range = { $from } – { $to } { $currency } { $unit }
offer-salary-from = od { $from } { $currency } { $unit }
offer-salary-up-to = do { $to } { $currency } { $unit }
offer-salary-undisclosed = wynagrodzenie nieujawnione

## Applications (mails/applications.rs)

# $status: one of the application-status-* words below.
application-status-subject = Zmiana statusu aplikacji: { $offer }
application-status-heading = Status Twojej aplikacji
application-status-intro = Pracodawca zmienił status Twojej aplikacji na stanowisko { $offer }: { $status }.
application-status-button = Historia aplikacji
application-status-new = nowa
application-status-seen = przejrzana
application-status-in-review = w ocenie
application-status-interview = zaproszenie na rozmowę
application-status-offer = oferta
application-status-hired = zatrudnienie
application-status-rejected = odrzucona

## Employer accounts (mails/employers.rs)

employer-confirm-subject = Potwierdź konto pracodawcy w { $board }
employer-confirm-heading = Potwierdź adres e-mail
employer-confirm-intro = dziękujemy za rejestrację firmy. Potwierdź adres e-mail, aby publikować ogłoszenia.
employer-confirm-button = Potwierdzam
employer-confirm-footnote = Link jest ważny 48 godzin.

# $inviter: the inviting user's first name; the -anonymous text when it is blank.
employer-invite-subject = Zaproszenie do firmy { $company }
employer-invite-heading = Zaproszenie
employer-invite-intro = { $inviter } zaprasza Cię do konta firmy { $company } w serwisie { $board } (rola: { $role }).
employer-invite-intro-anonymous = Ktoś z firmy zaprasza Cię do konta firmy { $company } w serwisie { $board } (rola: { $role }).
employer-invite-role-owner = właściciel
employer-invite-role-recruiter = rekruter
employer-invite-how-to-join = Aby dołączyć, otwórz link i ustaw hasło. Bez tego nic się nie stanie; jeśli nie znasz tej firmy, zignoruj tę wiadomość.
employer-invite-button = Zobacz zaproszenie
employer-invite-footnote = Link jest ważny 7 dni.

employer-reset-subject = Ustaw nowe hasło
employer-reset-heading = Nowe hasło
employer-reset-button = Ustaw hasło
employer-reset-footnote = Link jest ważny godzinę.

employer-exists-subject = Masz już konto pracodawcy
employer-exists-heading = Masz już konto
employer-exists-intro = ktoś (może Ty) próbował zarejestrować firmę na ten adres, ale konto już istnieje.
employer-exists-button = Ustaw nowe hasło

## Nowa aplikacja (mails/application_mails.rs)

# Na adres oferty. $name, $email: kandydata; $offer, $company, $board.
application-delivery-subject = Aplikacja na { $offer }: { $name }
application-delivery-heading = Nowa aplikacja
application-delivery-intro = { $name } ({ $email }) aplikuje w serwisie { $board } na stanowisko { $offer } w firmie { $company }.
application-delivery-message = Wiadomość od kandydata:
application-delivery-no-message = Kandydat nie napisał wiadomości.
# $answer: application-consent-given lub -not-given.
application-delivery-consent-future = Zgoda na przyszłe rekrutacje: { $answer }
application-delivery-consent-custom = Dodatkowa zgoda z ogłoszenia: { $answer }
application-consent-given = udzielona
application-consent-not-given = nieudzielona
application-delivery-cv-attached = CV w załączniku: { $file }.
# $until: ostatni dzień ważności linku (RRRR-MM-DD).
application-delivery-cv-link = Pobierz CV ({ $file }) przyciskiem poniżej; link działa do { $until }.
application-delivery-cv-button = Pobierz CV
application-delivery-no-cv = Kandydat nie załączył CV.
application-delivery-reply = Odpowiedz na tę wiadomość, aby napisać do kandydata.

# Do kandydata.
application-confirm-subject = Wysłaliśmy Twoją aplikację na { $offer }
application-confirm-heading = Aplikacja wysłana
application-confirm-intro = Wysłaliśmy Twoją aplikację na stanowisko { $offer } w firmie { $company }. Pracodawca skontaktuje się z Tobą, jeśli zechce kontynuować rekrutację.
application-confirm-button = Zobacz ogłoszenie
application-confirm-footnote = Otrzymujesz tę wiadomość, ponieważ aplikowałeś(-aś) w serwisie { $board }.

# Do użytkownika firmy, który chce wiedzieć o aplikacjach od razu.
application-notice-subject = Nowa aplikacja na { $offer }
application-notice-heading = Nowa aplikacja
application-notice-intro = { $name } aplikuje na stanowisko { $offer }.
application-notice-button = Otwórz aplikacje
application-notice-settings = Dostajesz jedną wiadomość na każdą aplikację. W profilu możesz wybrać dzienne podsumowanie lub brak wiadomości.
application-notice-profile = Ustawienia powiadomień

# Dzienne podsumowanie. $count: liczba; $day: dzień (RRRR-MM-DD).
application-digest-subject = { $count ->
    [one] 1 nowa aplikacja z dnia { $day }
    [few] { $count } nowe aplikacje z dnia { $day }
   *[many] { $count } nowych aplikacji z dnia { $day }
}
application-digest-heading = Aplikacje z całego dnia
application-digest-intro = { $count ->
    [one] Twoja firma otrzymała 1 aplikację w dniu { $day }:
    [few] Twoja firma otrzymała { $count } aplikacje w dniu { $day }:
   *[many] Twoja firma otrzymała { $count } aplikacji w dniu { $day }:
}
application-digest-erased = (dane osobowe usunięte)
application-digest-settings = Dostajesz to podsumowanie raz dziennie. W profilu możesz wybrać wiadomość na każdą aplikację lub brak wiadomości.

# Czat: nieprzeczytane wiadomości. $count: ile; $offer: tytuł oferty; $company: pracodawca.
chat-unread-subject = { $count ->
    [one] Nowa wiadomość: { $offer }
    [few] { $count } nowe wiadomości: { $offer }
   *[many] { $count } nowych wiadomości: { $offer }
}
chat-unread-heading = Nieprzeczytane wiadomości
chat-unread-intro-candidate = { $count ->
    [one] { $company } pisze do Ciebie w sprawie oferty { $offer }. Czeka na Ciebie 1 wiadomość.
    [few] { $company } pisze do Ciebie w sprawie oferty { $offer }. Czekają na Ciebie { $count } wiadomości.
   *[many] { $company } pisze do Ciebie w sprawie oferty { $offer }. Czeka na Ciebie { $count } wiadomości.
}
chat-unread-intro-company = { $count ->
    [one] Kandydat pisze w sprawie oferty { $offer }. Na Twoją firmę czeka 1 wiadomość.
    [few] Kandydat pisze w sprawie oferty { $offer }. Na Twoją firmę czekają { $count } wiadomości.
   *[many] Kandydat pisze w sprawie oferty { $offer }. Na Twoją firmę czeka { $count } wiadomości.
}
chat-unread-button = Otwórz rozmowę
chat-unread-footnote = O każdej rozmowie piszemy najwyżej raz na godzinę i tylko o wiadomościach, których nikt nie przeczytał.
chat-unread-unsubscribe = Wyłącz e-maile o nieprzeczytanych wiadomościach czatu
