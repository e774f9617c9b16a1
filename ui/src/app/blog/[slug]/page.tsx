import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getConfig } from '@/features/config/api/get-config';
import { getPost } from '@/features/blog/api/posts';
import '@/features/blog/blog.css';
import { paths } from '@/config/paths';
import { blogEnabled } from '@/lib/flags';
import { formatDate } from '@/lib/format';
import { getTranslator } from '@/i18n/request';

type Props = { params: Promise<{ slug: string }> };

async function load(props: Props) {
  const [{ slug }, { locale, t }, config] = await Promise.all([props.params, getTranslator(), getConfig()]);
  if (!blogEnabled(config.featureFlags)) notFound();
  const post = await getPost(slug, locale);
  if (!post) notFound();
  return { post, locale, t };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { post } = await load(props);
  return { title: post.title, description: post.summary };
}

/** One post of the board's blog: its body is HTML the API rendered from Markdown and sanitised. */
export default async function BlogPostPage(props: Props) {
  const { post, locale, t } = await load(props);
  return (
    <article className="blog-post section" data-testid="blog-post" lang={post.lang === locale ? undefined : post.lang}>
      <p>
        <Link href={paths.blog()}>← {t('blog.back')}</Link>
      </p>
      <h1>{post.title}</h1>
      <p className="muted">
        <time dateTime={post.date}>{t('blog.published', { date: formatDate(post.date, locale) })}</time>
      </p>
      {post.lang === locale ? null : (
        <p className="muted" lang={locale} data-testid="blog-only-polish">
          {t('blog.onlyPolish')}
        </p>
      )}
      {post.imageUrl ? <img className="blog-post__image" src={post.imageUrl} alt="" /> : null}
      {/* Sanitised by the API (wakat_core::html, the one sanitiser), like offer descriptions. */}
      <div className="blog-post__body" dangerouslySetInnerHTML={{ __html: post.html }} />
    </article>
  );
}
