import Link from 'next/link';
import { getConfig } from '@/features/config/api/get-config';
import { homeCountSource } from '@/lib/flags';
import { getBrandStories, getCategoryCounts, getFavouriteOffers, getHomeCount, getMatchedOffers, getNewestOffers, getNewWithSalary, getPopularOffers, getTestimonials } from '@/features/home/api/get-home-data';
import { getPosts } from '@/features/blog/api/posts';
import { BlogShowcase } from '@/features/blog/components/blog-showcase';
import { PromotionLink } from '@/features/home/components/promotion-link';
import '@/features/home/home.css';
import { MatchedCard } from '@/features/home/components/matched-card';
import { getCandidate } from '@/lib/session-server';
import { CategoryIcon } from '@/components/ui/category-icon';
import { AllCategories, type CategoryEntry } from '@/features/home/components/all-categories';
import { Carousel, type CarouselTexts } from '@/features/home/components/carousel';
import { OfferTabs, type TabPanel } from '@/features/home/components/offer-tabs';
import { BLOG_SHOWCASE_SIZE, homeBanner, homeSections, homeTabs, NEW_OFFERS_LIST_SIZE, partnerCompanies } from '@/features/home/rules';
import { OfferCard } from '@/components/ui/offer-card';
import { StoryCard } from '@/features/brands/components/story-card';
import { SearchForm } from '@/components/ui/search-form';
import { getTranslator } from '@/i18n/request';
import { buildListHref, emptyFilters, withFilters } from '@/features/search/filters';
import { formatNumber } from '@/lib/format';
import { paths } from '@/config/paths';
import type { Offer } from '@/lib/types';

