### The mails' texts in English. Every id here is also in mails.pl.ftl (a unit test in
### crates/wakat-app/src/mails/catalogue.rs checks both files and the ids the code uses).
### Variables: $board (the board's name), $name, $search, $offer, $company, $link, $count…
### English plurals select on [one] (1) and [other].

## Shared by the mails of candidate and employer accounts

# The first line, by name (the names of a contested account may be a stranger's: then without).
greeting-named = Hi { $name },
greeting-anonymous = Hello,
account-contested-note = This address was registered more than once before being confirmed, so you will choose your password when you confirm it. Earlier links no longer work.

## Candidate accounts (mails/accounts.rs)

account-confirm-subject = Confirm your { $board } account
account-confirm-heading = Confirm your e-mail address
account-confirm-intro = thank you for signing up. Click the button to confirm your e-mail address and log in.
account-confirm-button = Confirm
account-confirm-footnote = The link is valid for 48 hours. If you did not sign up, ignore this mail.

account-exists-subject = You already have a { $board } account
account-exists-heading = You already have an account
account-exists-intro = someone (maybe you) tried to sign up with this address, but it already has an account. Log in or set a new password.
account-exists-button = Log in
account-exists-forgot-password = Forgot your password? { $link }

account-reset-subject = Set a new password
account-reset-heading = A new password
account-reset-intro = click the button to set a new password.
account-reset-button = Set the password
account-reset-footnote = The link is valid for one hour. If you did not ask for it, ignore this mail.

account-password-changed-subject = Your password was changed
account-password-changed-heading = Password changed
account-password-changed-intro = the password of your account was changed and your other sessions logged out. If it was not you, set a new password.
account-password-changed-button = Set a new password

account-email-change-subject = Confirm your new e-mail address
account-email-change-heading = A new e-mail address
account-email-change-intro = click the button to log in with this address from now on.
account-email-change-button = Confirm
account-email-change-footnote = The link is valid for 24 hours.

## Job alerts (mails/alerts.rs)

alert-activate-subject = Confirm your job alert
alert-activate-heading = Confirm your job alert
alert-activate-intro = Click the button to receive new offers of the search "{ $search }".
alert-activate-button = Activate the alert
alert-activate-account-created = We also created your candidate account for this address. Set its password to log in (the link is valid for one hour; later, use "Forgot password" with this address).
alert-activate-set-password-button = Set the password
alert-activate-footnote = The link is valid for 48 hours. If you did not save this search, ignore this mail.
alert-activate-unsubscribe = Unsubscribe: { $link }

# $count: the new offers of the search since the last digest.
alert-digest-subject = New offers: { $search } ({ $count })
alert-digest-heading = New offers: { $search }
alert-digest-intro = { $count ->
        [one] { $count } new offer matches
       *[other] { $count } new offers match
    } your search since our last mail.
alert-digest-all-offers-button = See all offers
alert-digest-frequency-link = Change how often you get this mail
alert-digest-unsubscribe-link = Unsubscribe from this alert
alert-digest-footnote = You get this mail because you saved a job alert on { $board }.

# An offer's salary in a digest or a feed: $from and $to are whole amounts already grouped
# ("12 500"), $currency its code ("PLN"), $unit the period ("/ month").
offer-salary-range = { $from } – { $to } { $currency } { $unit }
offer-salary-from = from { $from } { $currency } { $unit }
offer-salary-up-to = up to { $to } { $currency } { $unit }
offer-salary-undisclosed = salary not disclosed

## Applications (mails/applications.rs)

# $status: one of the application-status-* words below.
application-status-subject = Your application for { $offer }: { $status }
application-status-heading = The status of your application
application-status-intro = The employer moved your application for { $offer } to: { $status }.
application-status-button = Application history
application-status-new = new
application-status-seen = seen
application-status-in-review = in review
application-status-interview = interview
application-status-offer = offer
application-status-hired = hired
application-status-rejected = not taken further

## Employer accounts (mails/employers.rs)

employer-confirm-subject = Confirm your { $board } employer account
employer-confirm-heading = Confirm your e-mail address
employer-confirm-intro = thank you for signing your company up. Confirm your e-mail address to publish offers.
employer-confirm-button = Confirm
employer-confirm-footnote = The link is valid for 48 hours.

