import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getConfig } from '@/features/config/api/get-config';
import { getPosts } from '@/features/blog/api/posts';
import { PostCard } from '@/features/blog/components/blog-showcase';
import { blogEnabled } from '@/lib/flags';
import { getTranslator } from '@/i18n/request';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('blog.title'), description: t('blog.intro') };
}

/** Every post of the board's blog, newest first (flag `blogShowcase`; a 404 without it). */
export default async function BlogPage() {
  const [{ locale, t }, config] = await Promise.all([getTranslator(), getConfig()]);
  if (!blogEnabled(config.featureFlags)) notFound();
  const posts = await getPosts(locale, 50);
  if (posts === null) throw new Error('the blog posts could not be read');
  return (
    <div className="section" data-testid="blog-page">
      <h1>{t('blog.title')}</h1>
      <p className="muted">{t('blog.intro')}</p>
      <ul className="post-grid">
        {posts.map((post) => (
          <li key={post.slug}>
            <PostCard post={post} locale={locale} t={t} headingLevel={2} />
          </li>
        ))}
      </ul>
    </div>
  );
}