export default async function HomePage() {
  const [{ locale, t }, config] = await Promise.all([getTranslator(), getConfig()]);
  // The flagged sections: promotional hero, new offers list, blog showcase.
  const sections = homeSections(config.featureFlags, config.promotion);
  const [count, newest, popular, stories, testimonials, categoryCounts, newOffers, posts] = await Promise.all([
    getHomeCount(config.featureFlags, locale),
    getNewWithSalary(locale),
    getPopularOffers(locale),
    getBrandStories(locale, 100),
    getTestimonials(),
    getCategoryCounts(),
    sections.newOffers ? getNewestOffers(locale, NEW_OFFERS_LIST_SIZE) : null,
    sections.blog ? getPosts(locale, BLOG_SHOWCASE_SIZE) : null,
  ]);
  const flags = config.featureFlags;
  // A logged-in candidate's tabs (favourites, matched for you), fetched with their session.
  const candidate = flags.candidatePortalLogin ? await getCandidate() : null;
  const tabs = homeTabs(flags, candidate !== null);
  const [favourites, matched] = await Promise.all([
    tabs.includes('favoriteOffers') ? getFavouriteOffers(locale) : null,
    tabs.includes('matchedForYou') ? getMatchedOffers(locale) : null,
  ]);
  const categories = config.categories.filter((category) => category.slug !== 'it');
  const cityName = (city: (typeof config.topCities)[number]) => (locale === 'en' && city.nameEn ? city.nameEn : city.name);
  const carouselTexts: CarouselTexts = { role: t('home.carousel'), previous: t('home.previous'), next: t('home.next'), slide: t('home.slide') };
  const listHref = (changes: Parameters<typeof withFilters>[1]) => buildListHref(withFilters(emptyFilters(), changes), config, locale);
  const categoryEntries: CategoryEntry[] = categories.map((category) => ({
    slug: category.slug,
    icon: category.icon,
    label: category.label[locale],
    href: paths.category(category.slug),
    countLabel: categoryCounts ? t('home.categoryOffers', { count: categoryCounts[String(category.value)] ?? 0, n: formatNumber(categoryCounts[String(category.value)] ?? 0) }) : null,
    isNew: category.isNew,
    children: category.children.map((child) => ({ slug: child.slug, label: child.label[locale], href: paths.subcategory(category.slug, child.slug) })),
  }));

  const offerSlides = (offers: Offer[]) => offers.map((offer) => <OfferCard key={offer.slug} offer={offer} locale={locale} />);
  const tabContent: Record<string, Offer[] | undefined> = { newWithSalary: newest?.data, popular: popular?.data, favoriteOffers: favourites ?? undefined, matchedForYou: matched?.map((match) => match.offer) };
  const tabLinks: Record<string, string> = { newWithSalary: listHref({ withSalary: true, sort: 'newest' }), popular: paths.allOffers(), favoriteOffers: paths.favourites(), matchedForYou: paths.account() };
  const slidesOf = (tab: string) => (tab === 'matchedForYou' && matched ? matched.map((match) => <MatchedCard key={match.offer.slug} match={match} locale={locale} />) : offerSlides(tabContent[tab] ?? []));
  // A candidate with no match yet (no preferences) is told how to get some.
  const emptyTab = (tab: string) => tab === 'matchedForYou' && matched !== null && matched.length === 0;
  const panels: TabPanel[] = tabs
    .filter((tab) => tabContent[tab]?.length || emptyTab(tab))
    .map((tab) => ({
      id: tab,
      label: t(`home.tab.${tab}` as 'home.tab.popular'),
      content: emptyTab(tab) ? (
        <div className="empty-state" data-testid={`${tab}-empty`}>
          <p>{t('matched.empty')}</p>
          <Link className="button button--primary" href={`${paths.account()}#preferences`}>
            {t('account.goToProfile')}
          </Link>
        </div>
      ) : (
        <>
          <Carousel label={t(`home.tab.${tab}` as 'home.tab.popular')} texts={carouselTexts} testId={tab === 'newWithSalary' ? 'newest-offers' : `${tab}-offers`}>
            {slidesOf(tab)}
          </Carousel>
          <p className="section__more">
            <Link href={tabLinks[tab]}>{t('home.seeAll')}</Link>
          </p>
        </>
      ),
    }));
  const partners = partnerCompanies(stories ?? []);
  const banner = homeBanner(flags);
  const promotion = sections.promotion;
  // The image comes from the board's configuration (a site path or http(s) URL without quotes,
  // checked at start); the dark layer keeps the white text readable on any image.
  const heroStyle = promotion ? { backgroundImage: `linear-gradient(rgba(15, 18, 30, 0.62), rgba(15, 18, 30, 0.62)), url("${promotion.imageUrl}")` } : undefined;

  return (
    <div className="home">
      <section className={promotion ? 'hero hero--promotion' : 'hero'} aria-labelledby="hero-heading" style={heroStyle} data-testid={promotion ? 'promotional-hero' : undefined}>
        <h1 id="hero-heading">{t('home.heading')}</h1>
        <p className="hero__count" data-testid="offers-count">
          {t(homeCountSource(config.featureFlags) === 'allBoards' ? 'home.countAllBoards' : 'home.count', { count, n: formatNumber(count) })}
        </p>
        <SearchForm config={config} locale={locale} id="home-search" />
        {promotion ? (
          <p className="hero__promotion" data-testid="promotion">
            <strong>{promotion.headline[locale]}</strong>
            <PromotionLink href={promotion.link}>{promotion.linkLabel[locale]}</PromotionLink>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="categories-heading" className="section">
        <div className="section__head">
          <h2 id="categories-heading">{t('home.categories')}</h2>
          <AllCategories
            categories={categoryEntries}
            texts={{ open: t('home.allCategories'), title: t('home.allCategories'), close: t('home.close'), newLabel: t('offer.new') }}
          />
        </div>
        <Carousel label={t('home.categories')} texts={carouselTexts} testId="category-carousel" className="carousel-box--categories">
          {categoryEntries.map((category) => (
            <Link key={category.slug} className="category-tile" href={category.href}>
              <span className="category-tile__icon" aria-hidden="true">
                <CategoryIcon icon={category.icon} />
              </span>
              <span>
                {category.label}
                {category.countLabel ? <span className="category-tile__count">{category.countLabel}</span> : null}
              </span>
            </Link>
          ))}
        </Carousel>
      </section>

      {panels.length ? (
        <section aria-labelledby="offers-heading" className="section">
          <h2 id="offers-heading">{t('home.offers')}</h2>
          <OfferTabs label={t('home.offers')} panels={panels} testId="offer-tabs" />
        </section>
      ) : null}

      {newOffers?.data.length ? (
        <section aria-labelledby="new-offers-heading" className="section" data-testid="new-offers-list">
          <h2 id="new-offers-heading">{t('home.newOffers')}</h2>
          <ol className="offer-list">
            {newOffers.data.map((offer) => (
              <li key={offer.slug}>
                <OfferCard offer={offer} locale={locale} />
              </li>
            ))}
          </ol>
          <p className="section__more">
            <Link href={listHref({ sort: 'newest' })} data-testid="new-offers-all">
              {t('home.newOffersAll')}
            </Link>
          </p>
        </section>
      ) : null}

      {stories?.length ? (
        <section aria-labelledby="stories-heading" className="section">
          <h2 id="stories-heading">{t('home.stories')}</h2>
          <Carousel label={t('home.stories')} texts={carouselTexts} testId="story-carousel" className="carousel-box--stories">
            {stories.slice(0, 12).map((story) => (
              <StoryCard key={story.slug} story={story} t={t} />
            ))}
          </Carousel>
          <p className="section__more">
            <Link href={paths.brands()} data-testid="all-stories">
              {t('home.allStories')}
            </Link>
          </p>
        </section>
      ) : null}

      {banner === 'remote' ? (
        <section className="promo-banner" aria-labelledby="banner-heading" data-testid="remote-banner">
          <div>
            <h2 id="banner-heading">{t('home.remoteBanner')}</h2>
            <p>{t('home.remoteBannerText')}</p>
          </div>
          <Link className="button" href={listHref({ remote: true })}>
            {t('home.remoteBannerCta')}
          </Link>
        </section>
      ) : (
        <section className="promo-banner" aria-labelledby="banner-heading" data-testid="local-banner">
          <div>
            <h2 id="banner-heading">{t('home.localBanner')}</h2>
            <p>{t('home.localBannerText')}</p>
          </div>
          <ul className="pills">
            {config.topCities.slice(0, 6).map((city) => (
              <li key={city.slug}>
                <Link className="pill" href={paths.city(city.slug)}>
                  {cityName(city)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="section seo-links" aria-label={t('home.seoLinks')}>
        <div>
          <h2 id="seo-categories">{t('home.seoCategories')}</h2>
          <ul>
            {categories.map((category) => (
              <li key={category.slug}>
                <Link href={paths.category(category.slug)}>{t('home.jobsFor', { category: category.label[locale] })}</Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2>{t('home.seoCities')}</h2>
          <ul>
            {config.topCities.map((city) => (
              <li key={city.slug}>
                <Link href={paths.city(city.slug)}>{t('home.jobsIn', { city: cityName(city) })}</Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {posts ? <BlogShowcase posts={posts} locale={locale} t={t} /> : null}

      {partners.length ? (
        <section aria-labelledby="partners-heading" className="section">
          <h2 id="partners-heading">{t('home.partners')}</h2>
          <Carousel label={t('home.partners')} texts={carouselTexts} testId="partner-carousel" className="carousel-box--partners">
            {partners.map((company) => (
              <Link key={company.slug} className="partner" href={paths.brandStory(company.slug)}>
                <img src={company.logoUrl} alt="" width={56} height={56} />
                <span>{company.name}</span>
              </Link>
            ))}
          </Carousel>
        </section>
      ) : null}

      {testimonials?.length ? (
        <section aria-labelledby="testimonials-heading" className="section">
          <h2 id="testimonials-heading">{t('home.testimonials')}</h2>
          <Carousel label={t('home.testimonials')} texts={carouselTexts} testId="testimonial-carousel" className="carousel-box--testimonials">
            {testimonials.map((testimonial) => (
              <figure key={testimonial.name} className="testimonial">
                <blockquote>„{testimonial.quote[locale]}”</blockquote>
                <figcaption>
                  <strong>{testimonial.name}</strong>
                  <span className="muted">
                    {testimonial.role[locale]} · {testimonial.company}
                  </span>
                </figcaption>
              </figure>
            ))}
          </Carousel>
        </section>
      ) : null}
    </div>
  );
}