# $inviter: the inviting user's first name; the -anonymous text when it is blank.
employer-invite-subject = You are invited to { $company }
employer-invite-heading = An invitation
employer-invite-intro = { $inviter } invites you to the account of { $company } on { $board } (role: { $role }).
employer-invite-intro-anonymous = Someone at { $company } invites you to its account on { $board } (role: { $role }).
employer-invite-role-owner = owner
employer-invite-role-recruiter = recruiter
employer-invite-how-to-join = To join, open the link and choose a password. Nothing happens until you do; if you do not know this company, ignore this mail.
employer-invite-button = See the invitation
employer-invite-footnote = The link is valid for 7 days.

employer-reset-subject = Set a new password
employer-reset-heading = A new password
employer-reset-button = Set the password
employer-reset-footnote = The link is valid for one hour.

employer-exists-subject = You already have an employer account
employer-exists-heading = You already have an account
employer-exists-intro = someone (maybe you) tried to sign a company up with this address, but it already has an account.
employer-exists-button = Set a new password

## A new application (mails/application_mails.rs)

# To the offer's address. $name, $email: the applicant's; $offer, $company, $board.
application-delivery-subject = Application for { $offer }: { $name }
application-delivery-heading = A new application
application-delivery-intro = { $name } ({ $email }) applied on { $board } for { $offer } at { $company }.
application-delivery-message = The applicant's message:
application-delivery-no-message = The applicant wrote no message.
# $answer: application-consent-given or -not-given.
application-delivery-consent-future = Consent to future recruitments: { $answer }
application-delivery-consent-custom = The offer's additional consent: { $answer }
application-consent-given = given
application-consent-not-given = not given
application-delivery-cv-attached = The CV is attached: { $file }.
# $until: the link's last day (YYYY-MM-DD).
application-delivery-cv-link = Download the CV ({ $file }) with the button below; the link works until { $until }.
application-delivery-cv-button = Download the CV
application-delivery-no-cv = No CV was attached.
application-delivery-reply = Reply to this mail to write to the applicant.

# To the applicant.
application-confirm-subject = We sent your application for { $offer }
application-confirm-heading = Your application was sent
application-confirm-intro = We sent your application for { $offer } at { $company }. The employer will contact you if they want to go further.
application-confirm-button = See the offer
application-confirm-footnote = You get this mail because you applied on { $board }.

# To a company user set to hear of applications at once.
application-notice-subject = New application for { $offer }
application-notice-heading = A new application
application-notice-intro = { $name } applied for { $offer }.
application-notice-button = Open the applications
application-notice-settings = You get one mail per application. You can choose a daily digest or no mails in your profile.
application-notice-profile = Notification settings

# A company user's daily digest. $count: how many; $day: the day (YYYY-MM-DD).
application-digest-subject = { $count ->
    [one] 1 new application on { $day }
   *[other] { $count } new applications on { $day }
}
application-digest-heading = The day's applications
application-digest-intro = { $count ->
    [one] Your company received 1 application on { $day }:
   *[other] Your company received { $count } applications on { $day }:
}
application-digest-erased = (personal data erased)
application-digest-settings = You get this digest once a day. You can choose one mail per application or no mails in your profile.

# The chat: unread messages. $count: how many; $offer: the offer's title; $company: the employer.
chat-unread-subject = { $count ->
    [one] A new message about { $offer }
   *[other] { $count } new messages about { $offer }
}
chat-unread-heading = Unread messages
chat-unread-intro-candidate = { $count ->
    [one] { $company } wrote to you about { $offer }. 1 message is waiting for you.
   *[other] { $company } wrote to you about { $offer }. { $count } messages are waiting for you.
}
chat-unread-intro-company = { $count ->
    [one] The candidate wrote about { $offer }. 1 message is waiting for your company.
   *[other] The candidate wrote about { $offer }. { $count } messages are waiting for your company.
}
chat-unread-button = Open the conversation
chat-unread-footnote = About each conversation you get at most one such mail an hour, and only for messages nobody read.
chat-unread-unsubscribe = Stop mails about unread chat messages
