import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const PostsPage = lazy(() => import('./components/posts-page'));
const PostEditorPage = lazy(() => import('./components/post-editor-page'));
const CommentsPage = lazy(() => import('./components/comments-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [
    { path: 'news', element: <PostsPage /> },
    { path: 'news/new', element: <PostEditorPage /> },
    { path: 'news/:id', element: <PostEditorPage /> },
    { path: 'news-comments', element: <CommentsPage /> },
  ],
  nav: [
    { to: '/news', label: 'News', permission: 'news.write', order: 62 },
    { to: '/news-comments', label: 'Comments', permission: 'news.moderate', order: 63 },
  ],
};
