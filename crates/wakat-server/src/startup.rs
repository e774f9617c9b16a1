//! Building and running the HTTP application (the test suite starts it on port 0).

use std::net::TcpListener;
use std::sync::Arc;

use std::time::Duration;

use actix_web::dev::{Server, ServerHandle};
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use tracing_actix_web::TracingLogger;
use wakat_engine::{now, Engine};

use crate::board_files::BoardFiles;
use crate::cache::ResponseCache;
use crate::config::Settings;
use crate::error::{json_error, path_error, query_error, ApiError, ErrorCode};
use crate::metrics::{Metrics, Sources};
use crate::ratelimit::RateLimits;
use crate::routes;
use crate::state::AppState;
use crate::telemetry::{echo_request_id, RequestSpan};
use wakat_accounts::{AccountStore, PasswordCost, Passwords};
use wakat_app::jobs::scheduler::{DailyJob, IntervalJob, Scheduler};
use wakat_app::views::{ViewCounter, ViewFlusher};
use wakat_app::{Clock, Principal};
use wakat_store::LinkSigner;

/// File of the generated key of signed links in the data directory.
pub const LINK_SECRET_FILE: &str = "link-secret";

/// Uploads older than this without a reference are removed at start.
const ORPHAN_UPLOAD_AGE: Duration = Duration::from_secs(3600);

/// Largest JSON body accepted (offers with long descriptions).
const MAX_JSON_BYTES: usize = 1024 * 1024;

/// A bound, ready-to-run server.
pub struct Application {
    port: u16,
    server: Server,
    engine: Arc<Engine>,
    /// Persists counted views every interval and once more when the server stops.
    view_flusher: ViewFlusher,
    /// Persists search analytics the same way.
    analytics_flusher: ViewFlusher,
    /// Persists the offers' daily views the same way.
    offer_stats_flusher: ViewFlusher,
    /// The mail queue and its sender thread (stopped after the mail in hand).
    mail_queue: (Arc<wakat_mail::MailQueue>, Vec<std::thread::JoinHandle<()>>),
    /// The scheduler and its thread, when `server.scheduler_enabled`.
    scheduler: Option<(Arc<Scheduler>, std::thread::JoinHandle<()>)>,
    /// The chat's hub, stopped (Close messages sent) before the HTTP server.
    hub: crate::chat_hub::HubHandle,
    /// The assistant's hub, stopped with the chat's.
    assistant_hub: crate::assistant_hub::AssistantHubHandle,
}

impl Application {
    /// Serves `engine`, opened with `settings.engine`: loads default data on first start, binds
    /// `settings.server.bind`.
    pub fn build(engine: Engine, settings: Settings) -> std::io::Result<Application> {
        Application::build_with_brains(engine, settings, None)
    }

