// The news module's public surface: the decorated service's type (app.news) for the back office's News area.

export type { EditorActor } from './editor.ts';
export type { NewsService } from './plugin.ts';
