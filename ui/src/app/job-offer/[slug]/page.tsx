import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import { getConfig } from '@/features/config/api/get-config';
import { getLookalikes, getOffer } from '@/features/job/api/get-offer';
import { offerBreadcrumbs } from '@/features/job/breadcrumbs';
import { BANNERS, pickBanner, type Banner } from '@/features/job/banners';
import { BackButton } from '@/features/job/components/back-button';
import { FavouriteButton } from '@/components/ui/favourite-button';
import { LocationMore } from '@/features/job/components/location-more';
import { MobileTopBar } from '@/features/job/components/mobile-top-bar';
import { ShareButton, type ShareTexts } from '@/features/job/components/share-dialog';
import { ViewTracker } from '@/features/job/components/view-tracker';
import { otherLocations } from '@/features/job/rules';
import { jobPostingJsonLd, scriptJson } from '@/features/job/json-ld';
import { OfferCard } from '@/components/ui/offer-card';
import { OfferDescription, OfferJobSummary, OfferSalaries, OfferSkills } from '@/components/ui/offer-body';
import { getTranslator } from '@/i18n/request';
import { ApiError } from '@/lib/api-client';
import { buildListHref, emptyFilters, withFilters } from '@/features/search/filters';
import { formatDate, formatSalary, orderEmploymentTypes, salaryDisplayOf } from '@/lib/format';
import { requestCurrency } from '@/features/currency/server';
import { slugify } from '@/lib/text';
import { paths } from '@/config/paths';
import { requireBoard, siteOrigin } from '@/lib/board-server';
import { OfferMap } from '@/features/map/components/offer-map';
import { getBrandStoryTeaser } from '@/features/brands/api/get-brand-story';
import { CompanyTeaser } from '@/features/brands/components/company-teaser';
import { OfferMedia } from '@/features/job/components/offer-media';
import { bannerMedia, videoMedia } from '@/features/job/media';
import { env } from '@/config/env';
import { offerBannerKinds, showExpiredOffer, showOfferLanguages } from '@/lib/flags';
import { ApplyBox } from '@/features/apply/components/apply-box';
import type { BoardConfig, FilterOption, Locale, OfferDetail } from '@/lib/types';

type Props = { params: Promise<{ slug: string }>; searchParams?: Promise<Record<string, string | string[] | undefined>> };

async function loadOffer(slug: string, locale: Locale): Promise<OfferDetail> {
  try {
    return await getOffer(slug, locale);
  } catch (error) {
    if (error instanceof ApiError && (error.isNotFound || error.status === 400)) notFound();
    throw error;
  }
}

/** An absolute URL on the board's public origin (relative paths), or the URL itself. */
const absoluteOn = (origin: string) => (path: string) => (/^https?:/.test(path) ? path : `${origin}${path}`);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const { locale } = await getTranslator();
  // The page itself answers 404; metadata of a missing offer is simply empty.
  const offer = await getOffer(slug, locale).catch(() => null);
  if (!offer) return { robots: { index: false } };
  const absolute = absoluteOn(await siteOrigin());
  const url = absolute(paths.offer(offer.slug));
  const description = `${offer.companyName} · ${offer.city} · ${offer.requiredSkills.map((skill) => skill.name).join(', ')}`;
  return {
    title: `${offer.title} – ${offer.companyName}`,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: 'website',
      url,
      title: `${offer.title} – ${offer.companyName}`,
      description,
      locale: locale === 'pl' ? 'pl_PL' : 'en_GB',
      ...(offer.companyLogoUrl ? { images: [{ url: absolute(offer.companyLogoUrl) }] } : {}),
    },
    robots: offer.isOfferActive ? undefined : { index: false },
  };
}

/** The offer page at `slug` with the request's query (`?currency=`…). */
function movedHref(slug: string, query: Record<string, string | string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(name, one);
  }
  const text = params.toString();
  return text ? `${paths.offer(slug)}?${text}` : paths.offer(slug);
}

function optionLabel(options: FilterOption[] | undefined, value: string, locale: Locale): string {
  return options?.find((option) => option.value === value)?.label[locale] ?? value;
}

/** The list a banner leads to: the offer's category (and city), narrowed as the banner says. */
function bannerHref(banner: Banner, offer: OfferDetail, config: BoardConfig, locale: Locale): string {
  const category = offer.category?.parentKey ?? offer.category?.key ?? null;
  const subcategories = offer.category?.parentKey ? [offer.category.key] : [];
  const city = banner.target.inCity ? slugify(offer.city) || null : null;
  const filters = withFilters(emptyFilters(), { category, subcategories, city, remote: Boolean(banner.target.remote), withSalary: Boolean(banner.target.withSalary) });
  return buildListHref(filters, config, locale);
}