    /// Like [`Application::build`], with `brains` answering the assistant instead of the
    /// configured ones (tests give every board a scripted brain).
    pub fn build_with_brains(engine: Engine, settings: Settings, brains: Option<wakat_app::assistant::Brains>) -> std::io::Result<Application> {
        crate::operator_access::check_dev_mailbox_bind(&settings.server.bind, settings.mail.dev_mailbox).map_err(std::io::Error::other)?;
        let engine = Arc::new(engine);
        let settings = Arc::new(settings);
        let n_loaded = engine.load_default_data(now()).map_err(std::io::Error::other)?;
        if n_loaded > 0 {
            tracing::info!(n_loaded, "first start: default data loaded");
        }
        let listener = TcpListener::bind(&settings.server.bind)?;
        let port = listener.local_addr()?.port();
        let server_settings = &settings.server;
        let data_dir = &engine.settings.storage.data_dir;
        let internal_token = crate::internal_token::resolve(&server_settings.internal_token, data_dir).map_err(std::io::Error::other)?;
        let cache = Arc::new(ResponseCache::new(
            usize::try_from(server_settings.response_cache_mb.saturating_mul(1024 * 1024)).unwrap_or(usize::MAX),
            server_settings.response_cache_entries,
        ));
        let limits = Arc::new(RateLimits::new(&settings).map_err(std::io::Error::other)?);
        RateLimits::start_forgetting(&limits);
        let views = Arc::new(ViewCounter::new(engine.store.clone()));
        let view_flusher = views.start_flusher(Duration::from_secs(server_settings.views_flush_secs));
        let analytics = Arc::new(wakat_analytics::SearchAnalytics::new(engine.kv.clone()));
        let analytics_flusher = {
            let analytics = analytics.clone();
            wakat_app::views::start_periodic_flush("analytics-flusher", "search analytics", Duration::from_secs(server_settings.views_flush_secs), move || {
                analytics.flush()
            })
        };
        let offer_stats = Arc::new(wakat_applications::OfferStats::new(engine.kv.clone()));
        let offer_stats_flusher = {
            let offer_stats = offer_stats.clone();
            wakat_app::views::start_periodic_flush(
                "offer-stats-flusher",
                "offer statistics",
                Duration::from_secs(server_settings.views_flush_secs),
                move || offer_stats.flush(),
            )
        };
        let files = Arc::new(BoardFiles::load(&settings));
        // A broken blog post refuses the start, naming its file (like a broken configuration).
        let blog = Arc::new(wakat_app::blog::Blog::load(&settings.engine.storage.index_data_dir, &settings.engine.tenants).map_err(std::io::Error::other)?);
        let accounts_settings = &settings.accounts;
        let cost = PasswordCost { memory_kib: accounts_settings.password_memory_kib, iterations: accounts_settings.password_iterations, parallelism: 1 };
        let passwords = Passwords::new(cost).map_err(std::io::Error::other)?;
        let accounts = Arc::new(AccountStore::new(engine.kv.clone(), passwords));
        let link_secret = crate::internal_token::resolve_secret(&accounts_settings.link_secret, data_dir, LINK_SECRET_FILE).map_err(std::io::Error::other)?;
        let signer = Arc::new(LinkSigner::new(link_secret.as_bytes()));
        let mail_settings = &settings.mail;
        let mailer = wakat_mail::build_mailer(mail_settings, data_dir).map_err(std::io::Error::other)?;
        let mail_queue = wakat_mail::MailQueue::new(engine.kv.clone(), mailer.clone());
        let mail_workers = mail_queue.start(mail_settings.senders)?;
        let hub: crate::chat_hub::HubHandle = Arc::default();
        let assistant_hub: crate::assistant_hub::AssistantHubHandle = Arc::default();
        let metrics = Arc::new(Metrics::new(Sources {
            engine: engine.clone(),
            cache: cache.clone(),
            limits: limits.clone(),
            views: views.clone(),
            mail_queue: mail_queue.clone(),
            hub: hub.clone(),
            assistant_hub: assistant_hub.clone(),
        }));
        let dev_mailbox = match (mail_settings.dev_mailbox, mail_settings.transport) {
            (true, wakat_mail::MailTransport::Outbox) => {
                tracing::warn!("the dev mailbox is on: every mail is shown to clients on this machine at /api/dev/mailbox");
                Some(Arc::new(wakat_mail::Outbox::in_data_dir(data_dir).map_err(std::io::Error::other)?))
            }
            (true, wakat_mail::MailTransport::Smtp) => {
                tracing::warn!("mail.dev_mailbox is on but mail goes over SMTP: the dev mailbox stays off");
                None
            }
            (false, _) => None,
        };
        let captcha: Arc<dyn crate::captcha::CaptchaVerifier> = Arc::from(crate::captcha::build(&accounts_settings.captcha));
        let blobs = Arc::new(wakat_uploads::BlobStore::new(data_dir, engine.kv.clone()).map_err(std::io::Error::other)?);
        // Files of uploads that died before being referenced (a crash, a refused form).
        match blobs.sweep_orphans(ORPHAN_UPLOAD_AGE) {
            Ok(report) if report.blobs_deleted + report.temp_files_deleted > 0 => tracing::info!(?report, "orphan uploads removed"),
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "orphan uploads could not be swept"),
        }
        let zone = jiff::tz::TimeZone::get(&server_settings.time_zone).unwrap_or(jiff::tz::TimeZone::UTC);
        let public_url = &server_settings.public_url;
        let mail = wakat_app::mail_queue::MailSender::new(mail_queue.clone());
        let feed_links = wakat_app::feeds::FeedLinks::new(signer.clone(), public_url);
        let alerts = Arc::new(wakat_alerts::AlertStore::new(engine.kv.clone(), (*signer).clone()));
        let alerts_service = wakat_app::alerts::AlertsService::new(
            alerts.clone(),
            accounts.clone(),
            engine.clone(),
            mail.clone(),
            feed_links.clone(),
            public_url,
            Clock::system(),
        );
        let digests = wakat_app::jobs::digests::Digests::new(
            engine.clone(),
            alerts.clone(),
            accounts.clone(),
            mail_queue.clone(),
            public_url,
            zone.clone(),
            Clock::system(),
        );
        let employers = Arc::new(wakat_employers::EmployerStore::new(engine.kv.clone()));
        let applications = Arc::new(wakat_applications::ApplicationStore::new(engine.kv.clone()));
        let skills = Arc::new(load_skills(&engine.settings.storage.index_data_dir)?);
        let public_offers = wakat_app::employers::public_offers::PublicOffers::new(engine.clone(), employers.clone(), Clock::system());
        let bumps = wakat_app::jobs::bumps::Bumps::new(engine.clone(), employers.clone(), public_offers.clone(), zone.clone(), Clock::system());
        let brand_stories = wakat_app::employers::brand_stories::BrandStories::new(
            engine.clone(),
            employers.clone(),
            blobs.clone(),
            skills.clone(),
            public_offers.clone(),
            Clock::system(),
        );
        let employer_accounts = wakat_app::employers::accounts::EmployerAccounts::new(
            accounts.clone(),
            employers.clone(),
            limits.clone(),
            mail.clone(),
            public_url,
            Clock::system(),
        );
        let assistant_store = Arc::new(wakat_assistant_store::AssistantStore::new(engine.kv.clone()));
        let employer_offers = wakat_app::employers::offers::EmployerOffers::new(
            engine.clone(),
            accounts.clone(),
            employers.clone(),
            blobs.clone(),
            public_offers.clone(),
            assistant_store.clone(),
            Clock::system(),
        );
        let payments: Arc<dyn crate::payments::PaymentProvider> = Arc::from(crate::payments::build(&settings.payments).map_err(std::io::Error::other)?);
        let employer_payments = wakat_app::employers::payments::Payments::new(
            accounts.clone(),
            employers.clone(),
            payments.clone(),
            employer_offers.clone(),
            public_url,
            Clock::system(),
        );
        let panel_offers = wakat_app::employers::panel_offers::PanelOffersService::new(
            employers.clone(),
            applications.clone(),
            offer_stats.clone(),
            blobs.clone(),
            mail.clone(),
            public_url,
            Clock::system(),
        );
        let company_panel = wakat_app::employers::panel::CompanyPanel::new(accounts.clone(), employers.clone(), blobs.clone(), Clock::system());
        let offers = wakat_app::offers::OffersService::new(engine.clone(), views.clone(), offer_stats.clone(), Clock::system());
        let salary_insights = wakat_app::salary_insights::SalaryInsights::new(engine.clone(), Clock::system());
        let offer_form_inputs = wakat_app::form_inputs::OfferFormInputs::new(engine.clone(), skills.clone());
        let redirects = Arc::new(wakat_applications::RedirectStore::new(engine.kv.clone()));
        let favourites = Arc::new(wakat_applications::FavouriteStore::new(engine.kv.clone()));
        let history = Arc::new(wakat_applications::History::new(engine.kv.clone()));
        let candidate_accounts = wakat_app::candidates::accounts::CandidateAccounts::new(
            wakat_app::candidates::accounts::AccountStores { accounts: accounts.clone(), favourites: favourites.clone(), applications: applications.clone() },
            engine.clone(),
            limits.clone(),
            mail.clone(),
            public_url,
            Clock::system(),
        );
        let chat_stores = wakat_app::chat::ChatStores {
            chat: Arc::new(wakat_chat::ChatStore::new(engine.kv.clone())),
            accounts: accounts.clone(),
            employers: employers.clone(),
            signer: signer.clone(),
            blobs: blobs.clone(),
        };
        let hub_events = Arc::new(crate::chat_hub::HubEvents::default());
        let chat = wakat_app::chat::ChatService::new(engine.clone(), chat_stores.clone(), hub_events.clone(), settings.chat.clone(), Clock::system());
        let chat_mails = wakat_app::jobs::chat_mails::ChatMails::new(chat_stores.clone(), mail_queue.clone(), public_url, &settings.chat, Clock::system());
        let hub_runtime = wakat_hub::HubRuntime::new(
            crate::chat_hub::ChatHub::new(engine.clone(), chat.clone()),
            settings.hub.clone(),
            crate::chat_hub::origins(&engine, public_url),
        );
        hub_events.attach(hub_runtime.clients());
        let _ = hub.set(hub_runtime.clone());
        let brains = match brains {
            Some(brains) => brains,
            None => wakat_app::assistant::brains::build(&engine, &skills, &settings.assistant).map_err(std::io::Error::other)?,
        };
        let assistant_stores = wakat_app::assistant::AssistantStores {
            store: assistant_store,
            offers: employer_offers.clone(),
            employers: employers.clone(),
            signer: signer.clone(),
        };
        let assistant = wakat_app::assistant::AssistantService::new(&engine, assistant_stores, brains, &settings.assistant, Clock::system())
            .map_err(std::io::Error::other)?;
        let assistant_runtime = wakat_hub::HubRuntime::new(
            crate::assistant_hub::AssistantHub::new(engine.clone(), assistant.clone()),
            settings.hub.clone(),
            crate::chat_hub::origins(&engine, public_url),
        );
        let _ = assistant_hub.set(assistant_runtime.clone());
        let candidate_stores = wakat_app::candidates::area::CandidateStores {
            chat: chat_stores.chat.clone(),
            accounts: accounts.clone(),
            applications: applications.clone(),
            redirects: redirects.clone(),
            favourites,
            history,
            alerts: alerts.clone(),
            blobs: blobs.clone(),
        };
        let candidate_area = wakat_app::candidates::area::CandidateArea::new(engine.clone(), candidate_stores, Clock::system());
        let mailing_stores = wakat_app::candidates::application_mailing::MailingStores {
            accounts: accounts.clone(),
            employers: employers.clone(),
            applications: applications.clone(),
            blobs: blobs.clone(),
        };
        let application_mailing =
            wakat_app::candidates::application_mailing::ApplicationMailing::new(mailing_stores, mail.clone(), signer.clone(), public_url, Clock::system());
        let application_digests = wakat_app::jobs::application_digests::ApplicationDigests::new(
            employers.clone(),
            applications.clone(),
            accounts.clone(),
            mail_queue.clone(),
            public_url,
            zone.clone(),
        );
        let applying = wakat_app::candidates::applying::Applying::new(
            engine.clone(),
            accounts.clone(),
            applications.clone(),
            redirects,
            blobs.clone(),
            application_mailing.clone(),
            Clock::system(),
        );
        let state = AppState {
            engine: engine.clone(),
            settings: settings.clone(),
            cache,
            internal_token: internal_token.into(),
            views,
            analytics,
            limits,
            metrics,
            files,
            blog,
            accounts,
            mailer,
            dev_mailbox,
            signer: signer.clone(),
            captcha,
            blobs,
            applications,
            employers,
            skills,
            mail_queue: mail_queue.clone(),
            alerts,
            offer_stats,
            mail,
            feeds: wakat_app::feeds::FeedsService::new(engine.clone(), feed_links, Clock::system()),
            alerts_service,
            digests,
            bumps,
            application_digests,
            application_mailing,
            public_offers,
            brand_stories,
            company_panel,
            employer_accounts,
            employer_offers,
            employer_payments,
            panel_offers,
            offers,
            salary_insights,
            offer_form_inputs,
            candidate_accounts,
            candidate_area,
            applying,
            chat,
            chat_mails,
            hub: hub.clone(),
            assistant,
        };
        state.employer_offers.restore_published(&wakat_app::Principal::Internal).map_err(|error| std::io::Error::other(error.to_string()))?;
        let scheduler = start_scheduler(&engine, &state)?;
        let workers = server_settings.workers;
        // Signals are handled in `run_until_stopped`: the hub's long-lived connections are sent
        // their Close message before the HTTP server's graceful stop would wait for them.
        let mut server = HttpServer::new(move || {
            App::new()
                .app_data(web::Data::new(state.clone()))
                .app_data(web::Data::from(state.limits.clone()))
                .app_data(web::QueryConfig::default().error_handler(query_error))
                .app_data(web::JsonConfig::default().limit(MAX_JSON_BYTES).error_handler(json_error))
                .app_data(web::PathConfig::default().error_handler(path_error))
                .wrap(actix_web::middleware::Compress::default())
                .wrap(actix_web::middleware::from_fn(crate::security_headers::add))
                .wrap_fn(echo_request_id)
                .wrap(TracingLogger::<RequestSpan>::new())
                .route("/health", web::get().to(health))
                .route("/metrics", web::get().to(metrics_text))
                .configure(|config| hub_runtime.configure(config, crate::chat_hub::HUB_PATH))
                .configure(|config| assistant_runtime.configure(config, crate::assistant_hub::HUB_PATH))
                .configure(routes::configure)
                .default_service(web::to(|| async { Err::<HttpResponse, _>(ApiError::new(ErrorCode::NotFound).with_message("no such endpoint")) }))
        })
        .disable_signals()
        .listen(listener)?;
        if workers > 0 {
            server = server.workers(workers);
        }
        if server_settings.blocking_threads > 0 {
            let n_workers = if workers > 0 { workers } else { std::thread::available_parallelism().map_or(1, usize::from) };
            server = server.worker_max_blocking_threads((server_settings.blocking_threads / n_workers).max(1));
        }
        Ok(Application {
            port,
            server: server.run(),
            engine,
            view_flusher,
            analytics_flusher,
            offer_stats_flusher,
            mail_queue: (mail_queue, mail_workers),
            scheduler,
            hub,
            assistant_hub,
        })
    }

    /// The port actually bound (useful with port 0).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The engine behind the server.
    pub fn engine(&self) -> Arc<Engine> {
        self.engine.clone()
    }

    /// A handle to stop the server gracefully (as SIGTERM or Ctrl+C do).
    pub fn handle(&self) -> ServerHandle {
        self.server.handle()
    }

    /// Serves until the server is stopped (SIGTERM, Ctrl+C, [`Application::handle`]), then
    /// writes the views still counted in memory.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let (handle, hub, assistant_hub) = (self.server.handle(), self.hub.clone(), self.assistant_hub.clone());
        actix_web::rt::spawn(async move {
            wait_for_stop_signal().await;
            tracing::info!("stopping: the hubs' connections first, then the HTTP server");
            let chat_stop = async {
                if let Some(hub) = hub.get() {
                    hub.stop().await;
                }
            };
            let assistant_stop = async {
                if let Some(hub) = assistant_hub.get() {
                    hub.stop().await;
                }
            };
            tokio::join!(chat_stop, assistant_stop);
            handle.stop(true).await;
        });
        let served = self.server.await;
        if let Some((scheduler, thread)) = self.scheduler {
            scheduler.stop();
            if thread.join().is_err() {
                tracing::error!("the scheduler's thread panicked");
            }
        }
        self.view_flusher.stop();
        self.analytics_flusher.stop();
        self.offer_stats_flusher.stop();
        let (mail_queue, mail_workers) = self.mail_queue;
        mail_queue.stop();
        if mail_workers.into_iter().any(|worker| worker.join().is_err()) {
            tracing::error!("a mail sender thread panicked");
        }
        served
    }
}

