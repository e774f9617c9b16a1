/**
 * The homepage's blog showcase (flag `blogShowcase`): the newest posts of the board's blog, each
 * linking to its page, and a link to all of them. Hidden when the board has no post to show.
 */
import Link from 'next/link';
import { paths } from '@/config/paths';
import type { Translator } from '@/i18n/translate';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/types';
import type { PostSummary } from '../api/posts';
import '../blog.css';

export function PostCard({ post, locale, t, headingLevel = 3 }: { post: PostSummary; locale: Locale; t: Translator; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="post-card" data-testid="post-card" lang={post.lang === locale ? undefined : post.lang}>
      {post.imageUrl ? <img className="post-card__image" src={post.imageUrl} alt="" loading="lazy" /> : null}
      <Heading className="post-card__title">
        <Link href={paths.blogPost(post.slug)}>{post.title}</Link>
      </Heading>
      <p className="post-card__date muted">
        <time dateTime={post.date}>{t('blog.published', { date: formatDate(post.date, locale) })}</time>
      </p>
      <p className="post-card__summary">{post.summary}</p>
    </article>
  );
}

export function BlogShowcase({ posts, locale, t }: { posts: PostSummary[]; locale: Locale; t: Translator }) {
  if (!posts.length) return null;
  return (
    <section aria-labelledby="blog-heading" className="section" data-testid="blog-showcase">
      <h2 id="blog-heading">{t('blog.showcase')}</h2>
      <ul className="post-grid">
        {posts.map((post) => (
          <li key={post.slug}>
            <PostCard post={post} locale={locale} t={t} />
          </li>
        ))}
      </ul>
      <p className="section__more">
        <Link href={paths.blog()} data-testid="blog-all">
          {t('blog.all')}
        </Link>
      </p>
    </section>
  );
}