export default async function OfferPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const [{ locale, t }, config, query] = await Promise.all([getTranslator(), getConfig(), searchParams ?? Promise.resolve({} as Record<string, string | string[] | undefined>)]);
  // Salaries in the chosen currency (`?currency=`, else the `wakat-currency` cookie, else the default), from the converted amounts.
  const display = salaryDisplayOf(config.featureFlags, await requestCurrency(config, query.currency));
  const [offer, lookalikes, origin, board] = await Promise.all([loadOffer(slug, locale), getLookalikes(slug, locale), siteOrigin(), requireBoard()]);
  // The API follows an offer that moved (a changed title, an employer offer's draft id) to its
  // address now: the old address answers a permanent redirect there, with its query.
  if (offer.slug !== slug) permanentRedirect(movedHref(offer.slug, query));
  const absolute = absoluteOn(origin);
  const url = absolute(paths.offer(offer.slug));
  // Spec: the company teaser comes from `short-info` when the offer has a story; a failure hides it.
  const story = await getBrandStoryTeaser(offer.brandStorySlug, locale);
  const crumbs = offerBreadcrumbs(offer, config, locale, t('nav.allOffers'));
  const active = offer.isOfferActive;
  // Flag `expiredOffers`: an inactive offer says so and hides location, favourite and salary.
  const expired = showExpiredOffer(config.featureFlags, active);
  const categoryHref = crumbs.length > 2 ? (crumbs[crumbs.length - 2].href ?? paths.allOffers()) : paths.allOffers();
  // The API sanitises offer HTML once, on write (ammonia with an allow-list): it is embedded as it is.
  const body = offer.body;
  const flags = config.featureFlags;
  const categoryLabel = offer.category ? (locale === 'en' ? offer.category.labelEn : offer.category.labelPl) : '';
  const categorySlugs = [offer.category?.parentKey, offer.category?.key].filter((slug): slug is string => Boolean(slug));
  // Picked on the server at random among the banners matching the category (and work mode).
  const banners = offerBannerKinds(flags).map((kind) => pickBanner(BANNERS, kind, categorySlugs, offer.workplaceType)).filter(
    (banner): banner is Banner => banner !== null,
  );
  const fill = (text: string) => text.replace('{category}', categoryLabel).replace('{city}', offer.city);
  const others = otherLocations(offer);
  const shareTexts: ShareTexts = { share: t('offer.share'), title: t('job.shareTitle'), close: t('job.close'), copy: t('offer.copyLink'), copied: t('offer.copied') };
  const firstSalary = orderEmploymentTypes(offer.employmentTypes, display.sortBySalary)[0];
  const salaryLabel = firstSalary ? formatSalary(firstSalary, locale, display.currency, { unit: display.unit }) : null;
  const favourite = flags.favouritesButton ? <FavouriteButton guid={offer.guid} title={offer.title} locale={locale} /> : null;

  return (
    <article className="offer-page" data-testid="offer-page">
      {/* A data block, not a script: CSP's script-src does not apply, so it needs no nonce. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(jobPostingJsonLd(offer, url, absolute)) }} />
      <ViewTracker brand={config.tenant.slug} slug={offer.slug} />
      <MobileTopBar title={offer.title}>
        {favourite}
        <ShareButton url={url} texts={shareTexts} className="icon-button" iconOnly testId="share-open-mobile" dialogTestId="share-dialog-mobile" />
      </MobileTopBar>
      <div className="offer-top">
        <BackButton label={t('job.back')} />
        <Link href={paths.home()} className="offer-top__brand">
          <img src={config.tenant.logoUrl} alt="" width={24} height={24} />
          <span>{config.tenant.name}</span>
        </Link>
      </div>
      <nav aria-label={t('offer.breadcrumbs')} className="breadcrumbs">
        <ol>
          {crumbs.map((crumb, index) => (
            <li key={`${index}-${crumb.label}`}>
              {crumb.href ? <Link href={crumb.href}>{crumb.label}</Link> : <span aria-current="page">{crumb.label}</span>}
            </li>
          ))}
        </ol>
      </nav>

      {expired ? (
        <div role="alert" className="alert alert--warning" data-testid="expired-alert">
          <p>{t('offer.expired')}</p>
          <Link href={categoryHref} className="button button--small">
            {t('offer.showActive')}
          </Link>
        </div>
      ) : null}

      <header className="offer-header card">
        {offer.companyLogoUrl ? <img src={offer.companyLogoUrl} alt="" width={72} height={72} className="offer-header__logo" /> : null}
        <div>
          <h1 data-testid="offer-title">{offer.title}</h1>
          <p className="offer-header__company">
            {offer.companyUrl ? (
              <a href={offer.companyUrl} rel="nofollow noopener noreferrer" target="_blank">
                {offer.companyName}
              </a>
            ) : (
              offer.companyName
            )}
          </p>
          {!expired ? <LocationMore city={offer.city} street={offer.street} others={others} moreLabel={t('job.moreLocations', { count: others.length, n: others.length })} listLabel={t('offer.otherLocations')} /> : null}
          <p className="muted">{t('offer.published', { date: formatDate(offer.publishedAt, locale) })}</p>
        </div>
        <div className="offer-header__actions">
          {!expired ? favourite : null}
          <ShareButton url={url} texts={shareTexts} />
        </div>
        {!expired ? (
          <OfferSalaries
            t={t}
            testId="offer-salary"
            lines={orderEmploymentTypes(offer.employmentTypes, display.sortBySalary).map((entry, index) => ({
              key: `${entry.type}-${index}`,
              amount: formatSalary(entry, locale, display.currency, { unit: display.unit }),
              contract: optionLabel(config.filters.employmentTypes, entry.type, locale),
              gross: entry.gross,
            }))}
          />
        ) : null}
      </header>

      <div className="offer-layout">
        <div className="offer-layout__main">
          <OfferJobSummary
            t={t}
            headingId="summary-heading"
            workingTime={optionLabel(config.filters.workingTimes, offer.workingTime, locale)}
            experience={optionLabel(config.filters.experienceLevels, offer.experienceLevel, locale)}
            contracts={orderEmploymentTypes(offer.employmentTypes, display.sortBySalary).map((entry) => optionLabel(config.filters.employmentTypes, entry.type, locale)).join(', ')}
            workMode={optionLabel(config.filters.remoteWorkOptions, offer.workplaceType, locale)}
          />

          <OfferSkills t={t} headingId="skills-heading" required={offer.requiredSkills} niceToHave={offer.niceToHaveSkills} languages={showOfferLanguages(config.featureFlags, offer.languages) ? offer.languages : []} />

          <OfferDescription t={t} headingId="description-heading" html={body} remoteInterview={offer.remoteInterview} openToHireUkrainians={offer.openToHireUkrainians}>
            <OfferMedia banner={bannerMedia(offer.bannerUrl, env.imageOrigins)} video={videoMedia(offer.videoUrl)} company={offer.companyName} locale={locale} />
            {offer.informationClause ? (
              <details className="clause">
                <summary>{t('offer.informationClause')}</summary>
                <p>{offer.informationClause}</p>
              </details>
            ) : null}
          </OfferDescription>

          {offer.multilocation.length > 1 ? (
            <section className="card" aria-labelledby="locations-heading">
              <h2 id="locations-heading">{t('offer.otherLocations')}</h2>
              <ul className="pills">
                {offer.multilocation
                  .filter((location) => location.slug !== offer.slug)
                  .map((location) => (
                    <li key={location.slug}>
                      <Link className="pill" href={paths.offer(location.slug)}>
                        {location.city}
                      </Link>
                    </li>
                  ))}
              </ul>
            </section>
          ) : null}
        </div>

        <aside className="offer-layout__side">
          <ApplyBox offer={{ slug: offer.slug, guid: offer.guid, title: offer.title, companyName: offer.companyName, applyUrl: offer.applyUrl, active, informationClause: offer.informationClause, futureConsent: offer.futureConsent ?? null, customConsent: offer.customConsent ?? null }} locale={locale} activeHref={categoryHref} salaryLabel={salaryLabel} lookalikes={lookalikes.slice(0, 6)} captcha={board.captcha} />
          {!expired ? <OfferMap offer={offer} locale={locale} /> : null}
          {story ? <CompanyTeaser story={story} locale={locale} /> : null}
          {banners.map((banner) => (
            <section key={banner.id} className={`card offer-banner offer-banner--${banner.kind}`} data-testid={`${banner.kind}-banner`} data-banner={banner.id}>
              <h2>{fill(banner.title[locale])}</h2>
              <p>{fill(banner.text[locale])}</p>
              <Link className="button button--small" href={bannerHref(banner, offer, config, locale)}>
                {banner.cta[locale]}
              </Link>
            </section>
          ))}
        </aside>
      </div>

      {lookalikes.length ? (
        <section aria-labelledby="lookalikes-heading" className="lookalikes">
          <h2 id="lookalikes-heading">{t('offer.lookalikes')}</h2>
          <ul className="offer-list" data-testid="lookalikes">
            {lookalikes.slice(0, 6).map((item) => (
              <li key={item.slug}>
                <OfferCard offer={item} locale={locale} display={display} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <Link href={paths.city(slugify(offer.city))}>← {t('nav.allOffers')}: {offer.city}</Link>
      </p>
    </article>
  );
}