/// SIGTERM or Ctrl+C (SIGINT), as actix's own signal handling would take them.
async fn wait_for_stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) {
            (Ok(mut terminate), Ok(mut interrupt)) => {
                tokio::select! {
                    _ = terminate.recv() => {}
                    _ = interrupt.recv() => {}
                }
            }
            _ => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// The form's skills dictionary; a board without the file has an empty one.
fn load_skills(index_data_dir: &std::path::Path) -> std::io::Result<wakat_core::offer_form::SkillDictionary> {
    match std::fs::read_to_string(index_data_dir.join("skills.json")) {
        Ok(text) => wakat_core::offer_form::SkillDictionary::from_json(&text).map_err(std::io::Error::other),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Default::default()),
        Err(error) => Err(error),
    }
}

/// The scheduler with the jobs of the server: each board's digests at its send hour and its
/// plan bumps at its bump hour.
fn start_scheduler(engine: &Arc<Engine>, state: &AppState) -> std::io::Result<Option<(Arc<Scheduler>, std::thread::JoinHandle<()>)>> {
    let settings = &state.settings;
    if !settings.server.scheduler_enabled {
        return Ok(None);
    }
    let zone = jiff::tz::TimeZone::get(&settings.server.time_zone).map_err(std::io::Error::other)?;
    let scheduler = Scheduler::new(engine.kv.clone(), zone);
    let hours = engine.settings.tenants.iter().map(|tenant| (tenant.slug.clone(), tenant.job_alerts.send_hour)).collect();
    let digest_state = state.clone();
    scheduler.register(DailyJob {
        name: "digests".into(),
        hours,
        run: Box::new(move |tenant, day| {
            let tenant = digest_state.tenant(tenant).map_err(|error| error.to_string())?;
            digest_state.digests.run(&Principal::Internal, &tenant, day).map(drop).map_err(|error| error.to_string())
        }),
    });
    // The digest of a day's applications goes out the next day, at the board's digest hour.
    let application_hours = engine.settings.tenants.iter().map(|tenant| (tenant.slug.clone(), tenant.applications.digest_hour)).collect();
    let application_state = state.clone();
    scheduler.register(DailyJob {
        name: "application-digests".into(),
        hours: application_hours,
        run: Box::new(move |tenant, day| {
            let tenant = application_state.tenant(tenant).map_err(|error| error.to_string())?;
            let yesterday = day.yesterday().map_err(|error| error.to_string())?;
            application_state.application_digests.run(&Principal::Internal, &tenant, yesterday).map(drop).map_err(|error| error.to_string())
        }),
    });
    let bump_hours = engine.settings.tenants.iter().map(|tenant| (tenant.slug.clone(), tenant.employers.bump_hour)).collect();
    let bump_state = state.clone();
    scheduler.register(DailyJob {
        name: "bumps".into(),
        hours: bump_hours,
        run: Box::new(move |tenant, day| {
            let tenant = bump_state.tenant(tenant).map_err(|error| error.to_string())?;
            bump_state.bumps.run(&Principal::Internal, &tenant, day).map(drop).map_err(|error| error.to_string())
        }),
    });
    // The chat's unread-message mails are due by the minute, not once a day.
    let chat_state = state.clone();
    scheduler.register_interval(IntervalJob {
        name: "chat-mails".into(),
        every: Duration::from_secs(settings.chat.unread_mail_run_secs.max(1)),
        run: Box::new(move || {
            for tenant in chat_state.engine.tenants.values() {
                chat_state.chat_mails.run(&Principal::Internal, tenant).map_err(|error| format!("{}: {error}", tenant.settings.slug))?;
            }
            Ok(())
        }),
    });
    let thread = scheduler.start()?;
    Ok(Some((scheduler, thread)))
}

/// Liveness, with the response cache's counts and size.
async fn health(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({"status": "ok", "responseCache": state.cache.stats()}))
}

/// Prometheus metrics (OpenMetrics text); not under `/api` and not rate limited. For operators
/// only: the token of `server.metrics_token`, or the server's own machine when there is none.
async fn metrics_text(state: web::Data<AppState>, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    crate::operator_access::authorize_metrics(&request, &state.settings.server.metrics_token)?;
    let metrics = state.metrics.clone();
    // Rendering reads directory sizes from disk.
    let text = web::block(move || metrics.render()).await?.map_err(|error| ApiError::internal(&error))?;
    Ok(HttpResponse::Ok().content_type(crate::metrics::CONTENT_TYPE).body(text))
}
